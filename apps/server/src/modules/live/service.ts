import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { DataChangedBus } from '../../core/buses.ts';
import type { Database } from '../../core/db/schema.ts';
import type { IngestControl } from '../../core/ingest/control.ts';
import type { DatabaseCounter } from '../../core/rateLimit/store.ts';
import { type AuditEntryInput, type ConsoleActor, recordAudit } from '../operators/index.ts';
import { setStreamStatus } from '../schedule/repository.ts';
import { internalName, type LiveKeys, newStreamKey } from './keys.ts';
import type { LiveState, LiveStreamsTable } from './tables.ts';
import { Refusal } from '../../core/refusal.ts';

export type LiveRow = Selectable<LiveStreamsTable>;

/** Why a publish was refused (logged; nginx only hears 403). */
export type PublishRefusal = 'unknown_key' | 'event_over' | 'already_publishing' | 'too_many_refusals';

export type PublishAnswer = { ok: true; name: string; eventId: number; channelId: number } | { ok: false; reason: PublishRefusal };

/** A problem of a console call, answered `{ message, field, code }`. */
export class LiveProblem extends Refusal {
  override name = 'LiveProblem';
  declare readonly code: string;
}

export interface LiveServiceOptions {
  db: Database;
  keys: LiveKeys;
  dataChanged: DataChangedBus;
  /** The ingest's stat and control page; null when there is no ingest to ask. */
  control: IngestControl | null;
  counter: DatabaseCounter;
  graceSeconds: number;
  /** Refused publishes per address a minute before all from it are refused. */
  refusalLimit: number;
  log: { info(message: string): void; warn(message: string): void };
  /** Told when an event needs its packager (a publish, an end): the in-process worker looks at once. */
  nudge?: () => void;
  /** An event's signal starts afresh (its first key, or a re-seed after its end): its packaged media is removed. */
  onRestart?: (channelId: number, eventId: number) => Promise<void>;
  now?: () => number;
}

/** A second publisher within this time of the accepted one is refused even before nginx lists it. */
const PUBLISH_SETTLE_MS = 3000;
const REFUSAL_WINDOW_MS = 60_000;

/**
 * The live lifecycle (spec §8): the signal drives the event. A publish with the event's key makes
 * it live (or resumes it), a lost signal waits for its camera for the grace period, the producer's
 * end or the grace running out ends it, and the packaging worker turns it into its recording.
 * Every state is in the database, so every instance (and a packager on another machine) agrees.
 */
export class LiveService {
  readonly #o: LiveServiceOptions;
  readonly #now: () => number;

  constructor(options: LiveServiceOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  get keys(): LiveKeys {
    return this.#o.keys;
  }

  get graceSeconds(): number {
    return this.#o.graceSeconds;
  }

  async row(channelId: number, eventId: number, db: Database = this.#o.db): Promise<LiveRow | undefined> {
    return db.selectFrom('live_streams').selectAll().where('channel_id', '=', channelId).where('event_id', '=', eventId).executeTakeFirst();
  }

  /** The event's row, made with its first key when it has none (the live screen's first read, a demo camera). */
  async ensure(channelId: number, eventId: number): Promise<LiveRow> {
    const existing = await this.row(channelId, eventId);
    if (existing) return existing;
    const key = newStreamKey();
    const inserted = await this.#o.db
      .insertInto('live_streams')
      .values({ event_id: eventId, channel_id: channelId, key_hash: this.#o.keys.hash(key), key_sealed: this.#o.keys.seal(key) })
      .onConflict((c) => c.column('event_id').doNothing())
      .returning('event_id')
      .executeTakeFirst();
    // A new row is a new game: media left under the event's id by an earlier database (a fresh one
    // over kept media, a re-seed) is not its timeline.
    if (inserted) await this.#o.onRestart?.(channelId, eventId);
    return (await this.row(channelId, eventId))!;
  }

  /**
   * A seeded event made live again after its signal ended (a re-seed): its row and packaged media
   * go, so the demo camera starts a new game. Only for an ended signal of a live event.
   */
  async restart(channelId: number, eventId: number): Promise<LiveRow> {
    const removed = await this.#o.db
      .deleteFrom('live_streams')
      .where('channel_id', '=', channelId)
      .where('event_id', '=', eventId)
      .where('state', '=', 'ended')
      .where((w) => w.exists(w.selectFrom('events').select('id').where('id', '=', eventId).where('stream_status', '=', 'live')))
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return (await this.row(channelId, eventId)) ?? this.ensure(channelId, eventId);
    // Its new row clears the old game's media.
    return this.ensure(channelId, eventId);
  }

  /** The stream key in clear (producers and owners only see it). */
  keyOf(row: LiveRow): string {
    const key = this.#o.keys.open(row.key_sealed);
    if (key === null) throw new Error(`the stream key of event ${row.event_id} cannot be opened: was APP_SECRET changed?`);
    return key;
  }

  /** nginx's on_publish: the key's event goes live (or resumes), or the publish is refused. */
  async publish(input: { key: string; clientId: string; address: string }): Promise<PublishAnswer> {
    const limited = `live-publish-refused:${input.address}`;
    const refuse = async (reason: PublishRefusal): Promise<PublishAnswer> => {
      const { current } = await this.#o.counter.hit(limited, REFUSAL_WINDOW_MS);
      this.#o.log.warn(`ingest: publish refused from ${input.address} (${reason}${current > this.#o.refusalLimit ? ', over the limit' : ''})`);
      return { ok: false, reason };
    };
    // An address that keeps guessing is refused outright for the rest of the minute.
    const seen = await this.#o.db.selectFrom('rate_limit_hits').select(['hits']).where('key', '=', limited).where('expires_at', '>', sql<Date>`now()`).executeTakeFirst();
    if (seen && seen.hits >= this.#o.refusalLimit) return refuse('too_many_refusals');

    const hash = this.#o.keys.hash(input.key);
    let publishing: { name: string; active: boolean } | null = null;
    const candidate = await this.#o.db.selectFrom('live_streams').select(['channel_id', 'event_id', 'state']).where('key_hash', '=', hash).executeTakeFirst();
    if (!candidate) return refuse('unknown_key');
    if (candidate.state === 'live') {
      // nginx refuses a second publisher itself, but only after this answer: the row must not take its client id.
      const name = internalName(candidate.channel_id, candidate.event_id);
      try {
        const streams = this.#o.control ? await this.#o.control.streams() : null;
        publishing = { name, active: streams === null ? true : streams.some((s) => s.name === name && s.publisherId !== null) };
      } catch (error) {
        this.#o.log.warn(`ingest: stat page unreadable (${String(error)}); a second publisher is refused`);
        publishing = { name, active: true };
      }
    }
    const result = await this.#o.db.transaction().execute(async (tx) => {
      const row = await tx.selectFrom('live_streams').selectAll().where('key_hash', '=', hash).forUpdate().executeTakeFirst();
      if (!row) return { ok: false as const, reason: 'unknown_key' as const };
      const event = await tx.selectFrom('events').select(['stream_status', 'cancelled_at']).where('id', '=', row.event_id).where('channel_id', '=', row.channel_id).executeTakeFirst();
      if (!event || event.cancelled_at !== null || event.stream_status === 'finished' || row.state === 'ending' || row.state === 'ended') return { ok: false as const, reason: 'event_over' as const };
      if (row.state === 'live') {
        const settling = row.client_since !== null && this.#now() - new Date(row.client_since).getTime() < PUBLISH_SETTLE_MS;
        if (publishing?.active !== false || settling) return { ok: false as const, reason: 'already_publishing' as const };
      }
      const now = new Date(this.#now());
      await tx
        .updateTable('live_streams')
        .set({ state: 'live', client_id: input.clientId, publisher_addr: input.address, client_since: now, started_at: row.started_at ?? now, lost_at: null, runs: row.runs + 1 })
        .where('event_id', '=', row.event_id)
        .execute();
      if (event.stream_status === 'upcoming') await setStreamStatus(tx, row.channel_id, row.event_id, 'live');
      return { ok: true as const, name: internalName(row.channel_id, row.event_id), eventId: row.event_id, channelId: row.channel_id };
    });
    if (!result.ok) return refuse(result.reason);
    this.#o.log.info(`ingest: event ${result.eventId} publishing (client ${input.clientId})`);
    this.#o.dataChanged.emit(result.channelId);
    this.#o.nudge?.();
    return result;
  }

  /** nginx's on_publish_done: the accepted publisher left (a refused one's is ignored: its client id is not ours). */
  async publishDone(clientId: string): Promise<void> {
    const rows = await this.#o.db
      .updateTable('live_streams')
      .set({ state: 'lost', lost_at: new Date(this.#now()), client_id: null })
      .where('client_id', '=', clientId)
      .where('state', '=', 'live')
      .returning(['channel_id', 'event_id'])
      .execute();
    for (const row of rows) {
      this.#o.log.info(`ingest: event ${row.event_id} lost its signal; waiting ${this.#o.graceSeconds} s for the camera`);
      this.#o.dataChanged.emit(row.channel_id);
    }
  }

  /**
   * Once a sweep: ends the signals lost for longer than the grace period, and marks lost a signal
   * the ingest no longer has (nginx restarted, or its publish_done never came).
   */
  async sweep(): Promise<void> {
    const cutoff = new Date(this.#now() - this.#o.graceSeconds * 1000);
    const expired = await this.#o.db.selectFrom('live_streams').select(['channel_id', 'event_id']).where('state', '=', 'lost').where('lost_at', '<=', cutoff).execute();
    for (const row of expired) {
      this.#o.log.info(`live: event ${row.event_id} ended: its camera did not come back within ${this.#o.graceSeconds} s`);
      await this.end(row.channel_id, row.event_id, null);
    }
    if (!this.#o.control) return;
    const live = await this.#o.db.selectFrom('live_streams').select(['channel_id', 'event_id', 'client_id', 'client_since']).where('state', '=', 'live').execute();
    if (live.length === 0) return;
    let streams;
    try {
      streams = await this.#o.control.streams();
    } catch {
      return;
    }
    for (const row of live) {
      const name = internalName(row.channel_id, row.event_id);
      const settled = row.client_since === null || this.#now() - new Date(row.client_since).getTime() > PUBLISH_SETTLE_MS * 2;
      if (settled && !streams.some((s) => s.name === name && s.publisherId === row.client_id) && row.client_id !== null) await this.publishDone(row.client_id);
    }
  }

  /**
   * Ends the event's signal: the producer's "End event" (an actor: audited) or the grace period
   * (none). The publisher is cut; the packaging worker finishes the recording and the event.
   */
  async end(channelId: number, eventId: number, actor: ConsoleActor | null): Promise<LiveRow> {
    const ended = await this.#o.db.transaction().execute(async (tx) => {
      const row = await tx.selectFrom('live_streams').selectAll().where('channel_id', '=', channelId).where('event_id', '=', eventId).forUpdate().executeTakeFirst();
      if (!row || row.state === 'idle') throw new LiveProblem(409, 'id', 'NOT_LIVE', 'This event has no signal to end: no camera has published to it.');
      if (row.state === 'ending' || row.state === 'ended') return { row, changed: false };
      const after = await tx
        .updateTable('live_streams')
        .set({ state: 'ending', ended_at: new Date(this.#now()), client_id: null })
        .where('event_id', '=', eventId)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (actor) await this.#audit(tx, { actor, action: 'live.ended', subject: `event:${eventId}`, before: { state: row.state }, after: { state: 'ending' } });
      return { row: after, changed: true };
    });
    if (ended.changed) {
      await this.#drop(channelId, eventId);
      this.#o.dataChanged.emit(channelId);
      this.#o.nudge?.();
    }
    return ended.row;
  }

  /** The packager finished the recording (or there was nothing to record): the event is on demand. */
  async finished(channelId: number, eventId: number, recorded: boolean): Promise<void> {
    await this.#o.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('live_streams')
        .set({ state: 'ended', recording_ready_at: recorded ? new Date(this.#now()) : null, packager_id: null, packager_seen_at: null })
        .where('event_id', '=', eventId)
        .where('state', '=', 'ending')
        .execute();
      await setStreamStatus(tx, channelId, eventId, 'finished');
    });
    this.#o.dataChanged.emit(channelId);
  }

  /** A new key; the old one is refused at once and a publisher on it is cut. */
  async rotate(channelId: number, eventId: number, actor: ConsoleActor): Promise<LiveRow> {
    await this.ensure(channelId, eventId);
    const key = newStreamKey();
    const { row, wasLive } = await this.#o.db.transaction().execute(async (tx) => {
      const before = await tx.selectFrom('live_streams').selectAll().where('event_id', '=', eventId).where('channel_id', '=', channelId).forUpdate().executeTakeFirstOrThrow();
      const wasLive = before.state === 'live';
      const row = await tx
        .updateTable('live_streams')
        .set({
          key_hash: this.#o.keys.hash(key),
          key_sealed: this.#o.keys.seal(key),
          key_rotated_at: new Date(this.#now()),
          // The cut publisher's publish_done finds no row: the signal is lost now, its grace running.
          ...(wasLive ? { state: 'lost' as LiveState, lost_at: new Date(this.#now()), client_id: null } : {}),
        })
        .where('event_id', '=', eventId)
        .returningAll()
        .executeTakeFirstOrThrow();
      // The key itself is never written to the log.
      await this.#audit(tx, { actor, action: 'live.key_rotated', subject: `event:${eventId}`, before: { rotatedAt: before.key_rotated_at }, after: { rotatedAt: row.key_rotated_at } });
      return { row, wasLive };
    });
    if (wasLive) {
      await this.#drop(channelId, eventId);
      this.#o.dataChanged.emit(channelId);
    }
    return row;
  }

  async audit(entry: AuditEntryInput): Promise<void> {
    await this.#audit(this.#o.db, entry);
  }

  async #audit(db: Database, entry: AuditEntryInput): Promise<void> {
    await recordAudit(db, entry);
  }

  async #drop(channelId: number, eventId: number): Promise<void> {
    if (!this.#o.control) return;
    try {
      await this.#o.control.dropPublisher(internalName(channelId, eventId));
    } catch (error) {
      this.#o.log.warn(`ingest: could not cut the publisher of event ${eventId}: ${String(error)}`);
    }
  }
}

import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { Database } from '../../core/db/schema.ts';
import type { ClipUsage } from './rules.ts';

/** A clip row as the routes use it. */
export interface ClipRow {
  id: number;
  channel_id: number;
  user_id: number | null;
  event_id: number;
  uuid: string;
  name: string;
  start_time: number;
  duration: number;
  tags: string[];
  status: string;
  failure_reason: string | null;
  live: boolean;
  created_at: Date;
  ready_at: Date | null;
}

export interface NewClip {
  channelId: number;
  userId: number;
  eventId: number;
  name: string;
  startTime: number;
  duration: number;
  tags: string[];
  live: boolean;
}

const CLIP_COLUMNS = ['id', 'channel_id', 'user_id', 'event_id', 'uuid', 'name', 'start_time', 'duration', 'tags', 'status', 'failure_reason', 'live', 'created_at', 'ready_at'] as const;

const DAY = sql`interval '24 hours'`;

function toRow(row: Omit<ClipRow, 'start_time' | 'duration'> & { start_time: number | string; duration: number | string }): ClipRow {
  return { ...row, start_time: Number(row.start_time), duration: Number(row.duration), tags: Array.isArray(row.tags) ? row.tags : [] };
}

/**
 * Viewers' clips and downloads (spec §3 Clip, §6 counters, §7 Clips). Every read is scoped by the
 * key's channel and, but for a shared clip, by its viewer: another channel's or another viewer's
 * clip is not found. A limit is checked and used in one transaction holding the viewer's row, so
 * two tabs asking at once cannot both take the last one (architecture: stateless instances).
 */
export class ClipsRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /**
   * Stores a clip and its job, unless the viewer holds `limits.clips` clips already ('clips'),
   * asked for `limits.secondsPerDay` seconds of clips in the last 24 hours ('seconds'), or, for a
   * paid event (`perPaidEvent` not null), holds that many clips of this event ('event').
   */
  async create(clip: NewClip, limits: { clips: number; secondsPerDay: number; perPaidEvent: number | null }): Promise<ClipRow | 'clips' | 'seconds' | 'event'> {
    return this.#db.transaction().execute(async (tx) => {
      await tx.selectFrom('users').select('id').where('channel_id', '=', clip.channelId).where('id', '=', clip.userId).forUpdate().executeTakeFirst();
      if ((await heldBy(tx, clip.channelId, clip.userId)) >= limits.clips) return 'clips';
      if (limits.perPaidEvent !== null && (await heldBy(tx, clip.channelId, clip.userId, clip.eventId)) >= limits.perPaidEvent) return 'event';
      if ((await secondsToday(tx, clip.channelId, clip.userId)) + clip.duration > limits.secondsPerDay) return 'seconds';
      const row = await tx
        .insertInto('clips')
        .values({
          channel_id: clip.channelId,
          user_id: clip.userId,
          event_id: clip.eventId,
          name: clip.name,
          start_time: clip.startTime,
          duration: clip.duration,
          tags: JSON.stringify(clip.tags),
          status: 'queued',
          live: clip.live,
        })
        .returning(CLIP_COLUMNS)
        .executeTakeFirstOrThrow();
      await tx.insertInto('clip_jobs').values({ clip_id: row.id, channel_id: clip.channelId }).execute();
      await tx.insertInto('clip_requests').values({ channel_id: clip.channelId, user_id: clip.userId, seconds: clip.duration }).execute();
      return toRow(row);
    });
  }

  /** The viewer's clips, newest first, of one event or all of them, and how many there are. */
  async list(channelId: number, userId: number, options: { eventId?: number; offset: number; limit: number }): Promise<{ rows: ClipRow[]; total: number }> {
    let query = this.#db.selectFrom('clips').where('channel_id', '=', channelId).where('user_id', '=', userId);
    if (options.eventId !== undefined) query = query.where('event_id', '=', options.eventId);
    const [rows, count] = await Promise.all([
      query.select(CLIP_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').offset(options.offset).limit(options.limit).execute(),
      query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(toRow), total: Number(count.n) };
  }

  /** One of the viewer's clips. */
  async find(channelId: number, userId: number, id: number): Promise<ClipRow | undefined> {
    const row = await this.#db.selectFrom('clips').select(CLIP_COLUMNS).where('channel_id', '=', channelId).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    return row && toRow(row);
  }

  /** A ready clip of the channel by its share id, whoever made it. */
  async findShared(channelId: number, uuid: string): Promise<ClipRow | undefined> {
    const row = await this.#db.selectFrom('clips').select(CLIP_COLUMNS).where('channel_id', '=', channelId).where('uuid', '=', uuid).where('status', '=', 'ready').executeTakeFirst();
    return row && toRow(row);
  }

  /**
   * Deletes one of the viewer's clips and its job; the deleted row, or undefined.
   * The job goes first, in its own statement: the queue locks a job row and then its clip, so a
   * delete locking the clip first (and its job by cascade) deadlocks against a settling worker on
   * PostgreSQL. In the queue's order the delete waits for the worker instead.
   */
  async delete(channelId: number, userId: number, id: number): Promise<ClipRow | undefined> {
    return this.#db.transaction().execute(async (tx) => {
      await tx
        .deleteFrom('clip_jobs')
        .where('clip_id', '=', (eb) => eb.selectFrom('clips').select('id').where('channel_id', '=', channelId).where('user_id', '=', userId).where('id', '=', id))
        .execute();
      const row = await tx.deleteFrom('clips').where('channel_id', '=', channelId).where('user_id', '=', userId).where('id', '=', id).returning(CLIP_COLUMNS).executeTakeFirst();
      return row && toRow(row);
    });
  }

  /**
   * Deletes every clip of the viewer and their jobs (their account is deleted); the deleted rows,
   * whose files the caller removes. Jobs first, in the queue's lock order, as `delete`.
   */
  async deleteAllOf(channelId: number, userId: number): Promise<ClipRow[]> {
    const remove = async (tx: Database) => {
      await tx
        .deleteFrom('clip_jobs')
        .where('clip_id', 'in', (eb) => eb.selectFrom('clips').select('id').where('channel_id', '=', channelId).where('user_id', '=', userId))
        .execute();
      const rows = await tx.deleteFrom('clips').where('channel_id', '=', channelId).where('user_id', '=', userId).returning(CLIP_COLUMNS).execute();
      return rows.map(toRow);
    };
    // Inside the caller's transaction when there is one (an account's deletion and its audit line).
    return this.#db.isTransaction ? remove(this.#db) : this.#db.transaction().execute(remove);
  }

  /** The events the viewer has clips of, newest clip first. */
  async eventIdsWithClips(channelId: number, userId: number, limit: number): Promise<number[]> {
    const rows = await this.#db
      .selectFrom('clips')
      .select(['event_id', (eb) => eb.fn.max('created_at').as('latest')])
      .where('channel_id', '=', channelId)
      .where('user_id', '=', userId)
      .groupBy('event_id')
      .orderBy('latest', 'desc')
      .orderBy('event_id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.event_id);
  }

  async usage(channelId: number, userId: number): Promise<ClipUsage> {
    const [clips, downloads] = await Promise.all([heldBy(this.#db, channelId, userId), downloadsToday(this.#db, channelId, userId)]);
    return { clips, downloads };
  }

  /** Counts one download, unless the viewer made `limit` in the last 24 hours (then false). */
  async recordDownload(input: { channelId: number; userId: number; kind: 'clip' | 'event'; clipId?: number; eventId: number }, limit: number): Promise<boolean> {
    return this.#db.transaction().execute(async (tx) => {
      await tx.selectFrom('users').select('id').where('channel_id', '=', input.channelId).where('id', '=', input.userId).forUpdate().executeTakeFirst();
      if ((await downloadsToday(tx, input.channelId, input.userId)) >= limit) return false;
      await tx
        .insertInto('clip_downloads')
        .values({ channel_id: input.channelId, user_id: input.userId, kind: input.kind, clip_id: input.clipId ?? null, event_id: input.eventId })
        .execute();
      return true;
    });
  }
}

/** Clips the viewer holds: a failed one is no clip and takes no place (spec §6: deleting frees one). */
async function heldBy(db: Database, channelId: number, userId: number, eventId?: number): Promise<number> {
  let query = db
    .selectFrom('clips')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('channel_id', '=', channelId)
    .where('user_id', '=', userId)
    .where('status', '<>', 'failed');
  if (eventId !== undefined) query = query.where('event_id', '=', eventId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

async function secondsToday(db: Database, channelId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('clip_requests')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('seconds'), eb.lit(0)).as('s'))
    .where('channel_id', '=', channelId)
    .where('user_id', '=', userId)
    .where('created_at', '>', sql<Date>`now() - ${DAY}`)
    .executeTakeFirstOrThrow();
  return Number(row.s);
}

async function downloadsToday(db: Database, channelId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('clip_downloads')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('channel_id', '=', channelId)
    .where('user_id', '=', userId)
    .where('created_at', '>', sql<Date>`now() - ${DAY}`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** `app.clipsRepository`: built once on the app's database. */
export default fp(
  async (app) => {
    app.decorate('clipsRepository', new ClipsRepository(app.db));
  },
  { name: 'clips-repository', dependencies: ['db'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    clipsRepository: ClipsRepository;
  }
}

import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { Database } from '../../core/db/schema.ts';
import { EventPackager } from '../../core/media/packager/index.ts';
import { PACKAGER_HEARTBEAT_MS, PACKAGER_STALE_MS } from './config.ts';
import { internalName } from './keys.ts';
import type { LiveService } from './service.ts';

export interface PackagingWorkerOptions {
  db: Database;
  service: LiveService;
  mediaDir: string;
  ffmpegPath?: string;
  /** The ingest's pull address (`INGEST_PULL_URL`): a stream is `<pullUrl>/<internal name>`. */
  pullUrl: string;
  /** The channel's slug (its media folder) and whether it packages a ladder; null for a channel this process does not know. */
  channelOf(channelId: number): { slug: string; ladder: boolean } | null;
  log: { info(message: string): void; warn(message: string): void };
  /** How often it looks for work and tells the database it holds its events (default 1 s; at most the heartbeat). */
  intervalMs?: number;
  /** The packager's poll (tests shorten it). */
  packagerPollMs?: number;
}

export interface PackagingWorker {
  readonly id: string;
  /** Looks for work now (a publish or an end just happened in this process). */
  nudge(): void;
  /** The events it packages now (tests, diagnostics). */
  events(): number[];
  /** Stops every run without a recording (another worker continues the runs) and releases the events. */
  stop(): Promise<void>;
}

interface Held {
  packager: EventPackager;
  channelId: number;
  finishing: Promise<void> | null;
}

/**
 * The packaging worker: claims the events whose signal is live, lost or ending and that no live
 * worker holds (its heartbeat older than 10 s), pulls each camera's stream from the ingest into
 * the event's packager (B's `EventPackager`: HLS with the DVR window), and on the end has it write
 * the recording, then marks the event on demand. Any number of workers share the database: in the
 * server's process (`PACKAGER=in-process`) or `cli.ts packager` on other machines with the same
 * database and media storage.
 */
export function startPackagingWorker(options: PackagingWorkerOptions): PackagingWorker {
  const id = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const held = new Map<number, Held>();
  const interval = Math.min(options.intervalMs ?? 1000, PACKAGER_HEARTBEAT_MS);
  let stopping = false;
  let running: Promise<void> | null = null;
  let again = false;

  const tick = async () => {
    const stale = new Date(Date.now() - PACKAGER_STALE_MS);
    const claimed = await options.db
      .updateTable('live_streams')
      .set({ packager_id: id, packager_seen_at: sql<Date>`now()` })
      .where('state', 'in', ['live', 'lost', 'ending'])
      .where((w) => w.or([w('packager_id', 'is', null), w('packager_id', '=', id), w('packager_seen_at', '<', stale)]))
      .returning(['event_id', 'channel_id', 'state'])
      .execute();
    const mine = new Set(claimed.map((row) => row.event_id));
    for (const row of claimed) {
      const channel = options.channelOf(row.channel_id);
      if (!channel) continue;
      let entry = held.get(row.event_id);
      if (!entry) {
        entry = {
          packager: new EventPackager({ mediaDir: options.mediaDir, channelSlug: channel.slug, eventId: row.event_id, ffmpegPath: options.ffmpegPath, ladder: channel.ladder, log: options.log, pollMs: options.packagerPollMs }),
          channelId: row.channel_id,
          finishing: null,
        };
        held.set(row.event_id, entry);
      }
      const { packager } = entry;
      if (row.state === 'live' && !packager.running) {
        await packager.startRun(`${options.pullUrl.replace(/\/+$/, '')}/${internalName(row.channel_id, row.event_id)}`).catch((error: unknown) => options.log.warn(`packager ${row.event_id}: ${String(error)}`));
      }
      if (row.state === 'live' && packager.running) await packager.health().catch(() => null);
      if (row.state === 'ending' && !entry.finishing) {
        const finishing = entry;
        finishing.finishing = packager
          .finish()
          .then(
            // A camera that never sent a segment leaves no recording: the event ends all the same.
            (info) => options.service.finished(row.channel_id, row.event_id, info.durationS > 0),
            (error: unknown) => {
              // Nothing was recorded (the camera never sent a segment): the event still ends.
              options.log.warn(`packager ${row.event_id}: no recording (${String(error)})`);
              return options.service.finished(row.channel_id, row.event_id, false);
            },
          )
          .catch((error: unknown) => options.log.warn(`live: finishing event ${row.event_id} failed: ${String(error)}`))
          .finally(() => held.delete(row.event_id));
      }
    }
    // Taken over by another worker, or no longer live: let go.
    for (const [eventId, entry] of held) {
      if (!mine.has(eventId) && !entry.finishing) {
        held.delete(eventId);
        await entry.packager.close().catch(() => {});
      }
    }
  };

  const run = () => {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    running = tick()
      .catch((error: unknown) => options.log.warn(`packaging worker: ${String(error)}`))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, interval);
  timer.unref();
  run();

  return {
    id,
    nudge: run,
    events: () => [...held.keys()],
    async stop() {
      stopping = true;
      clearInterval(timer);
      await running;
      await Promise.all([...held.values()].map((entry) => entry.finishing ?? entry.packager.close().catch(() => {})));
      held.clear();
      await options.db.updateTable('live_streams').set({ packager_id: null, packager_seen_at: null }).where('packager_id', '=', id).execute();
    },
  };
}

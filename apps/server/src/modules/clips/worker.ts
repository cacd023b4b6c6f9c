import type { Database } from '../../core/db/schema.ts';
import type { MediaStorage } from '../../core/media/storage/index.ts';
import type { ClipMedia } from './cutter.ts';
import { ClipQueue, DEFAULT_CLIP_WORKERS } from './queue.ts';

export interface ClipWorkerOptions {
  db: Database;
  media: ClipMedia;
  mediaDir: string;
  /** Where a finished clip is put (`MEDIA_STORAGE`); default: its folder in the media dir. */
  storage?: MediaStorage;
  ffmpegPath?: string;
  /** Clips cut at once (`CLIP_WORKERS`); 0 means the default here, since cutting is this process's only job. */
  workers: number;
  /** How long a claimed job stays with this process after its last renewal (`CLIP_LEASE`; default 30 s). */
  leaseMs?: number;
  log: (message: string) => void;
}

/**
 * `node src/cli.ts worker`: the clip queue without HTTP, beside servers that run with
 * `CLIP_WORKERS=0` (or as extra hands). `stop` lets the cuts under way finish for a few seconds,
 * then hands the rest back to the queue for another process.
 */
export function startClipWorker(options: ClipWorkerOptions): { queue: ClipQueue; stop: (graceMs?: number) => Promise<void> } {
  const concurrency = options.workers > 0 ? options.workers : DEFAULT_CLIP_WORKERS;
  const queue = new ClipQueue({
    db: options.db,
    media: options.media,
    mediaDir: options.mediaDir,
    storage: options.storage,
    ffmpegPath: options.ffmpegPath,
    concurrency,
    ...(options.leaseMs === undefined ? {} : { leaseMs: options.leaseMs }),
    log: { info: options.log, warn: options.log },
  });
  queue.start();
  // The queue's timers do not hold a process open; this one does, until the worker stops.
  const alive = setInterval(() => undefined, 60_000);
  options.log(`clip worker: cutting up to ${concurrency} clips at once`);
  return {
    queue,
    async stop(graceMs) {
      const busy = queue.busy;
      clearInterval(alive);
      await queue.close({ graceMs });
      options.log(`clip worker stopped (${busy} cut${busy === 1 ? '' : 's'} under way: ${queue.stats.released} handed back)`);
    },
  };
}

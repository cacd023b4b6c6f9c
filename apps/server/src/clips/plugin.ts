import fp from 'fastify-plugin';
import { type ClipMedia, loadClipMedia } from './cutter.ts';
import { removeStaleClipWork } from '../media/clip.ts';
import { ClipQueue, type ClipQueueOptions, DEFAULT_CLIP_WORKERS } from './queue.ts';

export interface ClipsPluginOptions {
  /** Clips cut at once by this process (`CLIP_WORKERS`, default 2); 0: it only queues them, a `cli.ts worker` cuts. */
  workers?: number;
  /**
   * The media part's clip functions. Default: `src/media/clip.ts`, imported at start; null (or a
   * build without that module): clips are refused as unavailable.
   */
  media?: ClipMedia | null;
  /** The queue's timings (tests shorten them). */
  queue?: Partial<Pick<ClipQueueOptions, 'leaseMs' | 'limitMs' | 'maxAttempts' | 'pollMs' | 'retryDelayMs'>>;
  /** How long closing the app lets cuts under way finish before handing them back. */
  stopGraceMs?: number;
}

export interface ClipsService {
  /** null when this build cannot cut clips. */
  readonly media: ClipMedia | null;
  /** The queue (null without media); it cuts only in a process with workers. */
  readonly queue: ClipQueue | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Viewer clips (src/clips/): the media part and the queue. */
    clips: ClipsService;
  }
}

/**
 * Viewer clips: the durable queue runs in the server by default (`CLIP_WORKERS` at a time), from
 * when the app is ready until it closes; closing lets cuts under way finish or hands them back.
 */
export default fp<ClipsPluginOptions>(
  async (app, options) => {
    let media = options.media;
    if (media === undefined) {
      media = await loadClipMedia();
    }
    const queue =
      media === null
        ? null
        : new ClipQueue({
            db: app.db,
            media,
            mediaDir: app.media.dir,
            ffmpegPath: app.media.ffmpegPath,
            concurrency: options.workers ?? DEFAULT_CLIP_WORKERS,
            ...options.queue,
            log: { info: (message) => app.log.info(message), warn: (message) => app.log.warn(message) },
          });
    app.decorate('clips', { media, queue } satisfies ClipsService);
    app.addHook('onReady', async () => {
      // What a cut left when its process died (a crash, a kill -9) goes before new cuts start.
      if (queue && (options.workers ?? DEFAULT_CLIP_WORKERS) > 0) await removeStaleClipWork(app.media.dir);
      queue?.start();
    });
    app.addHook('onClose', async () => queue?.close({ graceMs: options.stopGraceMs }));
  },
  { name: 'clips', dependencies: ['db', 'media'] },
);

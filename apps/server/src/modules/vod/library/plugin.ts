import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { noticesOf } from '../../../core/db/notices.ts';
import { DEFAULT_LADDER, type Rendition } from '../../../core/media/transcode.ts';
import { recordAudit, registerConsoleRoutes } from '../../operators/index.ts';
import { DEFAULT_TRANSCODE_WORKERS, DEFAULT_UPLOAD_EXPIRY_MS, DEFAULT_UPLOAD_MAX_BYTES, DEFAULT_UPLOAD_QUOTA_BYTES, DEFAULT_UPLOAD_SWEEP_MS } from './config.ts';
import { TranscodeQueue } from './queue.ts';
import { LibraryRepository } from './repository.ts';
import { LIBRARY_ROLES, libraryRoutes } from './routes.ts';
import { LIBRARY_CHANGED_CHANNEL } from './notice.ts';
import { type UploadLimits, uploadsRoutes } from './uploads.ts';

export interface LibraryPluginOptions {
  /** Upload limits (`LIBRARY_UPLOAD_MAX_MB`, `LIBRARY_UPLOAD_QUOTA_MB`, `LIBRARY_UPLOAD_EXPIRY`). */
  limits?: Partial<UploadLimits>;
  /** The uploads' folder. Default: `.uploads` in the media dir. */
  uploadsDir?: string;
  /** The rendition ladder (`LIBRARY_LADDER`). */
  ladder?: readonly Rendition[];
  /** Transcodes at once in this process (`LIBRARY_TRANSCODE_WORKERS`); 0: none. */
  workers?: number;
  /** The queue's look and lease (tests: short). */
  pollMs?: number;
  leaseMs?: number;
  sweepMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The library's transcode queue (tests wait on it). */
    libraryQueue: TranscodeQueue;
    /** Removes abandoned uploads now; how many. */
    sweepLibraryUploads: () => Promise<number>;
  }
}

/**
 * The control room's library (spec §1, §3): resumable uploads, the durable transcode queue, the
 * items' and prerolls' console calls under /api/console/library.
 */
export default fp<LibraryPluginOptions>(
  async (app, options) => {
    const mediaDir = app.media.dir;
    const ffmpegPath = app.media.ffmpegPath;
    const uploadsDir = options.uploadsDir ?? join(mediaDir, '.uploads');
    await mkdir(uploadsDir, { recursive: true });
    const limits: UploadLimits = {
      maxBytes: options.limits?.maxBytes ?? DEFAULT_UPLOAD_MAX_BYTES,
      quotaBytes: options.limits?.quotaBytes ?? DEFAULT_UPLOAD_QUOTA_BYTES,
      expiryMs: options.limits?.expiryMs ?? DEFAULT_UPLOAD_EXPIRY_MS,
    };
    const queue = new TranscodeQueue({
      db: app.db,
      mediaDir,
      uploadsDir,
      ladder: options.ladder ?? DEFAULT_LADDER,
      ffmpegPath,
      concurrency: options.workers ?? DEFAULT_TRANSCODE_WORKERS,
      ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
      ...(options.leaseMs !== undefined ? { leaseMs: options.leaseMs } : {}),
      onReady: (channelId) => app.dataChanged.emit(channelId),
      log: app.log,
    });
    const uploads = uploadsRoutes({
      db: app.db,
      dir: uploadsDir,
      limits,
      writers: LIBRARY_ROLES,
      ffmpegPath,
      onQueued: () => queue.wake(),
      languageOf: (channelId) => (app.channels.byId(channelId)?.config.language === 'fr' ? 'fr' : 'en'),
    });
    // Another instance's change of a channel's library drops this one's caches too, within moments.
    const listen = noticesOf(app.db);
    if (listen) {
      const subscription = listen(LIBRARY_CHANGED_CHANNEL, {
        notice: (payload) => {
          const channelId = Number(payload);
          if (Number.isSafeInteger(channelId)) app.dataChanged.emit(channelId);
        },
        live: () => {},
        error: (error) => app.log.warn({ err: error }, "not hearing of other instances' library changes until the connection is back"),
      });
      app.addHook('onClose', async () => subscription.close());
      await subscription.ready;
    }
    const repository = new LibraryRepository(app.db, recordAudit);
    await registerConsoleRoutes(app, [
      async (scope) => {
        // A change this instance made drops its own caches at once (other instances hear the database's notice).
        scope.addHook('onResponse', async (request, reply) => {
          if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 300 && request.consoleActor) app.dataChanged.emit(request.consoleActor.channelId);
        });
        await scope.register(uploads.routes);
        await scope.register(libraryRoutes({ repository, mediaDir, limits, ffmpegPath }));
      },
    ]);
    app.decorate('libraryQueue', queue);
    app.decorate('sweepLibraryUploads', uploads.sweep);
    const sweeper = setInterval(() => void uploads.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'library uploads sweep failed')), options.sweepMs ?? DEFAULT_UPLOAD_SWEEP_MS);
    sweeper.unref();
    app.addHook('onReady', async () => queue.start());
    app.addHook('onClose', async () => {
      clearInterval(sweeper);
      await queue.close();
    });
  },
  { name: 'library', dependencies: ['db', 'buses', 'operators'] },
);

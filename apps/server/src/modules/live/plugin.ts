import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { LiveSignal } from '@grandstand/contract';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { ingestControl } from '../../core/ingest/control.ts';
import { ManagedIngest } from '../../core/ingest/nginx.ts';
import { liveDirOf } from '../../core/media/packager/index.ts';
import { repoRoot } from '../../core/paths.ts';
import { databaseCounter } from '../../core/rateLimit/store.ts';
import { registerConsoleRoutes } from '../operators/index.ts';
import { DemoCameras, type DemoCameraEvent } from './cameras.ts';
import { defaultLiveConfig, type LiveConfig } from './config.ts';
import { liveKeys } from './keys.ts';
import { consoleLiveRoutes, ingestCallbackRoutes } from './routes.ts';
import { LiveService } from './service.ts';
import { type PackagingWorker, startPackagingWorker } from './worker.ts';

export interface LivePluginOptions extends Partial<LiveConfig> {
  /** The app secret: stream keys are hashed and sealed with it, the callbacks' token derived from it. Default: random (tests). */
  secret?: string | Uint8Array;
  /** The media directory the packagers write to. Default `<repo>/.data/media`. */
  mediaDir?: string;
  /** Where a managed nginx keeps its configuration and pid. Default `<repo>/.data/ingest`. */
  ingestDir?: string;
  ffmpegPath?: string;
  /** The packagers' poll, ms (tests shorten it). */
  packagerPollMs?: number;
}

export interface LiveModule {
  service: LiveService;
  cameras: DemoCameras;
  config: LiveConfig;
  /** The in-process packaging worker, when this process packages. */
  worker: PackagingWorker | null;
  /** The managed nginx, when this process runs it. */
  ingest: ManagedIngest | null;
  /** A seeded live event's demo camera, on a viewer's first stream request (`DEMO_CAMERAS=on-demand`). */
  demandCamera(event: DemoCameraEvent & { origin: string }): Promise<void>;
  /** A live event's camera for its viewers (`EventDetail.live_signal`): none yet, publishing, or lost within the grace period. */
  signalOf(channelId: number, eventId: number): Promise<LiveSignal>;
  /** Resolves true once the event's live playlist exists, false after `timeoutMs`. */
  waitForPlaylist(slug: string, eventId: number, timeoutMs: number): Promise<boolean>;
}

/** How often, with eager demo cameras, the seeded live events are checked for a camera. */
const DEMO_CHECK_MS = 15_000;

/**
 * Live from a camera (spec §8): the ingest (nginx's RTMP module, run by this process or on its own
 * machine), its callbacks, the lifecycle's sweep, the packaging worker, the demo's cameras and the
 * control room's live screen.
 */
export default fp<LivePluginOptions>(
  async (app, options) => {
    const config: LiveConfig = { ...defaultLiveConfig(8080), ...Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) } as LiveConfig;
    const secret = options.secret ?? randomBytes(32);
    const mediaDir = options.mediaDir ?? join(repoRoot, '.data', 'media');
    const keys = liveKeys(secret);
    const log = { info: (message: string) => app.log.info(message), warn: (message: string) => app.log.warn(message) };
    const control = config.ingest === 'off' ? null : ingestControl(config.controlUrl);
    let worker: PackagingWorker | null = null;
    const service = new LiveService({
      db: app.db,
      keys,
      dataChanged: app.dataChanged,
      control,
      counter: databaseCounter(app.db),
      graceSeconds: config.graceSeconds,
      refusalLimit: config.refusalLimit,
      log,
      nudge: () => worker?.nudge(),
      onRestart: async (channelId, eventId) => {
        const channel = app.channels.byId(channelId);
        if (channel) await rm(liveDirOf(mediaDir, channel.config.slug, eventId), { recursive: true, force: true });
      },
    });
    const cameras = new DemoCameras({ service, ingestUrl: config.pullUrl, ffmpegPath: options.ffmpegPath, log });
    const ingest =
      config.ingest === 'managed'
        ? new ManagedIngest({
            rtmpHost: config.rtmpHost,
            rtmpPort: config.rtmpPort,
            httpHost: '127.0.0.1',
            httpPort: config.httpPort,
            callbackUrl: config.callbackUrl,
            callbackToken: keys.callbackToken,
            playAllow: config.playAllow,
            dir: options.ingestDir ?? join(repoRoot, '.data', 'ingest'),
            log,
          })
        : null;

    const seededLive = async (channelIds: readonly number[]) =>
      app.db
        .selectFrom('events as e')
        .leftJoin('live_streams as l', 'l.event_id', 'e.id')
        .select(['e.id', 'e.channel_id', 'e.name', 'e.time_zone'])
        .where('e.channel_id', 'in', channelIds)
        .where('e.stream_status', '=', 'live')
        .where('e.origin', '=', 'seed')
        .where('e.cancelled_at', 'is', null)
        .where((w) => w.or([w('l.state', 'is', null), w('l.state', '!=', 'ending')]))
        .orderBy('e.id')
        .execute();
    // Eager demo cameras start per channel, on the channel's first request (its site, its API), not
    // for every channel at boot: a thousand channels on one instance start no camera of a channel no
    // one visits. From then on the channel's seeded live events are checked every DEMO_CHECK_MS.
    const inUse = new Set<number>();
    const startDemoCameras = async (channelIds: readonly number[]) => {
      // A suspended channel hands out no stream: its demo cameras stay off until it is restored.
      const active = channelIds.filter((id) => app.channels.byId(id)?.status === 'active');
      if (active.length === 0) return;
      for (const event of await seededLive(active)) await cameras.ensure({ channelId: event.channel_id, eventId: event.id, name: event.name, timeZone: event.time_zone });
    };
    const eager = config.demoCameras === 'eager' && config.ingest !== 'off';
    let listening = false;
    const checkDemoCameras = (channelIds: readonly number[]) => void startDemoCameras(channelIds).catch((error: unknown) => log.warn(`demo cameras: ${String(error)}`));
    if (eager) {
      // A hook with a callback, not a promise: it runs on every request.
      app.addHook('preHandler', (request, _reply, done) => {
        const channelId = request.channelId || request.hostChannel?.id;
        if (channelId && !inUse.has(channelId)) {
          inUse.add(channelId);
          // Cameras publish once the server listens (the ingest calls it back before it lets one in).
          if (listening) checkDemoCameras([channelId]);
        }
        done();
      });
    }

    // Every viewer of a live game asks its detail every few seconds (the watch page follows the
    // camera): one read of the table per game and second, whatever the audience. A change of state
    // on this instance drops it at once; another instance's within the second.
    const signals = new LRUCache<string, LiveSignal>({ max: 10_000, ttl: 1000 });
    const stopClearing = app.dataChanged.on(() => signals.clear());
    app.addHook('onClose', async () => stopClearing());
    const readSignal = async (channelId: number, eventId: number): Promise<LiveSignal> => {
      const row = await app.db.selectFrom('live_streams').select('state').where('channel_id', '=', channelId).where('event_id', '=', eventId).executeTakeFirst();
      if (!row || row.state === 'idle') return 'waiting';
      // Being ended by the producer: the event turns finished within moments, and its viewers
      // should not be told the camera will be back in a moment meanwhile.
      return row.state === 'live' || row.state === 'ending' ? 'on' : 'lost';
    };
    const module: LiveModule = {
      service,
      cameras,
      config,
      get worker() {
        return worker;
      },
      ingest,
      async demandCamera(event) {
        if (config.demoCameras === 'off' || config.ingest === 'off' || event.origin !== 'seed') return;
        await cameras.ensure(event);
      },
      async signalOf(channelId, eventId) {
        const key = `${channelId}.${eventId}`;
        const cached = signals.get(key);
        if (cached) return cached;
        const signal = await readSignal(channelId, eventId);
        signals.set(key, signal);
        return signal;
      },
      async waitForPlaylist(slug, eventId, timeoutMs) {
        const playlist = join(liveDirOf(mediaDir, slug, eventId), 'index.m3u8');
        const deadline = Date.now() + timeoutMs;
        while (!existsSync(playlist)) {
          if (Date.now() >= deadline) return false;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        return true;
      },
    };
    app.decorate('live', module);

    await app.register(ingestCallbackRoutes(service));
    await registerConsoleRoutes(app, [consoleLiveRoutes({ service, publicUrl: config.publicUrl, mediaDir, ffmpegPath: options.ffmpegPath })]);

    let sweepTimer: NodeJS.Timeout | null = null;
    let demoTimer: NodeJS.Timeout | null = null;
    let sweeping = false;
    app.addHook('onReady', async () => {
      // The grace period counts while a server runs: a camera lost when the servers went down gets
      // its whole grace period again, rather than its event ending at once on the restart.
      await app.db.updateTable('live_streams').set({ lost_at: new Date() }).where('state', '=', 'lost').execute();
      if (ingest) await ingest.start();
      if (config.ingest !== 'off' && config.packager === 'in-process') {
        worker = startPackagingWorker({
          db: app.db,
          service,
          mediaDir,
          ffmpegPath: options.ffmpegPath,
          pullUrl: config.pullUrl,
          channelOf: (channelId) => {
            const channel = app.channels.byId(channelId);
            if (!channel) return null;
            return { slug: channel.config.slug, ladder: channel.config.live?.ladder ?? false };
          },
          log,
          packagerPollMs: options.packagerPollMs,
        });
      }
      sweepTimer = setInterval(() => {
        if (sweeping) return;
        sweeping = true;
        service
          .sweep()
          .catch((error: unknown) => log.warn(`live sweep failed: ${String(error)}`))
          .finally(() => {
            sweeping = false;
          });
      }, config.sweepMs);
      sweepTimer.unref();
    });
    // Cameras publish once the server listens: the ingest calls it back before it lets one in.
    app.addHook('onListen', async () => {
      if (!eager) return;
      listening = true;
      const check = () => checkDemoCameras([...inUse]);
      check();
      demoTimer = setInterval(check, DEMO_CHECK_MS);
      demoTimer.unref();
    });
    app.addHook('onClose', async () => {
      if (sweepTimer) clearInterval(sweepTimer);
      if (demoTimer) clearInterval(demoTimer);
      await cameras.stopAll();
      await worker?.stop();
      await ingest?.stop();
    });
  },
  { name: 'live', dependencies: ['db', 'buses', 'operators', 'media'] },
);

declare module '../../core/appOptions.ts' {
  interface ModuleOptions {
    /** The ingest, the live lifecycle and the demo's cameras; `serve` passes `loadConfig().live`. */
    live?: LivePluginOptions;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveModule;
  }
}

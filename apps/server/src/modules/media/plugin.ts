import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { LiveMode } from '../../core/media/config.ts';
import { repoRoot } from '../../core/paths.ts';
import { type LiveQuality, LiveEncoders } from '../../core/media/live.ts';
import { type ClipGrant, clipTokens, MEDIA_TOKEN_TTL_SECONDS, type MediaGrant, mediaTokens, type VodGrant, vodTokens } from '../../core/media/token.ts';
import type { DownloadLink } from '@grandstand/contract';
import { type DownloadGrant, downloadTokens, signedClipDownloadUrl, signedEventDownloadUrl } from '../../core/media/download.ts';

export interface MediaPluginOptions {
  /** The media directory. Default: `<repo>/.data/media`; `serve` passes `MEDIA_DIR`. */
  dir?: string;
  /** Signs stream addresses. Default: a random secret in memory (tests, tools); `serve` passes the stored one. */
  secret?: Uint8Array | string;
  /** `eager`: every live event's signal starts when the app is ready; `on-demand` (default): on the first request for its stream; `off`: never. */
  live?: LiveMode;
  liveQuality?: LiveQuality;
  /** The ffmpeg binary of the live signals (`FFMPEG_PATH`). Default: `ffmpeg` on PATH. */
  ffmpegPath?: string;
  /** Seconds a stream address stays valid (`MEDIA_TOKEN_LIFETIME`, default two minutes). */
  tokenTtlSeconds?: number;
  /** How often the running signals are checked against their events, in ms (default 15 s; 0: only on data changes and on access). */
  liveCheckIntervalMs?: number;
  /** The clock, in UTC seconds (tests move it). */
  now?: () => number;
}

export interface StreamUrlInput {
  channelId: number;
  eventId: number;
  live: boolean;
  /** The api key id of the session that asked: the address is bound to it. */
  sessionId: number;
}

export interface MediaService {
  /** A signed, expiring address of the event's stream: `/media/s/<token>/events/<eventId>/index.m3u8`. */
  streamUrl(input: StreamUrlInput): string;
  /** The grant of a token, or null when it is malformed, forged or expired. */
  verify(token: string): MediaGrant | null;
  /**
   * A signed, expiring address of an on-demand item's stream: `/media/s/<token>/vod/<itemId>/index.m3u8`
   * (the api hands it only to a viewer who may watch the item, spec §6).
   */
  vodStreamUrl(input: { channelId: number; itemId: number; sessionId: number }): string;
  /** Seconds a stream address works from when it is made: the player renews it at half-life. */
  readonly tokenTtlSeconds: number;
  /** The grant of an item's stream token, or null when it is malformed, forged, another purpose's or expired. */
  verifyVod(token: string): VodGrant | null;
  /**
   * A signed, expiring address of a paid or ppv game's clip: `/media/s/<token>/clips/<uuid>/index.m3u8`
   * (the api hands it only to a viewer who may watch the game, src/modules/clips/sharing.ts); a free
   * game's clip keeps its public address.
   */
  clipStreamUrl(input: { channelId: number; uuid: string; sessionId: number }): string;
  /** The grant of a clip's stream token, or null when it is malformed, forged, another purpose's or expired. */
  verifyClip(token: string): ClipGrant | null;
  /**
   * A signed, expiring address of a ready clip's MP4, named after the clip (spec §7 GET
   * /clip/download/{id}: the api checks the viewer, the capability and the count first).
   */
  clipDownload(input: { channelId: number; uuid: string; name: string }): DownloadLink;
  /** The same for an on-demand event's whole recording (spec §7 GET /download-event/{id}). */
  eventDownload(input: { channelId: number; eventId: number; name: string }): DownloadLink;
  /** The grant of a download address's token, or null. */
  verifyDownload(token: string): DownloadGrant | null;
  readonly dir: string;
  /** The ffmpeg binary (`FFMPEG_PATH`), for pictures made on first request. */
  readonly ffmpegPath: string | undefined;
  readonly liveMode: LiveMode;
  readonly live: LiveEncoders;
  exists(path: string): Promise<boolean>;
  /** Stops every signal whose event is no longer live (finished, deleted, re-seeded); in eager mode starts the newly live. */
  checkLive(): Promise<void>;
}

/** Live signals are checked against the database this often by default. */
export const LIVE_CHECK_INTERVAL_MS = 15_000;

/**
 * Stream addresses and the live test signals, for the media routes (`modules/media/routes.ts`). The token
 * is the authorisation: the api hands an address only to a viewer allowed to watch (spec §2), and
 * the media routes need no api key.
 */
export default fp<MediaPluginOptions>(
  async (app, options) => {
    const secret = options.secret ?? randomBytes(32);
    const tokens = mediaTokens(secret);
    const downloads = downloadTokens(secret);
    const vod = vodTokens(secret);
    const clipStreams = clipTokens(secret);
    const ttl = options.tokenTtlSeconds ?? MEDIA_TOKEN_TTL_SECONDS;
    const now = options.now ?? (() => Math.floor(Date.now() / 1000));
    const dir = options.dir ?? join(repoRoot, '.data', 'media');
    const liveMode = options.live ?? 'on-demand';
    const live = new LiveEncoders({
      dir,
      quality: options.liveQuality,
      ffmpegPath: options.ffmpegPath,
      log: { info: (message) => app.log.info(message), warn: (message) => app.log.warn(message) },
    });
    const events = app.mediaEventsRepository;
    const startLive = async () => {
      for (const event of await events.live()) {
        const channel = app.channels.byId(event.channelId);
        if (channel) await live.ensure({ channelSlug: channel.config.slug, eventId: event.id, name: event.name, timeZone: event.timeZone });
      }
    };

    // An encoder is a real-time ffmpeg: one left running after its event finished, was deleted or
    // its channel re-seeded burns a share of a core for nothing, for ever. One check at a time.
    let checking: Promise<void> | null = null;
    const check = async () => {
      const running = live.running();
      const channelOf = new Map(running.map(({ channelSlug }) => [channelSlug, app.channels.bySlug(channelSlug)?.id]));
      const channelIds = [...channelOf.values()].filter((id): id is number => id !== undefined);
      const stillLive = await events.liveIds(channelIds, running.map(({ eventId }) => eventId));
      for (const { channelSlug, eventId } of running) {
        if (!stillLive.has(`${channelOf.get(channelSlug)}.${eventId}`)) {
          app.log.info(`live signal ${channelSlug}/${eventId} stopped: the event is no longer live`);
          await live.stop(channelSlug, eventId);
        }
      }
      if (liveMode === 'eager') await startLive();
    };
    const checkLive = () => {
      checking ??= check().finally(() => {
        checking = null;
      });
      return checking;
    };

    const service: MediaService = {
      streamUrl({ channelId, eventId, sessionId }) {
        const token = tokens.sign({ channelId, eventId, sessionId, expiresAt: now() + ttl });
        return `/media/s/${token}/events/${eventId}/index.m3u8`;
      },
      verify(token) {
        return tokens.verify(token, now());
      },
      vodStreamUrl({ channelId, itemId, sessionId }) {
        return `/media/s/${vod.sign({ channelId, itemId, sessionId, expiresAt: now() + ttl })}/vod/${itemId}/index.m3u8`;
      },
      tokenTtlSeconds: ttl,
      verifyVod: (token) => vod.verify(token, now()),
      clipStreamUrl: ({ channelId, uuid, sessionId }) => `/media/s/${clipStreams.sign({ channelId, uuid, sessionId, expiresAt: now() + ttl })}/clips/${uuid}/index.m3u8`,
      verifyClip: (token) => clipStreams.verify(token, now()),
      clipDownload: (input) => signedClipDownloadUrl(secret, input, { now: now() }),
      eventDownload: (input) => signedEventDownloadUrl(secret, input, { now: now() }),
      verifyDownload: (token) => downloads.verify(token, now()),
      dir,
      ffmpegPath: options.ffmpegPath,
      liveMode,
      live,
      checkLive,
      async exists(path) {
        try {
          await stat(path);
          return true;
        } catch {
          return false;
        }
      },
    };
    app.decorate('media', service);

    const checkLogged = () => void service.checkLive().catch((error: unknown) => app.log.warn(`live signal check failed: ${String(error)}`));

    const interval = options.liveCheckIntervalMs ?? LIVE_CHECK_INTERVAL_MS;
    let timer: NodeJS.Timeout | null = null;
    const unsubscribe = app.dataChanged.on(() => {
      // A seed or a migration changed events: statuses read from the cache may be stale.
      events.clear();
      checkLogged();
    });

    if (liveMode === 'eager') {
      // Started with the server so each signal's 10-minute window is full when a viewer seeks back.
      app.addHook('onReady', startLive);
    }
    app.addHook('onReady', async () => {
      if (interval > 0) timer = setInterval(checkLogged, interval).unref();
    });
    app.addHook('onClose', async () => {
      unsubscribe();
      if (timer) clearInterval(timer);
      await checking?.catch(() => {});
      await live.stopAll();
    });
  },
  { name: 'media', dependencies: ['db', 'buses', 'media-events-repository'] },
);

declare module '../../core/appOptions.ts' {
  interface ModuleOptions {
    /** Media directory, signing secret, live-signal mode and ffmpeg; `serve` passes them from `loadConfig().media`. */
    media?: MediaPluginOptions;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Signed stream addresses. */
    media: MediaService;
  }
}

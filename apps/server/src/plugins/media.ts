import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import fp from 'fastify-plugin';
import { type LiveMode, mediaDirFromEnv } from '../media/config.ts';
import { MediaEventRepository } from '../media/events.ts';
import { type LiveQuality, LiveEncoders } from '../media/live.ts';
import { MEDIA_TOKEN_TTL_SECONDS, type MediaGrant, signMediaToken, verifyMediaToken } from '../media/token.ts';
import mediaRoutes from '../routes/media/index.ts';

export interface MediaPluginOptions {
  /** The media directory. Default: `MEDIA_DIR`, else `.data/media`. */
  dir?: string;
  /** Signs stream addresses. Default: a random secret in memory (tests, tools); `serve` passes the stored one. */
  secret?: Uint8Array | string;
  /** `eager`: every live event's signal starts when the app is ready; `on-demand` (default): on its first request; `off`: never. */
  live?: LiveMode;
  liveQuality?: LiveQuality;
  /** Seconds a stream address stays valid (default six hours). */
  tokenTtlSeconds?: number;
  /** The clock, in UTC seconds (tests move it). */
  now?: () => number;
}

export interface StreamUrlInput {
  channelId: number;
  eventId: number;
  live: boolean;
}

export interface MediaService {
  /** A signed, expiring address of the event's stream: `/media/s/<token>/events/<eventId>/index.m3u8`. */
  streamUrl(input: StreamUrlInput): string;
  /** The grant of a token, or null when it is malformed, forged or expired. */
  verify(token: string): MediaGrant | null;
  readonly dir: string;
  readonly liveMode: LiveMode;
  readonly live: LiveEncoders;
  readonly events: MediaEventRepository;
  exists(path: string): Promise<boolean>;
}

/**
 * Stream addresses, the live test signals and the media routes. The token is the authorisation:
 * the api hands an address only to a viewer allowed to watch (spec §2), and the media routes need
 * no api key.
 */
export default fp<MediaPluginOptions>(
  async (app, options) => {
    const secret = options.secret ?? randomBytes(32);
    const ttl = options.tokenTtlSeconds ?? MEDIA_TOKEN_TTL_SECONDS;
    const now = options.now ?? (() => Math.floor(Date.now() / 1000));
    const dir = options.dir ?? mediaDirFromEnv();
    const liveMode = options.live ?? 'on-demand';
    const live = new LiveEncoders({
      dir,
      quality: options.liveQuality,
      log: { info: (message) => app.log.info(message), warn: (message) => app.log.warn(message) },
    });
    const service: MediaService = {
      streamUrl({ channelId, eventId }) {
        const token = signMediaToken({ channelId, eventId, expiresAt: now() + ttl }, secret);
        return `/media/s/${token}/events/${eventId}/index.m3u8`;
      },
      verify(token) {
        return verifyMediaToken(token, secret, now());
      },
      dir,
      liveMode,
      live,
      events: new MediaEventRepository(app.db),
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

    if (liveMode === 'eager') {
      // Started with the server so each signal's 10-minute window is full when a viewer seeks back.
      app.addHook('onReady', async () => {
        for (const event of await service.events.live()) {
          const channel = app.channels.byId(event.channelId);
          if (channel) await live.ensure({ channelSlug: channel.config.slug, eventId: event.id, name: event.name, timeZone: event.timeZone });
        }
      });
    }
    app.addHook('onClose', async () => live.stopAll());
    await app.register(mediaRoutes);
  },
  { name: 'media', dependencies: ['db'] },
);

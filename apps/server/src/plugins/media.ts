import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { MediaConfig } from '../media/config.ts';
import { MEDIA_TOKEN_TTL_SECONDS, type MediaGrant, signMediaToken, verifyMediaToken } from '../media/token.ts';

export interface MediaPluginOptions extends Partial<MediaConfig> {
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
}

/**
 * Stream addresses and the media routes. The token is the authorisation: the api hands an address
 * only to a viewer allowed to watch (spec §2), and the media routes need no api key.
 * Without a `secret` option (tests, tools) a random one lives in memory; `serve` passes the stored one.
 */
export default fp<MediaPluginOptions>(
  async (app, options) => {
    const secret = options.secret ?? randomBytes(32);
    const ttl = options.tokenTtlSeconds ?? MEDIA_TOKEN_TTL_SECONDS;
    const now = options.now ?? (() => Math.floor(Date.now() / 1000));
    const service: MediaService = {
      streamUrl({ channelId, eventId }) {
        const token = signMediaToken({ channelId, eventId, expiresAt: now() + ttl }, secret);
        return `/media/s/${token}/events/${eventId}/index.m3u8`;
      },
      verify(token) {
        return verifyMediaToken(token, secret, now());
      },
    };
    app.decorate('media', service);
  },
  { name: 'media', dependencies: ['db'] },
);

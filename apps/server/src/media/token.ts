import { z } from 'zod';
import { type Secret, signedTokens } from '../tokens.ts';

/** What a media token grants: one event of one channel until `expiresAt` (UTC seconds). */
export interface MediaGrant {
  channelId: number;
  eventId: number;
  expiresAt: number;
}

/**
 * A viewer keeps watching for hours on one address; the watch page re-fetches the event for a
 * fresh one when it needs to. Six hours covers a long game plus its replay.
 */
export const MEDIA_TOKEN_TTL_SECONDS = 6 * 60 * 60;

const MediaTokenPayload = z.object({ channelId: z.number().int().positive(), eventId: z.number().int().positive() }).strict();

/** The stream addresses' tokens (`src/tokens.ts`, purpose `media-stream`), keyed from `MEDIA_SECRET`. */
export function mediaTokens(secret: Secret) {
  const tokens = signedTokens(secret, 'media-stream', MediaTokenPayload);
  return {
    sign: (grant: MediaGrant): string => tokens.sign({ channelId: grant.channelId, eventId: grant.eventId }, grant.expiresAt),
    /** The grant a token carries, or null when it is malformed, forged, another purpose's or expired at `nowSeconds`. */
    verify(token: string, nowSeconds = Math.floor(Date.now() / 1000)): MediaGrant | null {
      const result = tokens.check(token, nowSeconds);
      return result.status === 'valid' ? { ...result.payload, expiresAt: result.expiresAt } : null;
    },
  };
}

export function signMediaToken(grant: MediaGrant, secret: Secret): string {
  return mediaTokens(secret).sign(grant);
}

export function verifyMediaToken(token: string, secret: Secret, nowSeconds = Math.floor(Date.now() / 1000)): MediaGrant | null {
  return mediaTokens(secret).verify(token, nowSeconds);
}

/** What an on-demand item's token grants: one item of one channel until `expiresAt` (UTC seconds). */
export interface VodGrant {
  channelId: number;
  itemId: number;
  expiresAt: number;
}

const VodTokenPayload = z.object({ channelId: z.number().int().positive(), itemId: z.number().int().positive() }).strict();

/**
 * The on-demand items' stream tokens (purpose `media-vod`): a purpose of their own, so an event's
 * token never opens an item of the same id, nor the other way round.
 */
export function vodTokens(secret: Secret) {
  const tokens = signedTokens(secret, 'media-vod', VodTokenPayload);
  return {
    sign: (grant: VodGrant): string => tokens.sign({ channelId: grant.channelId, itemId: grant.itemId }, grant.expiresAt),
    verify(token: string, nowSeconds = Math.floor(Date.now() / 1000)): VodGrant | null {
      const result = tokens.check(token, nowSeconds);
      return result.status === 'valid' ? { ...result.payload, expiresAt: result.expiresAt } : null;
    },
  };
}

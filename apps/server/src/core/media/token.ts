import { z } from 'zod';
import { type Secret, signedTokens } from '../tokens.ts';

/**
 * What a media token grants: one event of one channel until `expiresAt` (UTC seconds), to the
 * session (api key id) that asked for it.
 */
export interface MediaGrant {
  channelId: number;
  eventId: number;
  sessionId: number;
  expiresAt: number;
}

/**
 * A stream address is a bearer token in a path, so it is short-lived: a copied address, a logout,
 * a password change, a refund or a lapsed pass stops the stream within one lifetime, because only
 * the API hands out the next address, and only to a session still allowed to watch. The player
 * renews it at half-life (docs/configuration.md: `MEDIA_TOKEN_LIFETIME`). Its checks are the HMAC
 * and the expiry alone, so a CDN can validate it at its edge and segments stay cacheable.
 */
export const MEDIA_TOKEN_TTL_SECONDS = 2 * 60;

const MediaTokenPayload = z.object({ channelId: z.number().int().positive(), eventId: z.number().int().positive(), sid: z.number().int().positive() }).strict();

/** The stream addresses' tokens (`src/core/tokens.ts`, purpose `media-stream`), keyed from `MEDIA_SECRET`. */
export function mediaTokens(secret: Secret) {
  const tokens = signedTokens(secret, 'media-stream', MediaTokenPayload);
  return {
    sign: (grant: MediaGrant): string => tokens.sign({ channelId: grant.channelId, eventId: grant.eventId, sid: grant.sessionId }, grant.expiresAt),
    /** The grant a token carries, or null when it is malformed, forged, another purpose's or expired at `nowSeconds`. */
    verify(token: string, nowSeconds = Math.floor(Date.now() / 1000)): MediaGrant | null {
      const result = tokens.check(token, nowSeconds);
      if (result.status !== 'valid') return null;
      const { channelId, eventId, sid } = result.payload;
      return { channelId, eventId, sessionId: sid, expiresAt: result.expiresAt };
    },
  };
}

export function signMediaToken(grant: MediaGrant, secret: Secret): string {
  return mediaTokens(secret).sign(grant);
}

export function verifyMediaToken(token: string, secret: Secret, nowSeconds = Math.floor(Date.now() / 1000)): MediaGrant | null {
  return mediaTokens(secret).verify(token, nowSeconds);
}

/** What an on-demand item's token grants: one item of one channel until `expiresAt` (UTC seconds), to one session. */
export interface VodGrant {
  channelId: number;
  itemId: number;
  sessionId: number;
  expiresAt: number;
}

const VodTokenPayload = z.object({ channelId: z.number().int().positive(), itemId: z.number().int().positive(), sid: z.number().int().positive() }).strict();

/**
 * The on-demand items' stream tokens (purpose `media-vod`): a purpose of their own, so an event's
 * token never opens an item of the same id, nor the other way round.
 */
export function vodTokens(secret: Secret) {
  const tokens = signedTokens(secret, 'media-vod', VodTokenPayload);
  return {
    sign: (grant: VodGrant): string => tokens.sign({ channelId: grant.channelId, itemId: grant.itemId, sid: grant.sessionId }, grant.expiresAt),
    verify(token: string, nowSeconds = Math.floor(Date.now() / 1000)): VodGrant | null {
      const result = tokens.check(token, nowSeconds);
      if (result.status !== 'valid') return null;
      const { channelId, itemId, sid } = result.payload;
      return { channelId, itemId, sessionId: sid, expiresAt: result.expiresAt };
    },
  };
}

/** What a clip's stream token grants: one clip (its share id) of one channel until `expiresAt` (UTC seconds), to one session. */
export interface ClipGrant {
  channelId: number;
  uuid: string;
  sessionId: number;
  expiresAt: number;
}

const ClipTokenPayload = z.object({ channelId: z.number().int().positive(), uuid: z.string().uuid(), sid: z.number().int().positive() }).strict();

/**
 * The stream tokens of a paid or ppv game's clips (purpose `media-clip`): their files are not
 * public (routes/media), or a viewer who may watch the game could republish it in clip-sized
 * pieces by posting the file address. A purpose of their own, so no other stream's token opens a clip.
 */
export function clipTokens(secret: Secret) {
  const tokens = signedTokens(secret, 'media-clip', ClipTokenPayload);
  return {
    sign: (grant: ClipGrant): string => tokens.sign({ channelId: grant.channelId, uuid: grant.uuid, sid: grant.sessionId }, grant.expiresAt),
    verify(token: string, nowSeconds = Math.floor(Date.now() / 1000)): ClipGrant | null {
      const result = tokens.check(token, nowSeconds);
      if (result.status !== 'valid') return null;
      const { channelId, uuid, sid } = result.payload;
      return { channelId, uuid, sessionId: sid, expiresAt: result.expiresAt };
    },
  };
}

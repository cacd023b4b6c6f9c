import { createHmac, timingSafeEqual } from 'node:crypto';

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

const POSITIVE_INT = /^[1-9][0-9]{0,15}$/;

function mac(secret: Uint8Array | string, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

/** `base64url("<channelId>.<eventId>.<expiresAt>") + "." + base64url(HMAC-SHA256(secret, that payload))`. */
export function signMediaToken(grant: MediaGrant, secret: Uint8Array | string): string {
  const payload = `${grant.channelId}.${grant.eventId}.${grant.expiresAt}`;
  return `${Buffer.from(payload).toString('base64url')}.${mac(secret, payload).toString('base64url')}`;
}

/** The grant a token carries, or null when it is malformed, forged or expired at `nowSeconds`. */
export function verifyMediaToken(token: string, secret: Uint8Array | string, nowSeconds = Math.floor(Date.now() / 1000)): MediaGrant | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.') || token.length > 200) return null;
  const payload = Buffer.from(token.slice(0, dot), 'base64url').toString('utf8');
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const parts = payload.split('.');
  if (parts.length !== 3 || !parts.every((part) => POSITIVE_INT.test(part))) return null;
  const [channelId, eventId, expiresAt] = parts.map(Number) as [number, number, number];
  if (expiresAt <= nowSeconds) return null;
  return { channelId, eventId, expiresAt };
}

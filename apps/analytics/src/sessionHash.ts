import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A session hash is `<id>.<mac>`: a random id and an HMAC-SHA256 of it bound to the profile key,
 * with the service's secret. Any instance sharing the secret checks it without a lookup, and a
 * hash handed out for one channel's key is refused with another's (the rows would otherwise be
 * joined across channels).
 */
const ID_BYTES = 16;
const MAC_BYTES = 32;
const HASH = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

function mac(secret: string, profile: string, id: string): Buffer {
  return createHmac('sha256', secret).update(`grandstand-analytics-session\n${profile}\n${id}`).digest();
}

export function issueSessionHash(secret: string, profile: string): string {
  const id = randomBytes(ID_BYTES).toString('base64url');
  return `${id}.${mac(secret, profile, id).toString('base64url')}`;
}

/** Whether `hash` was issued for `profile` with `secret` (compared in constant time). */
export function verifySessionHash(secret: string, profile: string, hash: string): boolean {
  const match = HASH.exec(hash);
  if (!match) return false;
  const given = Buffer.from(match[2]!, 'base64url');
  // One spelling only: base64url's last character has spare bits, and the hash is the session's id in the rows.
  if (given.length !== MAC_BYTES || given.toString('base64url') !== match[2]) return false;
  return timingSafeEqual(given, mac(secret, profile, match[1]!));
}

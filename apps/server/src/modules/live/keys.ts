import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { secretBox } from '../operators/index.ts';

/** A stream key's readable prefix: an operator who finds one in a paste knows what it is. */
export const STREAM_KEY_PREFIX = 'gs_live_';

/** A new stream key: 32 random bytes, base64url, after the prefix. */
export function newStreamKey(): string {
  return `${STREAM_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

function derived(secret: string | Uint8Array, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, new Uint8Array(0), `grandstand live: ${purpose}`, 32));
}

/**
 * The stream keys' secrets: their hash (how a publishing key is found: a copy of the database
 * cannot publish), their sealing (AES-256-GCM, so producers can read the key again), and the
 * token nginx's callbacks carry.
 */
export interface LiveKeys {
  hash(key: string): string;
  seal(key: string): string;
  open(sealed: string): string | null;
  /** The token in the callback addresses the ingest is configured with. */
  readonly callbackToken: string;
  /** Whether a callback's token is ours (constant time). */
  checkCallbackToken(token: unknown): boolean;
}

export function liveKeys(secret: string | Uint8Array): LiveKeys {
  const hashKey = derived(secret, 'stream key hash');
  // Sealed as the operators' TOTP secrets are, under a key of its own.
  const box = secretBox(secret, 'grandstand-live-stream-key');
  const callbackToken = derived(secret, 'ingest callback').toString('base64url');
  return {
    hash: (key) => createHmac('sha256', hashKey).update(key).digest('base64url'),
    seal: (key) => box.seal(key),
    open: (sealed) => box.open(sealed),
    callbackToken,
    checkCallbackToken(token) {
      if (typeof token !== 'string') return false;
      const given = Buffer.from(token);
      const expected = Buffer.from(callbackToken);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** The name the ingest renames an event's stream to: packagers pull it, the key never shows. */
export function internalName(channelId: number, eventId: number): string {
  return `c${channelId}e${eventId}`;
}

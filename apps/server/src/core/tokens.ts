import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';

/**
 * The server's signed tokens, one format for all of them (stream addresses, mailed links, the
 * sandbox's portal links, the social login state). Each purpose signs with a key of its own, derived
 * from the secret with HKDF-SHA256 (the purpose is the `info`), so a token made for one purpose
 * never passes for another even when they share a secret. Every token carries its expiry (`exp`,
 * UTC seconds, valid while now < exp, as JWT's `exp`), and its payload is checked against a zod
 * schema when it is read, so a reader gets a typed value or nothing.
 *
 * Why not JWT (`jose`): every token here is made and read by this server alone, so the algorithm
 * header, key ids and claim names would be bytes and choices with nothing to choose; the stream
 * address is a path segment (at most 200 characters), and a mailed link must keep spec §3's query
 * keys (`email`, `expires`, `signature`), which a detached MAC over the same body fits and a JWT
 * does not. The primitives are node:crypto's (HMAC-SHA256, HKDF, AES-256-GCM, timingSafeEqual).
 */
export type TokenPurpose = 'media-stream' | 'media-vod' | 'media-clip' | 'media-download' | 'verify-email' | 'password-reset' | 'sandbox-portal' | 'social-login-state' | 'calendar-address';

export type Secret = string | Uint8Array;

/** A genuine token of the purpose, expired or not; `invalid` for anything else (malformed, forged, another purpose's). */
export type TokenCheck<T> = { status: 'valid' | 'expired'; payload: T; expiresAt: number } | { status: 'invalid' };

export interface Tokens<T> {
  readonly purpose: TokenPurpose;
  /** A compact token of `payload`, valid until `expiresAt` (UTC seconds). base64url, safe in a path segment. */
  sign(payload: T, expiresAt: number): string;
  /** The payload of a genuine token of this purpose that has not expired at `nowSeconds`; else null. */
  verify(token: string, nowSeconds: number): T | null;
  /** Tells an expired genuine token from an invalid one (a forged link must never learn more). */
  check(token: string, nowSeconds: number): TokenCheck<T>;
}

export interface SignedTokens<T> extends Tokens<T> {
  /**
   * The MAC alone of what `sign` would sign: for a payload that travels in the clear beside it (a
   * mailed link's email and expiry are its query keys).
   */
  signature(payload: T, expiresAt: number): string;
  checkSignature(payload: T, expiresAt: number, signature: string, nowSeconds: number): 'valid' | 'expired' | 'invalid';
}

/** Longer than any token of ours (the portal's carries a return address): refused before any work. */
const MAX_TOKEN_LENGTH = 4096;

/** The purpose's own 32-byte key. */
export function purposeKey(secret: Secret, purpose: TokenPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, new Uint8Array(0), `grandstand token: ${purpose}`, 32));
}

/** `{"data":…,"exp":…}` with the payload's keys sorted, so the same payload always makes the same body. */
function body(payload: unknown, expiresAt: number): string {
  const data = payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? Object.fromEntries(Object.entries(payload).sort(([a], [b]) => (a < b ? -1 : 1))) : payload;
  return JSON.stringify({ data, exp: expiresAt });
}

function read<T>(schema: z.ZodType<T>, json: string, nowSeconds: number): TokenCheck<T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return { status: 'invalid' };
  }
  const { data, exp } = (parsed ?? {}) as { data?: unknown; exp?: unknown };
  if (typeof exp !== 'number' || !Number.isSafeInteger(exp)) return { status: 'invalid' };
  const payload = schema.safeParse(data);
  if (!payload.success) return { status: 'invalid' };
  return { status: nowSeconds < exp ? 'valid' : 'expired', payload: payload.data, expiresAt: exp };
}

function sameBytes(given: Buffer, expected: Buffer): boolean {
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** `<base64url(body)>.<base64url(HMAC-SHA256(purpose key, body))>`: the payload is readable, not alterable. */
export function signedTokens<T>(secret: Secret, purpose: TokenPurpose, schema: z.ZodType<T>): SignedTokens<T> {
  const key = purposeKey(secret, purpose);
  const mac = (text: string) => createHmac('sha256', key).update(text).digest();
  const check = (token: string, nowSeconds: number): TokenCheck<T> => {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return { status: 'invalid' };
    const parts = token.split('.');
    if (parts.length !== 2 || !parts[0] || !parts[1]) return { status: 'invalid' };
    const text = Buffer.from(parts[0], 'base64url').toString('utf8');
    if (!sameBytes(Buffer.from(parts[1], 'base64url'), mac(text))) return { status: 'invalid' };
    return read(schema, text, nowSeconds);
  };
  return {
    purpose,
    sign(payload, expiresAt) {
      const text = body(payload, expiresAt);
      return `${Buffer.from(text).toString('base64url')}.${mac(text).toString('base64url')}`;
    },
    check,
    verify(token, nowSeconds) {
      const result = check(token, nowSeconds);
      return result.status === 'valid' ? result.payload : null;
    },
    signature(payload, expiresAt) {
      return mac(body(payload, expiresAt)).toString('base64url');
    },
    checkSignature(payload, expiresAt, signature, nowSeconds) {
      if (typeof signature !== 'string' || signature.length > MAX_TOKEN_LENGTH) return 'invalid';
      if (!sameBytes(Buffer.from(signature, 'base64url'), mac(body(payload, expiresAt)))) return 'invalid';
      return nowSeconds < expiresAt ? 'valid' : 'expired';
    },
  };
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * `<base64url(iv ‖ AES-256-GCM(purpose key, body))>.<base64url(tag)>`: the tag authenticates the
 * token as the HMAC does, and the payload is hidden (the social login state holds a PKCE verifier,
 * which must never sit in a URL beside the code it protects).
 */
export function sealedTokens<T>(secret: Secret, purpose: TokenPurpose, schema: z.ZodType<T>): Tokens<T> {
  const key = purposeKey(secret, purpose);
  const aad = Buffer.from(purpose);
  const check = (token: string, nowSeconds: number): TokenCheck<T> => {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return { status: 'invalid' };
    const parts = token.split('.');
    if (parts.length !== 2 || !parts[0] || !parts[1]) return { status: 'invalid' };
    const sealed = Buffer.from(parts[0], 'base64url');
    const tag = Buffer.from(parts[1], 'base64url');
    if (sealed.length <= IV_BYTES || tag.length !== TAG_BYTES) return { status: 'invalid' };
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAAD(aad);
      decipher.setAuthTag(tag);
      const text = Buffer.concat([decipher.update(sealed.subarray(IV_BYTES)), decipher.final()]).toString('utf8');
      return read(schema, text, nowSeconds);
    } catch {
      return { status: 'invalid' };
    }
  };
  return {
    purpose,
    sign(payload, expiresAt) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad);
      const sealed = Buffer.concat([iv, cipher.update(body(payload, expiresAt), 'utf8'), cipher.final()]);
      return `${sealed.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`;
    },
    check,
    verify(token, nowSeconds) {
      const result = check(token, nowSeconds);
      return result.status === 'valid' ? result.payload : null;
    },
  };
}

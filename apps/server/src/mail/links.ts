import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a mailed link is for; part of the signed data, so a verification link never resets a password. */
export type LinkPurpose = 'verify-email' | 'password-reset';

/** Verification links last 24 h, reset links 1 h. */
export const LINK_TTL_SECONDS: Record<LinkPurpose, number> = { 'verify-email': 24 * 60 * 60, 'password-reset': 60 * 60 };

export interface LinkData {
  channelId: number;
  email: string;
  /** UTC seconds. */
  expires: number;
  purpose: LinkPurpose;
  /**
   * Extra state the link is bound to. A reset link carries the tail of the current password hash,
   * so it stops working once the password changes (a reset link works once).
   */
  binding?: string;
}

function payload(data: LinkData): string {
  // JSON keeps the fields apart: no email can be crafted to collide with another field.
  return JSON.stringify([data.channelId, data.email.trim().toLowerCase(), data.expires, data.purpose, data.binding ?? '']);
}

/** HMAC-SHA256 over (channel id, email, expires, purpose, binding), base64url. */
export function signLink(data: LinkData, secret: string | Uint8Array): string {
  return createHmac('sha256', secret).update(payload(data)).digest('base64url');
}

export type LinkCheck = 'valid' | 'expired' | 'forged';

/**
 * `forged` when the signature does not match (whatever the expiry); `expired` only for a genuine
 * link whose time has passed, so a forged link never learns whether the address exists.
 */
export function checkLink(data: LinkData, signature: string, secret: string | Uint8Array, nowSeconds: number): LinkCheck {
  const expected = Buffer.from(signLink(data, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  return data.expires < nowSeconds ? 'expired' : 'valid';
}

/** The reset link's binding: the password hash's last characters (its random salt and digest). */
export function passwordBinding(passwordHash: string | null): string {
  return passwordHash === null ? 'no-password' : passwordHash.slice(-16);
}

/** `<origin><path>?email=&expires=&signature=` (spec §3: the link's query keys). */
export function linkUrl(origin: string, path: string, query: { email: string; expires: number; signature: string }): string {
  const url = new URL(path, origin);
  url.searchParams.set('email', query.email);
  url.searchParams.set('expires', String(query.expires));
  url.searchParams.set('signature', query.signature);
  return url.toString();
}

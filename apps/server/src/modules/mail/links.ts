import { z } from 'zod';
import { type Secret, signedTokens } from '../../core/tokens.ts';

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

const LinkPayload = z.object({ channelId: z.number(), email: z.string(), binding: z.string() });

/** What the signature covers besides the expiry: the channel, the email (lowercased) and the binding. */
function payload(data: LinkData): z.infer<typeof LinkPayload> {
  return { channelId: data.channelId, email: data.email.trim().toLowerCase(), binding: data.binding ?? '' };
}

/**
 * The link's `signature`: the MAC of a signed token (`src/core/tokens.ts`, the purpose's own key derived
 * from `APP_SECRET`) over the channel id, the email, the binding and the expiry, which the link
 * carries in the clear as its other query keys (spec §3).
 */
export function signLink(data: LinkData, secret: Secret): string {
  return signedTokens(secret, data.purpose, LinkPayload).signature(payload(data), data.expires);
}

export type LinkCheck = 'valid' | 'expired' | 'forged';

/**
 * `forged` when the signature does not match (whatever the expiry); `expired` only for a genuine
 * link whose time has come (valid while now < expires), so a forged link never learns whether the
 * address exists.
 */
export function checkLink(data: LinkData, signature: string, secret: Secret, nowSeconds: number): LinkCheck {
  const check = signedTokens(secret, data.purpose, LinkPayload).checkSignature(payload(data), data.expires, signature, nowSeconds);
  return check === 'invalid' ? 'forged' : check;
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

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * TOTP (RFC 6238) as every authenticator app reads it: SHA-1, six digits, 30-second steps. A code
 * is accepted one step early or late (a phone's clock drifts; a code typed as it changes), and
 * only once: the step of the last code accepted is kept, and no code of that step or an earlier
 * one is taken again (RFC 6238 §5.2).
 */
export const TOTP_PERIOD_S = 30;
const DIGITS = 6;
const WINDOW = 1;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secretBase32: string, label = 'operator', issuer = 'Grandstand'): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: DIGITS, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secretBase32) });
}

export function otpauthUri(secretBase32: string, label: string, issuer: string): string {
  return totpOf(secretBase32, label, issuer).toString();
}

/** The code for a moment (tests, and an operator's own check). */
export function totpCode(secretBase32: string, timestampMs: number): string {
  return totpOf(secretBase32).generate({ timestamp: timestampMs });
}

/**
 * The time step of the code if it is right now (within one step) and later than `lastStep`, else
 * null. Spaces and dashes an operator types between digits are ignored.
 */
export function verifyTotp(secretBase32: string, code: string, lastStep: number | null, nowMs: number): number | null {
  const token = code.replace(/[\s-]/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secretBase32).validate({ token, timestamp: nowMs, window: WINDOW });
  if (delta === null) return null;
  const step = Math.floor(nowMs / 1000 / TOTP_PERIOD_S) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/**
 * The TOTP secrets are kept sealed (AES-256-GCM under a key derived from the app secret): a copy of
 * the database alone gives no one an operator's second factor.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string | null;
}

export function secretBox(appSecret: string | Uint8Array, purpose = 'grandstand-operator-totp'): SecretBox {
  // Each purpose its own key: a value sealed for one (a TOTP secret, a stream key) opens for no other.
  const key = createHash('sha256').update(`${purpose}\n`).update(appSecret).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${iv.toString('base64url')}.${body.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`;
    },
    open(sealed) {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== 'v1' || !iv || !body || !tag) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

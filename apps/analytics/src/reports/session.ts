import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Operator } from './operators.ts';

export const SESSION_COOKIE = 'grandstand_reports';
/** An operator's session lasts a working day; then they sign in again. */
export const SESSION_SECONDS = 8 * 60 * 60;

interface Payload {
  /** operator email */
  e: string;
  /** expiry, seconds since the epoch */
  x: number;
  /** a random id, so a logout can revoke this session alone */
  n: string;
}

function mac(secret: string, payload: string, operator: Operator): Buffer {
  // The operator's password hash is part of the key: changing an operator's password in the
  // configuration ends every session opened with the old one.
  return createHmac('sha256', secret).update(`reports-session\n${operator.password_hash}\n${payload}`).digest();
}

export interface Session {
  operator: Operator;
  expires: number;
  nonce: string;
}

/**
 * Signed, stateless sessions: the cookie names the operator and its expiry; the signature proves the
 * service issued it. A logout revokes the session's id until it would have expired anyway.
 */
export class Sessions {
  readonly #secret: string;
  readonly #revoked = new Map<string, number>();

  constructor(secret: string) {
    if (secret.length < 16) throw new Error('the reports need a secret of at least 16 characters');
    this.#secret = secret;
  }

  issue(operator: Operator, now = Date.now()): { value: string; maxAge: number } {
    const payload: Payload = { e: operator.email, x: Math.floor(now / 1000) + SESSION_SECONDS, n: randomBytes(12).toString('base64url') };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return { value: `${body}.${mac(this.#secret, body, operator).toString('base64url')}`, maxAge: SESSION_SECONDS };
  }

  read(value: string | undefined, operators: ReadonlyMap<string, Operator>, now = Date.now()): Session | null {
    if (!value || value.length > 1024) return null;
    const [body, signature, extra] = value.split('.');
    if (!body || !signature || extra !== undefined) return null;
    let payload: Payload;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
    } catch {
      return null;
    }
    if (typeof payload?.e !== 'string' || typeof payload.x !== 'number' || typeof payload.n !== 'string') return null;
    const operator = operators.get(payload.e);
    if (!operator) return null;
    const expected = mac(this.#secret, body, operator);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (payload.x * 1000 <= now) return null;
    if (this.#revoked.has(payload.n)) return null;
    return { operator, expires: payload.x, nonce: payload.n };
  }

  revoke(session: Session, now = Date.now()): void {
    for (const [nonce, expires] of this.#revoked) if (expires * 1000 <= now) this.#revoked.delete(nonce);
    this.#revoked.set(session.nonce, session.expires);
  }
}

export function sessionCookie(value: string, maxAge: number, secure: boolean): string {
  return [
    `${SESSION_COOKIE}=${value}`,
    'Path=/reports',
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

import { randomBytes } from 'node:crypto';
import type { Operator } from './operators.ts';

/**
 * One operator identity for the control room and the reports: with `ANALYTICS_OPERATORS_URL` set,
 * the reports check a sign-in against the channel server's operators (`POST
 * /api/console/operator-check`, with the token both share, `ANALYTICS_ADMIN_TOKEN`) instead of
 * `ANALYTICS_OPERATORS`. The server answers the channels where the person is owner or analyst; its
 * throttle counts the person's own address, which the call passes on, and it asks for their TOTP
 * code when they have turned it on.
 */
export interface RemoteOperatorsOptions {
  /** The channel server's origin, e.g. `http://127.0.0.1:8080`. */
  url: string;
  /** The token both services share. */
  token: string;
  /** How long a check may take before the sign-in answers 503 (default 5 s). */
  timeoutMs?: number;
}

export type RemoteCheck =
  | { kind: 'ok'; operator: Operator }
  | { kind: 'invalid' }
  | { kind: 'code-required' }
  | { kind: 'code-invalid' }
  | { kind: 'no-reports' }
  | { kind: 'throttled'; retryAfter: number }
  | { kind: 'unavailable' };

interface CheckAnswer {
  operator?: { email?: unknown; name?: unknown; channels?: Array<{ slug?: unknown }> };
  code?: unknown;
}

export class RemoteOperators {
  readonly #options: RemoteOperatorsOptions;
  /**
   * The operators signed in through the server since this process started, by email: the
   * sessions' lookup. Each gets a random key in place of a password hash (the sessions' MAC is keyed
   * with it), so a restart ends their sessions and they sign in again.
   */
  readonly known = new Map<string, Operator>();

  constructor(options: RemoteOperatorsOptions) {
    this.#options = options;
  }

  async check(input: { email: string; password: string; code?: string; address: string }): Promise<RemoteCheck> {
    let response: Response;
    try {
      response = await fetch(new URL('/api/console/operator-check', this.#options.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.#options.token}` },
        body: JSON.stringify({ email: input.email, password: input.password, address: input.address, ...(input.code ? { code: input.code } : {}) }),
        signal: AbortSignal.timeout(this.#options.timeoutMs ?? 5000),
        redirect: 'error',
      });
    } catch {
      return { kind: 'unavailable' };
    }
    const body = (await response.json().catch(() => ({}))) as CheckAnswer;
    if (response.status === 429) return { kind: 'throttled', retryAfter: Math.max(1, Number(response.headers.get('retry-after')) || 60) };
    if (response.status === 401 && body.code === 'TOTP_REQUIRED') return { kind: 'code-required' };
    if (response.status === 401 && body.code === 'TOTP_INVALID') return { kind: 'code-invalid' };
    if (response.status === 401 && body.code === 'INVALID_CREDENTIALS') return { kind: 'invalid' };
    if (response.status === 403) return { kind: 'no-reports' };
    if (response.status !== 200) return { kind: 'unavailable' };
    const { operator } = body;
    if (!operator || typeof operator.email !== 'string' || typeof operator.name !== 'string' || !Array.isArray(operator.channels)) return { kind: 'unavailable' };
    const email = operator.email.toLowerCase();
    const channels = operator.channels.map((channel) => channel.slug).filter((slug): slug is string => typeof slug === 'string');
    const key = this.known.get(email)?.password_hash ?? `remote:${randomBytes(24).toString('base64url')}`;
    const signedIn: Operator = { email, name: operator.name, channels, password_hash: key };
    this.known.set(email, signedIn);
    return { kind: 'ok', operator: signedIn };
  }
}

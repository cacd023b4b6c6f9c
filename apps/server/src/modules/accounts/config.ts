/**
 * Session lifetimes and key housekeeping (OWASP ASVS 3.3); `src/config.ts` reads them from the environment.
 *
 * Why these defaults, for a streaming product: viewers come back for their team's games, often a
 * week or more apart, and many watch on a TV or a phone linked once with a device code, where typing
 * a password again is a real chore. So a session survives 30 days without use (a viewer who skipped
 * a month logs in again) and ends 90 days after the login or device link however much it is used
 * (about one school sports season: a stolen or forgotten key cannot live longer than that). This is
 * longer than ASVS level 1's 30-day re-authentication on purpose: the account holds no card number
 * (the card processor does), the password is asked again before it is changed or the account
 * deleted, and a password change or reset ends every other session at once. An operator who wants
 * level 1 exactly sets SESSION_ABSOLUTE_LIFETIME=30d.
 */
export interface SessionOptions {
  /** A logged-in key unused for longer than this is refused and deleted. Default 30 days. */
  idleLifetimeMs?: number;
  /** A logged-in key older than this (from the login or device link) is refused and deleted. Default 90 days. */
  absoluteLifetimeMs?: number;
  /** A visitor key (no user) unused for longer than this is deleted by the pruning job. Default 30 days. */
  visitorKeyIdleMs?: number;
  /** Pause between pruning runs; 0 turns the job off. Default one hour. */
  pruneIntervalMs?: number;
}

export const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_SESSION_IDLE_LIFETIME_MS = 30 * DAY_MS;
export const DEFAULT_SESSION_ABSOLUTE_LIFETIME_MS = 90 * DAY_MS;
export const DEFAULT_VISITOR_KEY_IDLE_MS = 30 * DAY_MS;
export const DEFAULT_KEY_PRUNE_INTERVAL_MS = 60 * 60 * 1000;
// The limits of the key exchange and the password reset are the rate limiter's (core), which
// applies them; named here too, beside the session lifetimes, for the configuration.
export { DEFAULT_KEY_EXCHANGE_RATE_LIMIT, DEFAULT_RESET_REQUEST_WINDOW_MS, DEFAULT_RESET_REQUESTS_PER_CLIENT, DEFAULT_RESET_REQUESTS_PER_EMAIL } from '../../core/rateLimit/plugin.ts';

export interface AccountsConfig {
  sessions: Required<SessionOptions>;
  /** Key exchanges (`POST /api/get_api_key`) per minute per client address. */
  keyExchangeMax: number;
  /** Password-reset requests per window per email address and per client address. */
  resetRequests: { perEmail: number; perClient: number; windowMs: number };
}

/** The options with their defaults filled in. */
export function sessionLifetimes(options: SessionOptions = {}): Required<SessionOptions> {
  return {
    idleLifetimeMs: options.idleLifetimeMs ?? DEFAULT_SESSION_IDLE_LIFETIME_MS,
    absoluteLifetimeMs: options.absoluteLifetimeMs ?? DEFAULT_SESSION_ABSOLUTE_LIFETIME_MS,
    visitorKeyIdleMs: options.visitorKeyIdleMs ?? DEFAULT_VISITOR_KEY_IDLE_MS,
    pruneIntervalMs: options.pruneIntervalMs ?? DEFAULT_KEY_PRUNE_INTERVAL_MS,
  };
}

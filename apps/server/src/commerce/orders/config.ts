/** Default pause between renewal runs (env COMMERCE_RENEWAL_INTERVAL_MS). */
export const DEFAULT_RENEWAL_INTERVAL_MS = 60_000;

/**
 * How long a renewal charge may wait for its webhook (env COMMERCE_RENEWAL_TIMEOUT_MS). A card
 * processor answers within seconds; past this the webhook is taken as lost and the provider is asked.
 */
export const DEFAULT_RENEWAL_TIMEOUT_MS = 30 * 60_000;

/** Charges made for one renewal before it fails (env COMMERCE_RENEWAL_ATTEMPTS). */
export const DEFAULT_RENEWAL_ATTEMPTS = 3;

export interface RenewalSettings {
  /** A pending renewal charge older than this is cancelled at the provider and retried or failed. */
  chargeTimeoutMs: number;
  /** At most this many charges per renewal, each under its own idempotency key. */
  chargeAttempts: number;
}

export interface CommerceOptions extends Partial<RenewalSettings> {
  /** Pause between renewal runs; 0 turns the job off. */
  renewalIntervalMs?: number;
}

export const DEFAULT_RENEWAL_SETTINGS: RenewalSettings = { chargeTimeoutMs: DEFAULT_RENEWAL_TIMEOUT_MS, chargeAttempts: DEFAULT_RENEWAL_ATTEMPTS };

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^[0-9]+$/.test(raw.trim()) || Number(raw) < min || !Number.isSafeInteger(Number(raw))) {
    throw new Error(`${name} must be a whole number of at least ${min} (got "${raw}")`);
  }
  return Number(raw);
}

/**
 * What `serve` runs the orders with: COMMERCE_RENEWAL_INTERVAL_MS (0 turns the job off),
 * COMMERCE_RENEWAL_TIMEOUT_MS and COMMERCE_RENEWAL_ATTEMPTS. A bad value stops the server naming it.
 */
export function commerceConfigFromEnv(env: NodeJS.ProcessEnv = process.env): CommerceOptions {
  return {
    renewalIntervalMs: integer(env, 'COMMERCE_RENEWAL_INTERVAL_MS', DEFAULT_RENEWAL_INTERVAL_MS, 0),
    chargeTimeoutMs: integer(env, 'COMMERCE_RENEWAL_TIMEOUT_MS', DEFAULT_RENEWAL_TIMEOUT_MS, 1000),
    chargeAttempts: integer(env, 'COMMERCE_RENEWAL_ATTEMPTS', DEFAULT_RENEWAL_ATTEMPTS, 1),
  };
}

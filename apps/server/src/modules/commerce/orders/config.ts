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

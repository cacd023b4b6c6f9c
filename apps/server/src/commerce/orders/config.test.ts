import { describe, expect, it } from 'vitest';
import { commerceConfigFromEnv, DEFAULT_RENEWAL_ATTEMPTS, DEFAULT_RENEWAL_INTERVAL_MS, DEFAULT_RENEWAL_TIMEOUT_MS } from './config.ts';

describe('commerceConfigFromEnv', () => {
  it('defaults: a run a minute, 30 minutes for a renewal webhook, 3 charges', () => {
    expect(commerceConfigFromEnv({})).toEqual({ renewalIntervalMs: DEFAULT_RENEWAL_INTERVAL_MS, chargeTimeoutMs: DEFAULT_RENEWAL_TIMEOUT_MS, chargeAttempts: DEFAULT_RENEWAL_ATTEMPTS });
    expect(DEFAULT_RENEWAL_TIMEOUT_MS).toBe(30 * 60_000);
  });

  it('reads whole numbers, 0 turning the job off', () => {
    expect(commerceConfigFromEnv({ COMMERCE_RENEWAL_INTERVAL_MS: '0', COMMERCE_RENEWAL_TIMEOUT_MS: '600000', COMMERCE_RENEWAL_ATTEMPTS: '5' })).toEqual({
      renewalIntervalMs: 0,
      chargeTimeoutMs: 600_000,
      chargeAttempts: 5,
    });
  });

  it('refuses a bad value naming the variable (serve stops)', () => {
    expect(() => commerceConfigFromEnv({ COMMERCE_RENEWAL_TIMEOUT_MS: '30m' })).toThrow(/COMMERCE_RENEWAL_TIMEOUT_MS/);
    expect(() => commerceConfigFromEnv({ COMMERCE_RENEWAL_TIMEOUT_MS: '10' })).toThrow(/COMMERCE_RENEWAL_TIMEOUT_MS/);
    expect(() => commerceConfigFromEnv({ COMMERCE_RENEWAL_ATTEMPTS: '0' })).toThrow(/COMMERCE_RENEWAL_ATTEMPTS/);
    expect(() => commerceConfigFromEnv({ COMMERCE_RENEWAL_ATTEMPTS: '-1' })).toThrow(/COMMERCE_RENEWAL_ATTEMPTS/);
    expect(() => commerceConfigFromEnv({ COMMERCE_RENEWAL_INTERVAL_MS: 'soon' })).toThrow(/COMMERCE_RENEWAL_INTERVAL_MS/);
  });
});

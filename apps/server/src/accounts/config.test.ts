import { describe, expect, it } from 'vitest';
import { accountsConfigFromEnv, DEFAULT_KEY_EXCHANGE_RATE_LIMIT, DEFAULT_SESSION_ABSOLUTE_LIFETIME_MS, DEFAULT_SESSION_IDLE_LIFETIME_MS } from './config.ts';

describe('accountsConfigFromEnv', () => {
  it('has the documented defaults', () => {
    const config = accountsConfigFromEnv({});
    expect(config.sessions.idleLifetimeMs).toBe(DEFAULT_SESSION_IDLE_LIFETIME_MS);
    expect(DEFAULT_SESSION_IDLE_LIFETIME_MS).toBe(30 * 86_400_000);
    expect(config.sessions.absoluteLifetimeMs).toBe(DEFAULT_SESSION_ABSOLUTE_LIFETIME_MS);
    expect(DEFAULT_SESSION_ABSOLUTE_LIFETIME_MS).toBe(90 * 86_400_000);
    expect(config.sessions.visitorKeyIdleMs).toBe(30 * 86_400_000);
    expect(config.sessions.pruneIntervalMs).toBe(3_600_000);
    expect(config.keyExchangeMax).toBe(DEFAULT_KEY_EXCHANGE_RATE_LIMIT);
  });

  it('reads durations with a unit or in milliseconds, and 0 turns the pruning off', () => {
    const config = accountsConfigFromEnv({ SESSION_IDLE_LIFETIME: '12h', SESSION_ABSOLUTE_LIFETIME: '7d', VISITOR_KEY_IDLE_LIFETIME: '90000', KEY_PRUNE_INTERVAL: '0', KEY_EXCHANGE_RATE_LIMIT: '600' });
    expect(config.sessions).toEqual({ idleLifetimeMs: 12 * 3_600_000, absoluteLifetimeMs: 7 * 86_400_000, visitorKeyIdleMs: 90_000, pruneIntervalMs: 0 });
    expect(config.keyExchangeMax).toBe(600);
  });

  it('stops on a bad value, naming the variable', () => {
    for (const [name, value] of [
      ['SESSION_IDLE_LIFETIME', '30 days'],
      ['SESSION_IDLE_LIFETIME', '0'],
      ['SESSION_ABSOLUTE_LIFETIME', '-5d'],
      ['VISITOR_KEY_IDLE_LIFETIME', '1.5d'],
      ['KEY_PRUNE_INTERVAL', 'hourly'],
      ['KEY_EXCHANGE_RATE_LIMIT', '0'],
      ['KEY_EXCHANGE_RATE_LIMIT', 'lots'],
    ] as const) {
      expect(() => accountsConfigFromEnv({ [name]: value }), `${name}=${value}`).toThrow(name);
    }
  });
});

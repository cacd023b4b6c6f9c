import { describe, expect, it } from 'vitest';
import { ListingCache } from './eventsCache.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ListingCache', () => {
  it('computes a burst of identical misses once', async () => {
    const cache = new ListingCache<number>();
    const gate = deferred<number>();
    let calls = 0;
    const compute = () => {
      calls += 1;
      return gate.promise;
    };
    const answers = Promise.all([cache.get('1:a', compute), cache.get('1:a', compute), cache.get('1:a', compute)]);
    gate.resolve(7);
    expect(await answers).toEqual([7, 7, 7]);
    expect(calls).toBe(1);
    expect(await cache.get('1:a', async () => 8)).toBe(7);
  });

  it('serves a stale answer while one refresh replaces it, and recomputes once too old', async () => {
    let now = 0;
    const cache = new ListingCache<number>({ ttlMs: 10, staleMs: 20, now: () => now });
    await cache.get('k', async () => 1);
    now = 15;
    let refreshes = 0;
    const refresh = async () => {
      refreshes += 1;
      return 2;
    };
    expect(await cache.get('k', refresh)).toBe(1);
    expect(await cache.get('k', refresh)).toBe(2);
    expect(refreshes).toBe(1);
    now = 100;
    expect(await cache.get('k', async () => 3)).toBe(3);
  });

  it('drops one channel’s answers on invalidation and keeps nothing computed before it', async () => {
    const cache = new ListingCache<string>();
    await cache.get('1:x', async () => 'one');
    await cache.get('2:x', async () => 'two');
    const gate = deferred<string>();
    const inFlight = cache.get('1:y', () => gate.promise);
    cache.invalidate('1:');
    gate.resolve('old');
    expect(await inFlight).toBe('old');
    expect(await cache.get('1:y', async () => 'new')).toBe('new');
    expect(await cache.get('1:x', async () => 'fresh')).toBe('fresh');
    expect(await cache.get('2:x', async () => 'other')).toBe('two');
    cache.invalidate(null);
    expect(await cache.get('2:x', async () => 'again')).toBe('again');
  });
});

import { describe, expect, it } from 'vitest';
import { ListingCache } from './cache.ts';

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
    const cache = new ListingCache<number>({ ttlMs: 10, staleMs: 20, jitter: 0, now: () => now });
    await cache.get('k', async () => 1);
    now = 15;
    let refreshes = 0;
    const refresh = async () => {
      refreshes += 1;
      return 2;
    };
    expect(await cache.get('k', refresh)).toBe(1);
    expect(await cache.get('k', refresh)).toBe(1);
    await cache.idle();
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

  it('runs one computation at a time, misses before refreshes, and lets the event loop in between', async () => {
    let now = 0;
    const cache = new ListingCache<string>({ ttlMs: 10, staleMs: 1_000, jitter: 0, now: () => now });
    await cache.get('stale-1', async () => 'a');
    await cache.get('stale-2', async () => 'b');
    await cache.idle();
    now = 20;
    const order: string[] = [];
    let running = 0;
    let most = 0;
    const job = (name: string) => async () => {
      running += 1;
      most = Math.max(most, running);
      order.push(name);
      await new Promise((resolve) => setTimeout(resolve, 1));
      running -= 1;
      return name;
    };
    // Two stale answers are served at once and queued for refresh; a miss arrives after them.
    expect(await cache.get('stale-1', job('refresh-1'))).toBe('a');
    expect(await cache.get('stale-2', job('refresh-2'))).toBe('b');
    const miss = cache.get('miss', job('miss'));
    let loopTurns = 0;
    const ticker = setInterval(() => (loopTurns += 1), 0);
    expect(await miss).toBe('miss');
    await cache.idle();
    clearInterval(ticker);
    expect(most).toBe(1);
    // The first refresh had already started; the miss overtook the second.
    expect(order).toEqual(['refresh-1', 'miss', 'refresh-2']);
    expect(loopTurns).toBeGreaterThan(0);
    expect(await cache.get('stale-2', job('again'))).toBe('refresh-2');
  });

  it('takes up to the jitter share off freshness so answers computed together expire apart', async () => {
    let now = 0;
    const cache = new ListingCache<number>({ ttlMs: 1_000, staleMs: 1_000, jitter: 0.5, now: () => now });
    for (let i = 0; i < 50; i += 1) await cache.get(`k${i}`, async () => i);
    now = 499;
    const refreshed = new Set<number>();
    for (let i = 0; i < 50; i += 1) await cache.get(`k${i}`, async () => (refreshed.add(i), -1));
    expect(refreshed.size).toBe(0);
    now = 750;
    for (let i = 0; i < 50; i += 1) await cache.get(`k${i}`, async () => (refreshed.add(i), -1));
    await cache.idle();
    expect(refreshed.size).toBeGreaterThan(0);
    expect(refreshed.size).toBeLessThan(50);
  });

  it("serves another channel's miss before the rest of one channel's burst of misses", async () => {
    const cache = new ListingCache<string>({ concurrency: 1 });
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(name);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return name;
    };
    // Channel 1 asks for four listings no one asked before; channel 2 for one, just after.
    const burst = ['1:a', '1:b', '1:c', '1:d'].map((key) => cache.get(key, job(key)));
    const other = cache.get('2:a', job('2:a'));
    await Promise.all([...burst, other]);
    // The burst's first was running already; the other channel goes next, not after the whole burst.
    expect(order).toEqual(['1:a', '2:a', '1:b', '1:c', '1:d']);
  });

  it("keeps other channels' answers when one channel asks for many new listings", async () => {
    const cache = new ListingCache<string>({ max: 10, maxPerChannel: 4 });
    for (const key of ['2:a', '2:b', '2:c']) await cache.get(key, async () => key);
    // Channel 1 asks for twenty listings no one asked before (random dates, a crawler).
    for (let i = 0; i < 20; i += 1) await cache.get(`1:${i}`, async () => String(i));
    expect(['2:a', '2:b', '2:c'].map((key) => cache.has(key))).toEqual([true, true, true]);
    // Channel 1 keeps its latest four.
    expect([16, 17, 18, 19].map((i) => cache.has(`1:${i}`))).toEqual([true, true, true, true]);
    expect(cache.has('1:15')).toBe(false);
  });
});

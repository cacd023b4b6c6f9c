import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseCounter, databaseRateLimitStore } from './store.ts';
import { engine, openTestDatabase, type TestDatabase } from '../../../test/helper.ts';

describe(`the rate-limit counters in the database (${engine})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  const rows = (key: string) => database.db.selectFrom('rate_limit_hits').selectAll().where('key', '=', key).execute();

  it('counts concurrent hits exactly, each seeing its own count', async () => {
    const counter = databaseCounter(database.db);
    const hits = await Promise.all(Array.from({ length: 60 }, () => counter.hit('concurrent', 60_000)));
    expect(hits.map((hit) => hit.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    for (const hit of hits) {
      expect(hit.ttl).toBeGreaterThan(50_000);
      expect(hit.ttl).toBeLessThanOrEqual(60_000);
    }
    expect(await rows('concurrent')).toEqual([expect.objectContaining({ hits: 60 })]);
  });

  it('counts two counters (two instances) on one database together', async () => {
    const [one, two] = [databaseCounter(database.db), databaseCounter(database.db)];
    const hits = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? one : two).hit('shared', 60_000)));
    expect(Math.max(...hits.map((hit) => hit.current))).toBe(20);
  });

  it('starts a new window when the last one ended, and prunes ended windows', async () => {
    const counter = databaseCounter(database.db);
    expect((await counter.hit('short', 150)).current).toBe(1);
    expect((await counter.hit('short', 150)).current).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await counter.hit('short', 150)).toMatchObject({ current: 1 });
    await counter.hit('ends', 50);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await counter.prune()).toBeGreaterThanOrEqual(1);
    expect(await rows('ends')).toEqual([]);
    expect(await rows('concurrent')).toHaveLength(1);
  });

  it('prunes while counting, at most once a minute', async () => {
    let clock = 0;
    const counter = databaseCounter(database.db, () => clock);
    await counter.hit('stale', 10);
    await new Promise((resolve) => setTimeout(resolve, 50));
    clock = 60_000;
    await counter.hit('fresh', 60_000);
    expect(await rows('stale')).toEqual([]);
  });

  it('serves @fastify/rate-limit: a count per route, passed to its callback', async () => {
    const Store = databaseRateLimitStore(databaseCounter(database.db));
    const store = new Store({});
    const login = store.child({ routeInfo: { method: 'POST', url: '/api/v2/auth/login' } } as never);
    const register = store.child({ routeInfo: { method: 'POST', url: '/api/v2/auth/register' } } as never);
    const incr = (s: typeof store) => new Promise<{ current: number; ttl: number }>((resolve, reject) => s.incr('127.0.0.1|1', (error, result) => (error ? reject(error) : resolve(result!)), 60_000, 10));
    expect((await incr(login)).current).toBe(1);
    expect((await incr(login)).current).toBe(2);
    expect((await incr(register)).current).toBe(1);
  });
});

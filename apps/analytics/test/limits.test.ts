import { afterEach, describe, expect, it } from 'vitest';
import type { IngestLimits } from '../src/ingestLimits.ts';
import { count, NORTHFIELD_KEY, sessionBody, testApp, viewing, visitPage, type TestApp } from './helpers.ts';

/**
 * Ingest's per-client limits (src/ingestLimits.ts): a client holding the public profile key cannot
 * store as many rows as it likes. Small limits and a settable clock keep these quick.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

let clock = new Date('2026-03-10T12:00:00.500Z');
async function start(limits: Partial<IngestLimits>, trustProxy = false) {
  clock = new Date('2026-03-10T12:00:00.500Z');
  t = await testApp({}, { ingestLimits: limits, now: () => clock, ...(trustProxy ? { trustProxy: true } : {}) });
  return t;
}

function from(address: string) {
  return {
    hash: async () => {
      const response = await t!.app.inject({ method: 'GET', url: `/datalake/hash/?profile=${NORTHFIELD_KEY}`, remoteAddress: address });
      return response.statusCode === 200 ? (response.json() as { data: string }).data : response;
    },
    post: (url: string, body: object) =>
      t!.app.inject({ method: 'POST', url, remoteAddress: address, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
  };
}
const session = async (client: ReturnType<typeof from>) => {
  const hash = await client.hash();
  if (typeof hash !== 'string') throw new Error(`hash: ${hash.statusCode}`);
  return hash;
};
const batch = (session_uuid: string, n: number) => ({
  profile: NORTHFIELD_KEY,
  session_uuid,
  items: Array.from({ length: n }, () => ({ call: 'event', body: visitPage })),
});
const dropped = async () => ((await t!.app.inject({ method: 'GET', url: '/healthz' })).json() as { data: { dropped: Record<string, number> } }).data.dropped;

describe('ingest limits', () => {
  it('limits the rows of one address a minute, whatever sessions it mints; the excess is dropped, counted, not stored', async () => {
    const { store } = await start({ perAddress: 50, perSession: 1_000 });
    const client = from('198.51.100.7');
    for (let i = 0; i < 4; i++) expect((await client.post('/datalake/batch/', batch(await session(client), 10))).statusCode).toBe(200);
    // 4 hashes + 40 rows so far; another batch of 10 goes past 50.
    const refused = await client.post('/datalake/batch/', batch(await session(client), 10));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ field: 'request' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await count(store)).toBe(40);
    expect(await dropped()).toMatchObject({ address_rate: 10 });
    // Another address is not held back by it, and the next minute the first may send again.
    const other = from('198.51.100.8');
    expect((await other.post('/datalake/batch/', batch(await session(other), 10))).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 60_000);
    expect((await client.post('/datalake/batch/', batch(await session(client), 10))).statusCode).toBe(200);
    expect(await count(store)).toBe(60);
  });

  it('counts an IPv6 client by its /64: fresh addresses in it share one limit', async () => {
    const { store } = await start({ perAddress: 30, perSession: 1_000 });
    for (let i = 1; i <= 2; i++) {
      const client = from(`2001:db8:7:7::${i}`);
      expect((await client.post('/datalake/batch/', batch(await session(client), 10))).statusCode).toBe(200);
    }
    const fresh = from('2001:db8:7:7:abcd:ef01:2345:6789');
    expect((await fresh.post('/datalake/batch/', batch(await session(fresh), 10))).statusCode).toBe(429);
    const elsewhere = from('2001:db8:7:8::1');
    expect((await elsewhere.post('/datalake/batch/', batch(await session(elsewhere), 10))).statusCode).toBe(200);
    expect(await count(store)).toBe(30);
  });

  it('limits the rows of one session a minute, and a session a day (then refused 403: the client drops them)', async () => {
    const { store } = await start({ perAddress: 100_000, perSession: 25, sessionDaily: 60 });
    const client = from('203.0.113.9');
    const mine = await session(client);
    expect((await client.post('/datalake/session/', { ...sessionBody, profile: NORTHFIELD_KEY, session: mine })).statusCode).toBe(200);
    expect((await client.post('/datalake/batch/', batch(mine, 20))).statusCode).toBe(200);
    const oneMore = await client.post('/datalake/video/viewing/', { ...viewing, profile: NORTHFIELD_KEY, session_uuid: mine });
    expect((await client.post('/datalake/batch/', batch(mine, 5))).statusCode).toBe(429);
    expect(oneMore.statusCode).toBe(200);
    expect(await dropped()).toMatchObject({ session_rate: 5 });
    // Another session of the same address is not held back by it.
    expect((await client.post('/datalake/batch/', batch(await session(client), 20))).statusCode).toBe(200);
    // Over the minutes of the day: 1 + 20 + 1 rows so far, then 25 and 10 more, then the day is full.
    clock = new Date(clock.getTime() + 60_000);
    expect((await client.post('/datalake/batch/', batch(mine, 25))).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 60_000);
    expect((await client.post('/datalake/batch/', batch(mine, 10))).statusCode).toBe(200);
    const full = await client.post('/datalake/batch/', batch(mine, 10));
    expect(full.statusCode).toBe(403);
    expect(full.json()).toMatchObject({ field: 'session_uuid' });
    expect(await dropped()).toMatchObject({ session_rate: 5, session_day: 10 });
    expect(await count(store, `session_uuid = '${mine}'`)).toBe(57);
    // The next UTC day the session may send again.
    clock = new Date('2026-03-11T00:00:01Z');
    expect((await client.post('/datalake/batch/', batch(mine, 10))).statusCode).toBe(200);
  });

  it('caps a batch at the configured number of items (400 naming items), counted as dropped', async () => {
    const { store } = await start({ batchItems: 20 });
    const client = from('192.0.2.44');
    const refused = await client.post('/datalake/batch/', batch(await session(client), 21));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'items' });
    expect(await dropped()).toMatchObject({ batch: 21 });
    expect(await count(store)).toBe(0);
  });
});

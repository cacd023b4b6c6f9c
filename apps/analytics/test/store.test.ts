import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pruneExpired } from '../src/app.ts';
import { emptyRow } from '../src/storage/row.ts';
import { openStore, QueueFullError } from '../src/storage/store.ts';
import { ADMIN_TOKEN, count, LAURENTIDES_KEY, NORTHFIELD_KEY, post, rows, sessionFor, tempDir, type TestApp, testApp, visitPage } from './helpers.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function app(...args: Parameters<typeof testApp>): Promise<TestApp> {
  const t = await testApp(...args);
  cleanups.push(() => t.close());
  return t;
}

const row = (channel: string, received_at: Date, fields: Partial<Parameters<typeof emptyRow>[0]> = {}) =>
  emptyRow({ channel, received_at, kind: 'event', event: 'visit_page', session_uuid: 's1', ...fields });

describe('back-pressure', () => {
  it('answers 429 with Retry-After when the queue is full, and stores every call it acknowledged', async () => {
    // A queue of 10 rows and a slow first commit: the 11th row finds no room.
    const t = await app({ queueLimit: 10, flushDelayMs: 100 });
    const session = await sessionFor(t.app, NORTHFIELD_KEY);
    const answers = await Promise.all(Array.from({ length: 25 }, () => post(t.app, '/datalake/event/', { ...visitPage, profile: NORTHFIELD_KEY, session_uuid: session })));
    const ok = answers.filter((response) => response.statusCode === 200);
    const refused = answers.filter((response) => response.statusCode === 429);
    expect(ok.length).toBe(10);
    expect(refused.length).toBe(15);
    expect(refused[0]!.headers['retry-after']).toBe('2');
    expect(refused[0]!.json()).toEqual({ message: expect.any(String), field: 'request' });
    expect(await count(t.store)).toBe(10);
    // Room again once committed.
    expect((await post(t.app, '/datalake/event/', { ...visitPage, profile: NORTHFIELD_KEY, session_uuid: session })).statusCode).toBe(200);
  });

  it('refuses a batch whole when it does not fit, never half of it', async () => {
    const t = await app({ queueLimit: 150, flushDelayMs: 100 });
    const session = await sessionFor(t.app, NORTHFIELD_KEY);
    const batch = { profile: NORTHFIELD_KEY, session_uuid: session, items: Array.from({ length: 100 }, () => ({ call: 'event', body: visitPage })) };
    const [first, second] = await Promise.all([post(t.app, '/datalake/batch/', batch), post(t.app, '/datalake/batch/', batch)]);
    expect([first!.statusCode, second!.statusCode]).toEqual([200, 429]);
    expect(await count(t.store)).toBe(100);
  });

  it('commits many calls in few transactions, and never splits a call across two', async () => {
    const store = await openStore({ path: ':memory:', maxBatchRows: 250 });
    cleanups.push(() => store.close());
    const calls = Array.from({ length: 40 }, (_, index) => Array.from({ length: 100 }, () => row('northfield', new Date(), { session_uuid: `s${index}` })));
    await Promise.all(calls.map((call) => store.append(call)));
    const stats = store.stats();
    expect(stats.committedRows).toBe(4000);
    // 100-row calls under a 250-row cap: two per commit, 20 commits.
    expect(stats.commits).toBe(20);
    expect(stats.queued).toBe(0);
    await expect(openStore({ path: ':memory:', queueLimit: 5 }).then(async (small) => {
      try {
        await small.append(Array.from({ length: 6 }, () => row('northfield', new Date())));
      } finally {
        await small.close();
      }
    })).rejects.toBeInstanceOf(QueueFullError);
  });
});

describe('a failed commit', () => {
  it('rejects every call it carried, keeps none of their rows, and the next commit goes through', async () => {
    const store = await openStore({ path: ':memory:', flushDelayMs: 20 });
    cleanups.push(() => store.close());
    // A NULL channel breaks NOT NULL: the whole commit fails, the good call with it.
    const broken = store.append([row(null as unknown as string, new Date())]);
    const neighbour = store.append([row('northfield', new Date())]);
    await expect(broken).rejects.toThrow();
    await expect(neighbour).rejects.toThrow();
    expect(store.stats().queued).toBe(0);
    await store.append([row('northfield', new Date(), { session_uuid: 'after' })]);
    expect((await rows(store)).map((stored) => stored['session_uuid'])).toEqual(['after']);
  });
});

describe('restart safety', () => {
  it('keeps every acknowledged row across a close without a checkpoint (replayed from the write-ahead log)', async () => {
    const temp = tempDir();
    cleanups.push(() => temp.remove());
    const path = join(temp.dir, 'analytics.duckdb');
    const first = await openStore({ path });
    await first.connection.run('SET checkpoint_threshold = \'1TB\'');
    await Promise.all(Array.from({ length: 30 }, (_, index) => first.append([row('northfield', new Date(), { session_uuid: `s${index}` })])));
    // No checkpoint on the way out: only the WAL holds the rows, as after a crash.
    await first.connection.run('PRAGMA disable_checkpoint_on_shutdown');
    await first.close();
    expect(statSync(`${path}.wal`).size).toBeGreaterThan(0);
    const second = await openStore({ path });
    cleanups.push(() => second.close());
    expect(await count(second)).toBe(30);
  });

  it('commits what is queued when closing, and then refuses more', async () => {
    const temp = tempDir();
    cleanups.push(() => temp.remove());
    const path = join(temp.dir, 'analytics.duckdb');
    const store = await openStore({ path, flushDelayMs: 1000 });
    const pending = store.append([row('northfield', new Date())]);
    await store.close();
    await pending;
    await expect(store.append([row('northfield', new Date())])).rejects.toThrow(/closing/);
    const reopened = await openStore({ path });
    cleanups.push(() => reopened.close());
    expect(await count(reopened)).toBe(1);
  });
});

describe('retention', () => {
  it("deletes rows past each channel's retention when the app is ready, then on every interval", async () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const store = await openStore({ path: ':memory:' });
    await store.append([
      row('northfield', daysAgo(400)),
      row('northfield', daysAgo(100)),
      row('laurentides', daysAgo(100)),
      row('laurentides', daysAgo(20)),
      row('elsewhere', daysAgo(396)),
      row('elsewhere', daysAgo(394)),
    ]);
    const retention = { defaultDays: 395, channels: { laurentides: 30 } };
    const t = await app({}, { store, retention, retentionIntervalMs: 30, now: () => now });
    const kept = async () => (await rows(t.store)).map((stored) => `${stored['channel']} ${stored['received_at']}`).sort();
    expect(await kept()).toEqual([`elsewhere ${fmt(daysAgo(394))}`, `laurentides ${fmt(daysAgo(20))}`, `northfield ${fmt(daysAgo(100))}`]);
    // A row past retention arriving later goes at the next interval.
    await store.append([row('laurentides', daysAgo(31))]);
    await expect.poll(() => count(store, "channel = 'laurentides'"), { timeout: 2000, interval: 20 }).toBe(1);
    expect(await pruneExpired(store, retention, now)).toBe(0);
  });
});

/** DuckDB's JSON text of a TIMESTAMPTZ in UTC. */
function fmt(date: Date): string {
  return `${date.toISOString().replace('T', ' ').replace(/\.\d+Z$/, '')}+00`;
}

describe('POST /admin/forget', () => {
  const forget = (t: TestApp, body: unknown, token: string | null = ADMIN_TOKEN) =>
    t.app.inject({ method: 'POST', url: '/admin/forget', headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) }, payload: JSON.stringify(body) });

  it("deletes a viewer's rows and their sessions' rows, in that channel only", async () => {
    const t = await app();
    const signedIn = await sessionFor(t.app, NORTHFIELD_KEY);
    const other = await sessionFor(t.app, NORTHFIELD_KEY);
    const laurentides = await sessionFor(t.app, LAURENTIDES_KEY);
    const send = (profile: string, session_uuid: string, user_id: number | null) => post(t.app, '/datalake/event/', { ...visitPage, profile, session_uuid, user_id });
    // The viewer browses anonymously, then signs in, in the same session.
    await send(NORTHFIELD_KEY, signedIn, null);
    await send(NORTHFIELD_KEY, signedIn, 7);
    await send(NORTHFIELD_KEY, other, 8);
    // The same user id in another channel is another viewer.
    await send(LAURENTIDES_KEY, laurentides, 7);
    const response = await forget(t, { channel: 'northfield', user_id: 7 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { deleted: 2 } });
    const left = await rows(t.store);
    expect(left.map((stored) => [stored['channel'], stored['user_id']])).toEqual([
      ['northfield', '8'],
      ['laurentides', '7'],
    ]);
  });

  it('forgets rows acknowledged just before it, still queued', async () => {
    const t = await app({ flushDelayMs: 200 });
    const session = await sessionFor(t.app, NORTHFIELD_KEY);
    const queued = post(t.app, '/datalake/event/', { ...visitPage, profile: NORTHFIELD_KEY, session_uuid: session, user_id: 9 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const response = await forget(t, { channel: 'northfield', user_id: 9 });
    expect((await queued).statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { deleted: 1 } });
    expect(await count(t.store)).toBe(0);
  });

  it('refuses a wrong or missing token (401), an unset one (403), and bad input naming the field', async () => {
    const t = await app();
    expect((await forget(t, { channel: 'northfield', user_id: 7 }, 'wrong')).statusCode).toBe(401);
    expect((await forget(t, { channel: 'northfield', user_id: 7 }, `${ADMIN_TOKEN}x`)).statusCode).toBe(401);
    expect((await forget(t, { channel: 'northfield', user_id: 7 }, null)).json()).toEqual({ message: expect.any(String), field: 'authorization' });
    const badUser = await forget(t, { channel: 'northfield', user_id: -3 });
    expect([badUser.statusCode, badUser.json().field]).toEqual([400, 'user_id']);
    const badChannel = await forget(t, { channel: 'nowhere', user_id: 3 });
    expect([badChannel.statusCode, badChannel.json().field]).toEqual([404, 'channel']);
    const off = await app({}, { adminToken: undefined });
    const refused = await forget(off, { channel: 'northfield', user_id: 7 }, '');
    expect([refused.statusCode, refused.json().field]).toEqual([403, 'authorization']);
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/helper.ts';
import { type NoticeSubscription, postgresNotices } from './notices.ts';

// Each cache that other instances' writes make stale listens on a notice channel of its own (api
// keys, schedules, channels, favourites, …). Behind a balancer every instance holds these
// listeners for its whole life: they share one connection, not one each.
describe('notices from PostgreSQL', () => {
  let database: TestDatabase;
  const subscriptions: NoticeSubscription[] = [];
  const heard: Record<string, string[]> = { one: [], two: [], three: [] };
  const live: Record<string, boolean[]> = { one: [], two: [], three: [] };

  const listeners = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'LISTEN %'`.execute(database.db)).rows[0]!.n;
  const notify = (channel: string, payload: string) => sql`select pg_notify(${`test_${channel}`}, ${payload})`.execute(database.db);

  beforeAll(async () => {
    database = await openTestDatabase();
    const listen = postgresNotices(database.connectionString!);
    for (const channel of ['one', 'two', 'three']) {
      subscriptions.push(listen(`test_${channel}`, { notice: (payload) => heard[channel]!.push(payload), live: (listening) => live[channel]!.push(listening) }));
    }
    await Promise.all(subscriptions.map((subscription) => subscription.ready));
  });
  afterAll(async () => {
    await Promise.all(subscriptions.map((subscription) => subscription.close()));
    await database?.close();
  });

  it('listens on every channel through one connection, each notice to its own listener', async () => {
    expect(await listeners()).toBe(1);
    expect(live).toEqual({ one: [true], two: [true], three: [true] });
    await notify('one', 'a');
    await notify('two', 'b');
    await notify('three', 'c');
    await expect.poll(() => heard, { timeout: 10_000 }).toEqual({ one: ['a'], two: ['b'], three: ['c'] });
  });

  it('tells every listener when the connection is lost, and listens on all of them again', async () => {
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN %'`.execute(database.db);
    // The client hears of the end only when its socket closes, a moment after the call: wait for the
    // loss and the return both, not for "listening" (which it still says before it hears).
    await expect
      .poll(() => Object.values(live).map((states) => states.slice(-2)), { timeout: 15_000 })
      .toEqual([
        [false, true],
        [false, true],
        [false, true],
      ]);
    expect(await listeners()).toBe(1);
    await notify('two', 'again');
    await expect.poll(() => heard.two, { timeout: 10_000 }).toEqual(['b', 'again']);
  });

  it('stops listening on a closed channel only, and lets the connection go with the last', async () => {
    await subscriptions[0]!.close();
    await notify('one', 'unheard');
    await notify('three', 'heard');
    await expect.poll(() => heard.three, { timeout: 10_000 }).toEqual(['c', 'heard']);
    expect(heard.one).toEqual(['a']);
    await subscriptions[1]!.close();
    await subscriptions[2]!.close();
    await expect.poll(listeners, { timeout: 10_000 }).toBe(0);
  });
});

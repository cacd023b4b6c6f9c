import { afterEach, expect, it } from 'vitest';
import { join } from 'node:path';
import { count, tempDir, firstFrame, NORTHFIELD_KEY, post, sessionFor, type TestApp, testApp, viewing, visitPage } from './helpers.ts';

let t: TestApp;
const temp = tempDir();
afterEach(async () => {
  await t.close();
  temp.remove();
});

it('takes 20,000 events (batches and single calls, 50 at a time) and stores every one', { timeout: 20_000 }, async () => {
  // A file, not memory: every commit syncs the write-ahead log, as in production. Every call comes
  // from one address and 20 sessions here, so the per-client limits are lifted: this is throughput.
  t = await testApp({ path: join(temp.dir, 'analytics.duckdb') }, { ingestLimits: { perAddress: 1_000_000, perSession: 1_000_000, sessionDaily: 1_000_000 } });
  const sessions = await Promise.all(Array.from({ length: 20 }, () => sessionFor(t.app, NORTHFIELD_KEY)));
  const items = [
    { call: 'event', body: visitPage },
    { call: 'video/event', body: firstFrame },
    { call: 'video/viewing', body: viewing },
  ];
  // 180 batches of 100 and 2,000 single calls: 20,000 rows.
  const jobs: (() => ReturnType<typeof post>)[] = [];
  for (let index = 0; index < 180; index += 1) {
    const session_uuid = sessions[index % sessions.length]!;
    jobs.push(() => post(t.app, '/datalake/batch/', { profile: NORTHFIELD_KEY, session_uuid, items: Array.from({ length: 100 }, (_, item) => items[item % 3]) }));
  }
  for (let index = 0; index < 2000; index += 1) {
    const session_uuid = sessions[index % sessions.length]!;
    jobs.push(() => post(t.app, '/datalake/video/viewing/', { ...viewing, profile: NORTHFIELD_KEY, session_uuid }));
  }
  const started = performance.now();
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        statuses.push((await job()).statusCode);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
  expect(await count(t.store)).toBe(20_000);
  expect(await count(t.store, "kind = 'viewing'")).toBe(180 * 33 + 2000);
  const stats = t.store.stats();
  // Group commit: far fewer commits than calls.
  expect(stats.commits).toBeLessThan(jobs.length / 2);
  console.info(`load: 20,000 rows in ${jobs.length} calls, ${seconds.toFixed(2)} s (${Math.round(20_000 / seconds)} rows/s), ${stats.commits} commits`);
});

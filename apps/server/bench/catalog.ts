// `pnpm bench`: catalog read throughput. The server runs in a child process (so the load
// generator does not share its event loop) on a temp PGlite seeded from channels/ (or the test
// fixtures when channels/ is empty); autocannon loads /api/settings and /api/events-categories.
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.ts';
import { loadChannelFolders } from '../src/core/channels/loadChannels.ts';
import { seedMissing, upsertChannels } from '../src/modules/channels/seed.ts';
import { openDatabase } from '../src/core/db/connect.ts';
import { migrateToLatest } from '../src/migrations.ts';
import { loadConfig } from '../src/config.ts';

const GOAL_RPS = 3_000;
const GOAL_P99_MS = 20;
const DURATION_S = 10;
const CONNECTIONS = 50;
const ROUTES = ['/api/settings', '/api/events-categories'];

async function runServer(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'grandstand-bench-'));
  const opened = await openDatabase({ kind: 'pglite', dataDir });
  await migrateToLatest(opened.db);
  let folders = await loadChannelFolders(loadConfig().paths.channelsDir);
  if (folders.length === 0) folders = await loadChannelFolders(join(import.meta.dirname, '..', 'test', 'fixtures', 'channels'));
  const channels = await upsertChannels(opened.db, folders);
  await seedMissing(opened.db, channels);
  const app = await buildApp({ db: opened.db, channels, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const channel = channels.find((c) => c.config.default) ?? channels[0]!;
  process.send?.({ port, channelKey: channel.config.channelKey, slug: channel.config.slug });
  process.once('disconnect', () => {
    void app
      .close()
      .then(() => opened.close())
      .then(() => rm(dataDir, { recursive: true, force: true }))
      .finally(() => process.exit(0));
  });
}

async function runBench(): Promise<void> {
  const child = fork(import.meta.filename, ['--server'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = await new Promise<{ port: number; channelKey: string; slug: string }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { port: number; channelKey: string; slug: string }));
    child.once('exit', (code) => reject(new Error(`the bench server exited early (${code})`)));
  });
  const base = `http://127.0.0.1:${ready.port}`;
  try {
    const keyResponse = await fetch(`${base}/api/get_api_key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ channel_key: ready.channelKey }) });
    const { data } = (await keyResponse.json()) as { data: { api_key: string } };
    console.log(`catalog bench: channel ${ready.slug}, ${CONNECTIONS} connections, ${DURATION_S} s per route (goal >= ${GOAL_RPS} req/s, p99 <= ${GOAL_P99_MS} ms)`);
    for (const route of ROUTES) {
      const result = await autocannon({ url: `${base}${route}?api_key=${data.api_key}`, connections: CONNECTIONS, duration: DURATION_S });
      const rps = Math.round(result.requests.average);
      const p99 = result.latency.p99;
      const verdict = rps >= GOAL_RPS && p99 <= GOAL_P99_MS ? 'meets the goal' : 'BELOW the goal';
      const problems = result.non2xx + result.errors + result.timeouts;
      console.log(`  ${route.padEnd(24)} ${String(rps).padStart(6)} req/s avg   p99 ${String(p99).padStart(3)} ms   ${verdict}${problems ? `   (${problems} non-2xx/errors)` : ''}`);
    }
  } finally {
    child.disconnect();
  }
}

if (process.argv.includes('--server')) await runServer();
else await runBench();

// `pnpm bench`: the ingest goal, 5,000 events/s on this machine without losing one. Starts the
// service as `serve` runs it, on a spare port with a throwaway store, fires the load script at it
// twice (batched calls, as the sites send them; then half the events as single calls), and stops it.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = Number(process.env.BENCH_ANALYTICS_PORT ?? 8795);
const url = `http://127.0.0.1:${PORT}`;
const dir = mkdtempSync(join(tmpdir(), 'grandstand-ingest-bench-'));
const here = new URL('..', import.meta.url).pathname;
const service = spawn(process.execPath, ['src/cli.ts', 'serve'], {
  cwd: here,
  env: { ...process.env, ANALYTICS_PORT: String(PORT), ANALYTICS_DATA_DIR: dir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function ready(): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (service.exitCode !== null) throw new Error(`the service exited (${service.exitCode}) before it listened`);
    const up = await fetch(`${url}/healthz`).then((answer) => answer.ok, () => false);
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the service did not listen within 20 s');
}

try {
  await ready();
  console.log('\nAnalytics ingest (goal: 5,000 events/s, none lost)');
  for (const [label, singles] of [['batched (as the sites send)', '0'], ['half single calls', '0.5']] as const) {
    console.log(`\n  ${label}:`);
    const run = spawnSync(process.execPath, ['scripts/ingest-load.ts', '--url', url, '--rate', '5000', '--seconds', '10', '--singles', singles], { cwd: here, encoding: 'utf8' });
    process.stdout.write(run.stdout.replace(/^/gm, '    '));
    if (run.status !== 0) process.stdout.write(`    ${run.stderr.trim() || `the load run failed (${run.status})`}\n`);
  }
} finally {
  service.kill('SIGTERM');
  await new Promise((resolve) => service.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}

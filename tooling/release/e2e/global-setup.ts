import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { prepareConsumer } from '../src/consumer.ts';
import { API_ORIGIN, APP_ORIGIN, APP_PORT, appConfig, preparedFile } from './support.ts';

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Once per run: the consumer app made from the packed packages (pack, npm install, typecheck,
 * build, outside the repository), then served from its own origin by Vite's preview server, whose
 * `/media` goes to the API's origin as a CDN's would. Answers the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = Date.now();
  const prepared = await prepareConsumer(appConfig('northfield'));
  process.stdout.write(`consumer app prepared in ${prepared.dir} (${Math.round((Date.now() - started) / 1000)} s)\n`);
  writeFileSync(preparedFile, JSON.stringify({ dir: prepared.dir }));
  const preview = spawn('npx', ['--no-install', 'vite', 'preview', '--port', String(APP_PORT), '--strictPort', '--host', 'localhost'], {
    cwd: prepared.dir,
    env: { ...process.env, GRANDSTAND_API_ORIGIN: API_ORIGIN },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  await waitFor(`${APP_ORIGIN}/channel-app.json`, 30_000);
  return async () => {
    if (preview.pid !== undefined) {
      try {
        process.kill(-preview.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    rmSync(prepared.dir, { recursive: true, force: true });
    rmSync(preparedFile, { force: true });
  };
}

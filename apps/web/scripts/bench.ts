// `pnpm bench` for the site: the home route's initial JavaScript per channel, in KB gzip, as a
// viewer's Chromium actually loads it (every script up to the home view being shown), against the
// real server. Goal: <= 200 KB (issue 2; the framework alone is about 156 KB).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { channelUrl, chromiumLaunchOptions, e2eDataDir, E2E_PORT, repoRoot } from '../e2e/support.ts';
import { listChannelSlugs, loadChannel } from './channels.ts';

const GOAL_KB = 200;
const server = `${repoRoot}/apps/server/src/cli.ts`;
const env = { ...process.env, PORT: String(E2E_PORT), PGLITE_DATA_DIR: `${e2eDataDir}-bench`, SITES_DIR: `${repoRoot}/apps/web/dist` };

async function run(args: string[]): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [server, ...args], { env, stdio: 'ignore' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`server ${args[0]} exited ${code}`))));
  });
}

async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      const response = await fetch(`http://localhost:${E2E_PORT}/channel-key.json`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not start');
}

rmSync(env.PGLITE_DATA_DIR, { recursive: true, force: true });
await run(['seed']);
const serving = spawn(process.execPath, [server, 'serve'], { env, stdio: 'ignore' });
try {
  await waitForServer();
  const browser = await chromium.launch(chromiumLaunchOptions);
  const rows: { channel: string; scripts: number; raw: number; gzip: number }[] = [];
  for (const slug of listChannelSlugs()) {
    const config = loadChannel(slug);
    const page = await browser.newPage();
    const bodies: Promise<Buffer>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.body());
    });
    await page.goto(channelUrl(config.default ? null : slug));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = await Promise.all(bodies);
    rows.push({
      channel: slug,
      scripts: scripts.length,
      raw: scripts.reduce((sum, body) => sum + body.length, 0) / 1024,
      gzip: scripts.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024,
    });
    await page.close();
  }
  await browser.close();
  process.stdout.write('\nHome route, initial JavaScript (goal <= 200 KB gzip)\n');
  for (const row of rows) {
    const verdict = row.gzip <= GOAL_KB ? 'meets goal' : 'OVER GOAL';
    process.stdout.write(
      `  ${row.channel.padEnd(14)} ${row.gzip.toFixed(1).padStart(7)} KB gzip  (${row.raw.toFixed(1)} KB raw, ${row.scripts} files)  ${verdict}\n`,
    );
  }
} finally {
  serving.kill('SIGTERM');
  rmSync(env.PGLITE_DATA_DIR, { recursive: true, force: true });
}

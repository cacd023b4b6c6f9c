// `pnpm bench` for the site, per channel, against the real server in a viewer's Chromium:
// - the home route's initial JavaScript in KB gzip (every script up to the home view shown and the
//   network idle). Goal: <= 200 KB (the framework alone is about 156 KB);
// - the watch route's JavaScript, with the player chunk (shaka) counted apart;
// - the time from a click on an event card to the first frame, median of several runs (the
//   goal <= 1 s on the local stream), read from the watch page's first-frame performance mark.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { channelUrl, chromiumLaunchOptions, e2eDataDir, E2E_PORT, repoRoot } from '../e2e/support.ts';
import type { Browser, Page } from '@playwright/test';
import { readChannels } from '@grandstand/contract/node';
import { channelsDir } from './channels.ts';

const GOAL_KB = 200;
const FIRST_FRAME_GOAL_MS = 1000;
const CLICK_RUNS = 7;
// The watch page's mark (@grandstand/events FIRST_FRAME_MARK); read by name to keep the bench free of the feature.
const FIRST_FRAME_MARK = 'grandstand:first-frame';
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
await run(['prepare-media']);
const serving = spawn(process.execPath, [server, 'serve'], { env, stdio: 'ignore' });
try {
  await waitForServer();
  const browser = await chromium.launch(chromiumLaunchOptions);
  const lines: string[] = [];
  for (const { config } of readChannels(channelsDir)) {
    const slug = config.slug;
    const host = config.default ? null : slug;
    const home = await scriptsOf(browser, channelUrl(host), (page) => page.getByRole('heading', { level: 1 }).first().waitFor());
    const eventId = await freeOnDemandEvent(config.channelKey);
    const watch = await scriptsOf(browser, channelUrl(host, `/watch/${eventId}`), (page) => waitForFirstFrame(page));
    const player = watch.filter((script) => /shaka-player/.test(script.url));
    const rest = watch.filter((script) => !/shaka-player/.test(script.url));
    const clicks = await clickToFirstFrame(browser, channelUrl(host, '/vod'), eventId);
    const median = [...clicks].sort((a, b) => a - b)[Math.floor(clicks.length / 2)] ?? Number.NaN;
    lines.push(
      `  ${slug}`,
      `    home route JavaScript       ${kb(home).padStart(7)} KB gzip (${home.length} files)   ${sum(home) <= GOAL_KB * 1024 ? 'meets goal (<= 200 KB)' : 'OVER GOAL (<= 200 KB)'}`,
      `    watch route JavaScript      ${kb(rest).padStart(7)} KB gzip (${rest.length} files) + player chunk ${kb(player)} KB gzip`,
      `    click on a card → 1st frame ${String(Math.round(median)).padStart(7)} ms median of ${clicks.length} (${clicks.map((ms) => Math.round(ms)).join(', ')})   ${median <= FIRST_FRAME_GOAL_MS ? 'meets goal (<= 1 s)' : 'OVER GOAL (<= 1 s)'}`,
    );
  }
  await browser.close();
  process.stdout.write(`\nSite figures (JavaScript as gzip -9 of each script Chromium loaded)\n${lines.join('\n')}\n`);
} finally {
  serving.kill('SIGTERM');
  rmSync(env.PGLITE_DATA_DIR, { recursive: true, force: true });
}

interface Script {
  url: string;
  gzip: number;
}

function sum(scripts: Script[]): number {
  return scripts.reduce((total, script) => total + script.gzip, 0);
}

function kb(scripts: Script[]): string {
  return (sum(scripts) / 1024).toFixed(1);
}

/** Every script a fresh page loads until `ready` and the network is idle. */
async function scriptsOf(browser: Browser, url: string, ready: (page: Page) => Promise<unknown>): Promise<Script[]> {
  const page = await browser.newPage();
  const pending: Promise<Script>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      pending.push(response.body().then((body) => ({ url: response.url(), gzip: gzipSync(body, { level: 9 }).length })));
    }
  });
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(pending);
  await page.close();
  return scripts;
}

async function waitForFirstFrame(page: Page): Promise<number> {
  const handle = await page.waitForFunction((mark) => performance.getEntriesByName(mark)[0]?.startTime, FIRST_FRAME_MARK, { timeout: 30_000 });
  return (await handle.jsonValue()) as number;
}

/**
 * From a click on the event's card in the on-demand listing to the first frame: a fresh page each
 * run (the first with a cold cache, the next as a returning viewer's), timed inside the page.
 */
async function clickToFirstFrame(browser: Browser, listingUrl: string, eventId: number): Promise<number[]> {
  const context = await browser.newContext();
  const runs: number[] = [];
  for (let run = 0; run < CLICK_RUNS; run += 1) {
    const page = await context.newPage();
    await page.goto(listingUrl);
    const card = page.locator(`main a[href="/watch/${eventId}"]`).first();
    await card.waitFor();
    await page.evaluate(() => {
      document.addEventListener('click', () => performance.mark('bench:click'), { capture: true, once: true });
    });
    await card.click();
    const frameAt = await waitForFirstFrame(page);
    const clickAt = await page.evaluate(() => performance.getEntriesByName('bench:click')[0]?.startTime ?? Number.NaN);
    runs.push(frameAt - clickAt);
    await page.close();
  }
  await context.close();
  return runs;
}

/** A free on-demand event of the channel, found through its API as a visitor would. */
async function freeOnDemandEvent(channelKey: string): Promise<number> {
  const base = `http://localhost:${E2E_PORT}/api`;
  const keyAnswer = await fetch(`${base}/get_api_key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel_key: channelKey }),
  });
  const apiKey = ((await keyAnswer.json()) as { data: { api_key: string } }).data.api_key;
  const events = (await (await fetch(`${base}/events?stream_status=finished&limit=100&api_key=${apiKey}`)).json()) as {
    data: { id: number; access_type: string }[];
  };
  const free = events.data.find((event) => event.access_type === 'free');
  if (!free) throw new Error('The channel has no free on-demand event to measure.');
  return free.id;
}

import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { LibraryResponse } from '@grandstand/contract';
import { demoChannels, siteUrl } from './channels.ts';
import { playhead } from './clipsSupport.ts';
import { consoleGet, uniqueName } from './consoleSupport.ts';
import { expect, test, visitorContext } from './support.ts';
import { text, texts } from './viewers.ts';

// The control room's library end to end on one channel: a 60 s video uploaded in the console plays
// in the library rail within 2 minutes of the upload, and a connection dropped mid-upload resumes.
// The producer uploads a generated 60 s video of about 20 MB in 5 MB pieces; the second piece's
// request is cut off, and the upload goes on from where the server says it stopped (never from zero). Once transcoded, the producer publishes it and puts it first in a new
// rail; a visitor finds it in that rail and plays it.

const channel = demoChannels[0];
/** The library's promise to a producer: on demand within 2 minutes of the upload. */
const READY_WITHIN = 120_000;

/** Sends the console's own call with the page's session cookie. */
async function consoleSend(page: Page, method: 'DELETE', path: string): Promise<number> {
  return page.evaluate(async ({ method, url }) => (await fetch(url, { method })).status, { method, url: `/api/console${path}` });
}

test(`${channel.slug}: a video uploaded in the console, its connection cut mid-way, resumes and plays in a library rail within 2 minutes`, async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const consoleTexts = texts(channel, 'console/src');
  const library = texts(channel, 'library/src');
  const site = texts(channel, 'vod/src/library');
  const name = uniqueName('Spring showcase');
  const file = testInfo.outputPath(`${name.replaceAll(' ', '_')}.mp4`);
  // 60 s of a test pattern and a tone at 240p, at a rate that makes it about 20 MB (a small upload, cheap to make and send).
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=426x240:rate=25:duration=60', '-f', 'lavfi', '-i', 'sine=frequency=523:duration=60']
    .concat(['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '2500k', '-maxrate', '2500k', '-bufsize', '5000k', '-c:a', 'aac', '-shortest', file]));
  expect(statSync(file).size).toBeGreaterThan(12 * 1024 * 1024);

  // The producer signs in and opens the library.
  await page.goto(siteUrl(channel, '/console/sign-in'));
  await page.getByRole('textbox', { name: text(consoleTexts, 'signIn.email') }).fill(`producer@${channel.slug}.test`);
  await page.getByRole('textbox', { name: text(consoleTexts, 'signIn.password'), exact: true }).fill(`${channel.slug}-producer-2026`);
  await page.getByRole('button', { name: text(consoleTexts, 'signIn.submit') }).click();
  const nav = page.getByRole('navigation', { name: text(consoleTexts, 'shell.nav') });
  await nav.getByRole('link', { name: text(library, 'nav.library') }).click();
  await expect(page.getByRole('heading', { level: 1, name: text(library, 'nav.library') })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('library-1366.png'), fullPage: true });

  // The second piece's request is cut off once; the client asks where the upload stands and goes on.
  let pieces = 0;
  let cut = false;
  await page.route('**/api/console/library/uploads/*', async (route) => {
    if (route.request().method() === 'PATCH' && ++pieces === 2 && !cut) {
      cut = true;
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  const offsets: number[] = [];
  page.on('response', (response) => {
    if (response.request().method() === 'HEAD' && response.url().includes('/api/console/library/uploads/')) offsets.push(Number(response.headers()['upload-offset'] ?? -1));
  });

  await page.getByLabel(text(library, 'upload.file')).setInputFiles(file);
  await page.getByRole('button', { name: text(library, 'upload.start') }).click();
  const title = name;
  await expect(page.getByText(text(library, 'upload.done', { name: `${name.replaceAll(' ', '_')}.mp4` }))).toBeVisible({ timeout: 120_000 });
  const uploadedAt = Date.now();
  expect(cut, 'a piece was cut off').toBe(true);
  // It went on from the first piece's end, not from zero.
  expect(offsets.length).toBeGreaterThan(0);
  expect(Math.max(...offsets)).toBeGreaterThanOrEqual(5 * 1024 * 1024);

  // Transcoded with its progress shown, within the two minutes.
  const itemOf = async () => (await consoleGet<LibraryResponse>(page, '/library')).items.find((item) => item.texts.en?.title === title);
  await expect.poll(async () => (await itemOf())?.status, { timeout: READY_WITHIN - (Date.now() - uploadedAt), intervals: [1000] }).toBe('ready');
  const item = (await itemOf())!;
  expect(item.duration).toBeGreaterThanOrEqual(59);

  // Published now, and first in a new rail.
  await page.reload();
  await page.getByText(text(library, 'items.edit', { title })).click();
  const form = page.getByRole('form', { name: text(library, 'items.edit', { title }) });
  const now = await page.evaluate(() => {
    const at = new Date(Date.now() - 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  });
  await form.getByLabel(text(library, 'form.publishAt')).fill(now);
  await form.getByRole('button', { name: text(library, 'form.save', { title }) }).click();
  await expect(form.getByText(text(library, 'form.saved'))).toBeVisible();

  const rail = uniqueName('Just in');
  await page.getByRole('textbox', { name: text(library, 'rails.newRail') }).fill(rail);
  await page.getByRole('button', { name: text(library, 'rails.create') }).click();
  const railCard = page.getByRole('region', { name: text(library, 'rails.rail', { title: rail }) });
  await railCard.getByRole('combobox', { name: text(library, 'rails.addVideo', { title: rail }) }).selectOption(String(item.id));
  await railCard.getByRole('button', { name: text(library, 'rails.add') }).click();
  await expect(railCard.getByRole('list').getByText(title)).toBeVisible();
  // The new rail is last: moved up until it is first, by its buttons.
  const up = page.getByRole('button', { name: text(library, 'rails.moveUp', { title: rail }) });
  const railIndex = async () => (await consoleGet<LibraryResponse>(page, '/library')).rails.findIndex((r) => r.title === rail);
  for (let at = await railIndex(); at > 0; at -= 1) {
    await up.click();
    await expect.poll(railIndex).toBe(at - 1);
    // The screen shows the new order before the next press.
    await expect(page.getByRole('list', { name: text(library, 'rails.title'), exact: true }).getByRole('listitem').nth(at - 1)).toContainText(rail);
  }
  await expect(up).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath('library-published-1366.png'), fullPage: true });

  // A visitor finds it in that rail and plays it.
  const visitor = await visitorContext(page.context().browser()!);
  const viewerPage = await visitor.newPage();
  await viewerPage.goto(siteUrl(channel, '/vod_library'));
  const shelf = viewerPage.getByRole('region', { name: rail });
  await expect(shelf).toBeVisible({ timeout: 20_000 });
  await expect(shelf.getByText(title).first()).toBeVisible();
  await viewerPage.goto(siteUrl(channel, `/vod_library?vod_id=${item.id}`));
  await expect(viewerPage.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect.poll(() => playhead(viewerPage), { timeout: 30_000 }).toBeGreaterThan(0);
  expect(Date.now() - uploadedAt, 'plays within 2 minutes of the upload').toBeLessThan(READY_WITHIN);
  await expect(viewerPage.getByRole('button', { name: text(site, 'player.pause') }).first()).toBeVisible();
  await visitor.close();

  // The demo as it was: the rail and the video go.
  const rails = (await consoleGet<LibraryResponse>(page, '/library')).rails;
  expect(await consoleSend(page, 'DELETE', `/library/rails/${rails.find((r) => r.title === rail)!.id}`)).toBe(200);
  expect(await consoleSend(page, 'DELETE', `/library/items/${item.id}`)).toBe(200);
});

import { demoChannels, siteUrl } from './channels.ts';
import { escape, finishedPaidEvents } from './checkout.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './support.ts';
import { newViewer, text, texts } from './viewers.ts';

// The first tap is never lost: a press on a button of the server's page before the site has taken
// it over is made once it has. The site's code is held back by the test until after the tap, so
// the tap is surely early whatever the machine's speed, on a phone's CPU (4× slower).

/**
 * Holds every script but the page's own small one (the boot chunk, which holds the presses) until
 * `release`; `asked` counts the scripts held (a press starts the site's load).
 */
async function holdSiteCode(page: Page): Promise<{ release: () => void; asked: () => number }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    if (/\/assets\/boot-[^/]+\.js$/.test(route.request().url())) return route.continue();
    asked += 1;
    await released;
    await route.continue();
  });
  return { release, asked: () => asked };
}

test('a Follow star tapped on /live before the site is ready opens the log-in prompt once it is', async ({ page, context }) => {
  test.setTimeout(90_000);
  const channel = demoChannels[0];
  const follow = texts(channel, 'favourites/src');
  const devtools = await context.newCDPSession(page);
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: 4 });

  const code = await holdSiteCode(page);

  await page.goto(siteUrl(channel, '/live'), { waitUntil: 'domcontentloaded' });
  const [before] = text(follow, 'follow.follow', { name: '\u0000' }).split('\u0000');
  const star = page.getByRole('button', { name: new RegExp(`^${escape(before!)}`) }).first();
  await star.click();
  // The tap landed on the server's page: the site's code was asked for (the press starts its load)
  // and is still held, and the site has not taken the page over.
  await expect.poll(code.asked).toBeGreaterThan(0);
  await expect(page.locator('html[data-ready]')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  code.release();
  const prompt = page.getByRole('dialog');
  await expect(prompt.getByText(text(follow, 'follow.loginTitle'))).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('html[data-ready]')).toHaveCount(1);
  // Made once: one prompt, not one per press.
  await expect(prompt).toHaveCount(1);
});

test('a logged-in viewer’s early press on the server page’s “Log in to watch” is not followed: they stay on the game and see their own way in', async ({ page, request }) => {
  test.setTimeout(90_000);
  const channel = demoChannels[0];
  const watch = texts(channel, 'events/src/watch');
  const [event] = await finishedPaidEvents(request, channel);
  expect(event, 'the demo has a finished paid event').toBeDefined();
  await newViewer(page, request, channel, 'early-link');

  const code = await holdSiteCode(page);

  // The server's page is a visitor's: it offers to log in. The viewer, already logged in, presses it.
  const watchPath = `/watch/${event!.id}`;
  await page.goto(siteUrl(channel, watchPath), { waitUntil: 'domcontentloaded' });
  const access = page.getByRole('region', { name: channel.text.accessTitle });
  await access.getByRole('link', { name: text(watch, 'access.login') }).click();
  await expect.poll(code.asked).toBeGreaterThan(0);
  await expect(page.locator('html[data-ready]')).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe(watchPath);

  // Once the site is theirs: still the game (not the log-in page, which sends a logged-in viewer
  // home), with the viewer's own choice alone: to buy it.
  code.release();
  await expect(access.getByRole('link', { name: text(watch, 'access.buy_event') }).or(access.getByRole('link', { name: new RegExp(`^${escape(text(watch, 'access.buy_price', { price: '' }).trim())}`) }))).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('html[data-ready]')).toHaveCount(1);
  await expect(access.getByRole('link', { name: text(watch, 'access.login') })).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe(watchPath);
});

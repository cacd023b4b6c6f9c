import type { Page } from '@playwright/test';
import { demoChannels, listEvents, siteUrl } from './channels.ts';
import { expect, test, visitorContext } from './support.ts';
import { registeredViewer, submitLogin, text, texts } from './viewers.ts';

// Devices and the playback check (spec §1 "Link another device with a code", §2 /simulate), on the
// first demo channel: a TV's browser shows a code, a phone links it, and the TV plays the games the
// viewer chooses; the check plays its test stream through the site's player and measures the
// connection, which a throttled network shows falling.
const channel = demoChannels[0];

/** The TV's playhead (its page has one <video> for the preroll and the game). */
function playhead(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelector('video')?.currentTime ?? 0);
}

/** The game plays: any preroll over, the picture moving. */
async function expectPlaying(page: Page): Promise<void> {
  await expect(page.getByText(channel.text.sponsor, { exact: true })).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(() => playhead(page), { timeout: 30_000 }).toBeGreaterThan(0.5);
}

test('a TV page linked from a phone plays the game chosen there, then the next one', async ({ page: phone, browser, request }) => {
  test.setTimeout(150_000);
  const auth = texts(channel, 'auth/src');
  const watch = texts(channel, 'events/src/watch');
  // Games free with an account: a visitor is asked to log in, the viewer plays them.
  const games = (await listEvents(request, channel, { stream_status: 'finished' })).filter((e) => e.access_type === 'register');
  expect(games.length, 'the demo has two on-demand games free with an account').toBeGreaterThanOrEqual(2);
  const [first, second] = games as [(typeof games)[number], (typeof games)[number]];

  // The TV: a browser where nobody is logged in, with the game open a moment before it is linked.
  const tvContext = await visitorContext(browser);
  const tv = await tvContext.newPage();
  await tv.goto(siteUrl(channel, `/watch/${first.id}`));
  await expect(tv.getByRole('link', { name: text(watch, 'access.login') })).toBeVisible();
  // Within the site (no reload), as a viewer would: the game's answer stays in the page's cache.
  await tv.evaluate(() => {
    window.history.pushState({}, '', '/device');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  const codeShown = tv.getByLabel(text(auth, 'device.codeLabel'));
  await expect(codeShown).toHaveText(/^[A-Z2-9]{8}$/);
  const code = ((await codeShown.textContent()) ?? '').trim();
  await expect(tv.getByRole('img', { name: text(auth, 'device.qr') })).toBeVisible();

  // The phone: a viewer logged in, on the game, presses "Watch on your TV" and enters the code.
  const { email } = await registeredViewer(request, channel, 'tv');
  await phone.goto(siteUrl(channel, '/login'));
  await submitLogin(phone, channel, email);
  await phone.goto(siteUrl(channel, `/watch/${first.id}`));
  const firstTitle = ((await phone.getByRole('heading', { level: 1 }).textContent()) ?? '').trim();
  await phone.getByRole('link', { name: text(watch, 'tv') }).click();
  await expect(phone).toHaveURL(new RegExp(`/profile/sessions/add\\?event=${first.id}$`));
  await phone.getByRole('textbox', { name: new RegExp(`^${text(auth, 'fields.code')}`) }).fill(code.toLowerCase());
  await phone.getByRole('button', { name: text(auth, 'sessions.submit') }).click();
  // spec §2: the link-device route ends on the active orders.
  await expect(phone).toHaveURL(/\/profile$/);

  // The TV becomes the player of that game, as the viewer: no "Log in to watch" left from before.
  await expect(tv.getByRole('heading', { level: 1, name: firstTitle })).toBeVisible({ timeout: 20_000 });
  await expectPlaying(tv);
  await expect(tv.getByRole('link', { name: text(watch, 'access.login') })).toHaveCount(0);

  // The viewer chooses the next game on the phone: the linked TV plays it.
  await phone.goto(siteUrl(channel, `/watch/${second.id}`));
  const secondTitle = ((await phone.getByRole('heading', { level: 1 }).textContent()) ?? '').trim();
  await phone.getByRole('link', { name: text(watch, 'tv') }).click();
  await phone.getByRole('button', { name: text(auth, 'sessions.send') }).click();
  await expect(phone.getByText(text(auth, 'sessions.sent'))).toBeVisible();
  await expect(tv.getByRole('heading', { level: 1, name: secondTitle })).toBeVisible({ timeout: 20_000 });
  await expectPlaying(tv);
  await tvContext.close();
});

/** The throughput the report states, in Mbit/s. */
async function measuredSpeed(page: Page): Promise<number> {
  const line = page.getByText(/Mbit\/s/).first();
  await expect(line).toBeVisible({ timeout: 60_000 });
  const match = /([\d.]+) Mbit\/s/.exec((await line.textContent()) ?? '');
  expect(match, 'the report states the measured throughput').not.toBeNull();
  return Number(match![1]);
}

test('the playback check reports on this browser, and a throttled network shows the throughput fall', async ({ page }) => {
  test.setTimeout(150_000);
  const watch = texts(channel, 'events/src/watch');
  await page.goto(siteUrl(channel, '/simulate'));
  await expect(page.getByRole('heading', { level: 1, name: text(watch, 'check.title') })).toBeVisible();
  await page.getByRole('button', { name: text(watch, 'check.start') }).click();
  const report = page.getByRole('region', { name: text(watch, 'check.reportTitle') });
  await expect(report).toBeVisible({ timeout: 60_000 });
  // This Chromium decodes the stream, its first frame came, and the picture's frames are counted.
  await expect(report.getByText(text(watch, 'check.finding.codecs.ok'))).toBeVisible();
  await expect(report.getByText(/started in [\d.]+ s|took [\d.]+ s to start/)).toBeVisible();
  await expect(report.getByText(/frames dropped/)).toBeVisible();
  const fast = await measuredSpeed(page);
  expect(fast).toBeGreaterThan(4);

  // The same check on a connection held to 1.2 Mbit/s (Chromium's network emulation).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: (1_200_000 / 8), uploadThroughput: (1_200_000 / 8) });
  await page.getByRole('button', { name: text(watch, 'check.again') }).click();
  await expect(report).toHaveCount(0);
  await expect(report).toBeVisible({ timeout: 90_000 });
  const slow = await measuredSpeed(page);
  expect(slow).toBeLessThan(fast);
  expect(slow).toBeLessThan(1.6);
  // Not enough for HD: the report says which quality it carries and what to try.
  await expect(report.getByText(/not for HD|below the/)).toBeVisible();
});

import type { Page } from '@playwright/test';
import { demoChannels, listEvents, siteUrl } from './channels.ts';
import { channelUrl, E2E_STREAM_LIFETIME_S, expect, test, visitorContext } from './support.ts';
import { logOutOnSite, registeredViewer, submitLogin } from './viewers.ts';

// A stream address is short-lived and bound to the session that asked for it (the end-to-end
// server's lifetime is E2E_STREAM_LIFETIME_S): the player renews it at half-life without a hiccup,
// a copy stops working for a browser that is not allowed to watch, and a logout ends the stream.
// Media journeys run on one channel.
const channel = demoChannels[0];
const LIFETIME_MS = E2E_STREAM_LIFETIME_S * 1000;

/** The token of a stream address: `/media/s/<token>/…`. */
const tokenOf = (url: string) => /\/media\/s\/([^/]+)\//.exec(new URL(url).pathname)?.[1] ?? null;

function playhead(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelector('video')?.currentTime ?? 0);
}

async function registerOnlyEvent(page: Page, status: 'finished' | 'live'): Promise<number> {
  const [event] = (await listEvents(page.request, channel, { stream_status: status })).filter((e) => e.access_type === 'register');
  expect(event, `the demo has a register-only ${status} event`).toBeDefined();
  return event!.id;
}

async function logInOnSite(page: Page, email: string): Promise<void> {
  await page.goto(siteUrl(channel, '/login'));
  await submitLogin(page, channel, email);
}

/** Waits out a preroll if one plays, until the event itself plays. */
async function untilEventPlays(page: Page): Promise<void> {
  await expect(page.getByText(channel.text.sponsor, { exact: true })).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(() => playhead(page), { timeout: 20_000 }).toBeGreaterThan(0);
}

test('the player plays through two renewals of its address without a stall', async ({ page }) => {
  test.setTimeout(90_000);
  const { email } = await registeredViewer(page.request, channel, 'renewal');
  await logInOnSite(page, email);
  const eventId = await registerOnlyEvent(page, 'finished');
  const segmentTokens: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    const token = tokenOf(request.url());
    if (token && path.endsWith('.m4s') && !segmentTokens.includes(token)) segmentTokens.push(token);
  });
  await page.goto(siteUrl(channel, `/watch/${eventId}`));
  await untilEventPlays(page);
  // Stalls are counted from here: the browser says `waiting` when the playhead stops for want of data.
  await page.evaluate(() => {
    const video = document.querySelector('video')!;
    (window as unknown as { stalls: number }).stalls = 0;
    video.addEventListener('waiting', () => ((window as unknown as { stalls: number }).stalls += 1));
  });
  const start = await playhead(page);
  const started = Date.now();
  // Past two half-lives, and past the first address's whole lifetime.
  await expect.poll(() => segmentTokens.length, { timeout: LIFETIME_MS * 2, intervals: [500] }).toBeGreaterThanOrEqual(3);
  await page.waitForTimeout(Math.max(0, LIFETIME_MS + 2_000 - (Date.now() - started)));
  const played = (await playhead(page)) - start;
  const elapsed = (Date.now() - started) / 1000;
  // The playhead kept pace with the clock (within two seconds), and never waited for data.
  expect(played).toBeGreaterThan(elapsed - 2);
  expect(await page.evaluate(() => (window as unknown as { stalls: number }).stalls)).toBe(0);
  await expect(page.locator('main').getByRole('alert')).toHaveCount(0);
});

test('a copied address of a register-only event stops working for a logged-out browser after its lifetime', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const { apiKey } = await registeredViewer(page.request, channel, 'copied');
  const eventId = await registerOnlyEvent(page, 'finished');
  const detail = await page.request.get(channelUrl(null, `/api/events/${eventId}?api_key=${apiKey}`));
  const stream = ((await detail.json()) as { data: { stream: { url: string; expires_in: number } | null } }).data.stream;
  expect(stream?.expires_in).toBe(E2E_STREAM_LIFETIME_S);
  const copied = siteUrl(channel, stream!.url);
  await page.request.post(channelUrl(null, '/api/auth/logout'), { data: { api_key: apiKey } });

  // Another browser, where nobody is logged in, is handed the copy.
  const visitor = await visitorContext(browser);
  try {
    await expect.poll(async () => (await visitor.request.get(copied)).status(), { timeout: LIFETIME_MS + 5_000, intervals: [1_000] }).toBe(403);
    // Its own watch page offers to log in, and asks for no stream.
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(siteUrl(channel, `/watch/${eventId}`));
    await expect(visitorPage.getByRole('region', { name: channel.text.accessTitle })).toBeVisible();
    await expect(visitorPage.locator('video')).toHaveCount(0);
  } finally {
    await visitor.close();
  }
});

test('logging out in one tab stops the player in the other within the renewal period', async ({ page, context }) => {
  test.setTimeout(90_000);
  const { email } = await registeredViewer(page.request, channel, 'two-tabs');
  await logInOnSite(page, email);
  const eventId = await registerOnlyEvent(page, 'live');
  await page.goto(siteUrl(channel, `/watch/${eventId}`));
  await untilEventPlays(page);

  const other = await context.newPage();
  await other.goto(siteUrl(channel, '/'));
  await logOutOnSite(other);
  const loggedOutAt = Date.now();

  // The first tab's next renewal is refused: the player gives way to the access panel.
  await expect(page.getByRole('region', { name: channel.text.accessTitle })).toBeVisible({ timeout: LIFETIME_MS / 2 + 5_000 });
  await expect(page.locator('video')).toHaveCount(0);
  expect(Date.now() - loggedOutAt).toBeLessThan(LIFETIME_MS);
});

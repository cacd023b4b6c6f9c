import { expect, test } from '@playwright/test';
import { API_ORIGIN, APP_ORIGIN, appConfig, seedEvents } from './support.ts';

// The channel app made from the published packages (global setup), on its own origin, calling the
// reference server across origins with the channel key it was given.

test('the home page shows the channel’s events, and a card’s watch page plays', async ({ page }) => {
  const crossOrigin: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${API_ORIGIN}/api/`)) crossOrigin.push(request.url());
  });
  await page.goto('/');

  // The seed's homepage event that is over and free: its recording plays for a visitor.
  const graduation = seedEvents('northfield').find((event) => event.homepage && event.stream_status === 'finished' && event.access_type === 'free');
  expect(graduation, 'the northfield seed has a free finished homepage event').toBeDefined();
  const card = page.getByRole('link', { name: graduation!.name }).first();
  await expect(card).toBeVisible();
  // More of the seed's events than one are on the home page.
  const names = new Set(seedEvents('northfield').map((event) => event.name));
  const shown = (await page.getByRole('link').allInnerTexts()).filter((text) => [...names].some((name) => text.includes(name)));
  expect(shown.length).toBeGreaterThan(1);
  // The data came from the API's own origin, not through this app's.
  expect(crossOrigin.some((url) => url.startsWith(`${API_ORIGIN}/api/get_api_key`))).toBe(true);

  await card.click();
  await expect(page).toHaveURL(/\/watch\/\d+$/);
  const video = page.locator('video').first();
  await expect(video).toBeAttached();
  await expect.poll(async () => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.5);
  const first = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect.poll(async () => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(first);
});

test('the same app configured for a channel whose site origins do not include it is refused', async ({ page, request }) => {
  // The same build told it is laurentides' app: laurentides does not list this origin.
  const config = appConfig('laurentides');
  await page.route('**/channel-app.json', (route) => route.fulfill({ json: config }));
  // The browser keeps the ungranted answer from the app: to the page, the exchange failed.
  const refused = page.waitForEvent('requestfailed', (failed) => failed.url() === `${API_ORIGIN}/api/get_api_key` && failed.method() === 'POST');
  await page.goto('/');
  await expect(page.getByRole('alert')).toHaveText(/cannot be reached/);
  await refused;
  // The server's answer to this origin grants nothing.
  const answer = await request.post(`${API_ORIGIN}/api/get_api_key`, { headers: { origin: APP_ORIGIN }, data: { channel_key: config.channelKey } });
  expect(answer.headers()['access-control-allow-origin']).toBeUndefined();
  const laurentidesNames = seedEvents('laurentides').map((event) => event.name);
  for (const name of laurentidesNames.slice(0, 5)) await expect(page.getByText(name)).toHaveCount(0);
  await expect(page.getByRole('link')).toHaveCount(0);
});

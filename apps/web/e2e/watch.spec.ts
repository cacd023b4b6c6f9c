import type { Page } from '@playwright/test';
import { demoChannels, listEvents, siteUrl } from './channels.ts';
import { expect, test } from './support.ts';

/** The main video's playhead (the player keeps one <video> for the preroll and the event). */
function playhead(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelector('video')?.currentTime ?? 0);
}

/** Waits out a preroll if one plays, then returns the playhead of the event itself. */
async function untilEventPlays(page: Page, sponsor: string): Promise<void> {
  const badge = page.getByText(sponsor, { exact: true });
  await expect(badge).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(() => playhead(page), { timeout: 20_000 }).toBeGreaterThan(0);
}

/** The scripts the page asks for from now on. */
function scriptsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return urls;
}

async function expectTimeAdvances(page: Page): Promise<void> {
  const start = await playhead(page);
  await expect.poll(() => playhead(page), { timeout: 15_000 }).toBeGreaterThan(start + 1.5);
}

for (const channel of demoChannels) {
  test.describe(`watching on ${channel.slug}`, () => {
    test('a free on-demand event plays', async ({ page, request }) => {
      const [event] = (await listEvents(request, channel, { stream_status: 'finished' })).filter((e) => e.access_type === 'free');
      expect(event, 'the demo has a free on-demand event').toBeDefined();
      const scripts = scriptsOf(page);
      await page.goto(siteUrl(channel, `/watch/${event!.id}`));
      await untilEventPlays(page, channel.text.sponsor);
      await expectTimeAdvances(page);
      // This Chromium plays HLS itself, yet shaka plays: only its request filter can take a renewed
      // stream address without a reload (the browser's own player is kept for browsers without
      // MediaSource).
      expect(await page.evaluate(() => document.createElement('video').canPlayType('application/vnd.apple.mpegurl'))).not.toBe('');
      expect(scripts.filter((url) => url.includes('shaka-player'))).toHaveLength(1);
    });

    test('a free live event plays, marked live', async ({ page, request }) => {
      const [event] = (await listEvents(request, channel, { stream_status: 'live' })).filter((e) => e.access_type === 'free');
      expect(event, 'the demo has a free live event').toBeDefined();
      const scripts = scriptsOf(page);
      await page.goto(siteUrl(channel, `/watch/${event!.id}`));
      await untilEventPlays(page, channel.text.sponsor);
      await expectTimeAdvances(page);
      // A live stream plays with shaka, whose clock mapping clips of a live game are cut by.
      expect(scripts.filter((url) => url.includes('shaka-player'))).toHaveLength(1);
      await expect(page.locator('main').getByText(channel.slug === 'northfield' ? 'Live' : 'En direct', { exact: true }).first()).toBeVisible();
    });

    test('an event that needs access shows its access panel and no stream', async ({ page, request }) => {
      const [event] = (await listEvents(request, channel, { stream_status: 'live' })).filter((e) => e.access_type === 'paid' || e.access_type === 'ppv');
      expect(event).toBeDefined();
      const streams: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/media/s/')) streams.push(r.url());
      });
      await page.goto(siteUrl(channel, `/watch/${event!.id}`));
      await expect(page.getByRole('region', { name: channel.text.accessTitle })).toBeVisible();
      await expect(page.locator('video')).toHaveCount(0);
      expect(streams).toEqual([]);
    });

    test('the embed page has the player and no header or footer', async ({ page, request }) => {
      const [event] = (await listEvents(request, channel, { stream_status: 'finished' })).filter((e) => e.access_type === 'free');
      await page.goto(siteUrl(channel, `/watch_embed/${event!.id}`));
      await expect(page.locator('video')).toHaveCount(1);
      await expect(page.getByRole('banner')).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      await expect(page.getByRole('navigation')).toHaveCount(0);
    });
  });
}

test('a preroll plays once and not again within the hour', async ({ page, request }) => {
  const channel = demoChannels[0];
  // northfield's live preroll covers every live event.
  const [event] = (await listEvents(request, channel, { stream_status: 'live' })).filter((e) => e.access_type === 'free');
  await page.goto(siteUrl(channel, `/watch/${event!.id}`));
  const sponsor = page.getByText(channel.text.sponsor, { exact: true });
  await expect(sponsor).toBeVisible({ timeout: 20_000 });
  await untilEventPlays(page, channel.text.sponsor);

  await page.reload();
  await expect.poll(() => playhead(page), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(sponsor).toHaveCount(0);
});

test('playback recovers by itself after a network cut', async ({ page, context, request }) => {
  // The cut outlasts the stream address (E2E_STREAM_LIFETIME_S): the player comes back on the
  // address its page renews once the network is back, which takes a half-life at most.
  test.setTimeout(60_000);
  const channel = demoChannels[0];
  const [event] = (await listEvents(request, channel, { stream_status: 'live' })).filter((e) => e.access_type === 'free');
  await page.goto(siteUrl(channel, `/watch/${event!.id}`));
  await untilEventPlays(page, channel.text.sponsor);

  await context.setOffline(true);
  // Long enough to drain the buffer: the live stream stalls.
  await page.waitForTimeout(12_000);
  const stalledAt = await playhead(page);
  await context.setOffline(false);
  await expect.poll(() => playhead(page), { timeout: 30_000 }).toBeGreaterThan(stalledAt + 2);
});

test('an on-demand event bridges a short network cut without an error, and shows one for a long cut, then recovers', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  const channel = demoChannels[0];
  const [event] = (await listEvents(request, channel, { stream_status: 'finished' })).filter((e) => e.access_type === 'free');
  await page.goto(siteUrl(channel, `/watch/${event!.id}`));
  await untilEventPlays(page, channel.text.sponsor);
  const alert = page.locator('main').getByRole('alert');

  // Short: shaka retries the requests that fail, quietly, and the network is back before it gives up.
  await context.setOffline(true);
  for (let waited = 0; waited < 3_000; waited += 250) {
    await page.waitForTimeout(250);
    await expect(alert).toHaveCount(0);
  }
  const resumedFrom = await playhead(page);
  await context.setOffline(false);
  await expect.poll(() => playhead(page), { timeout: 20_000 }).toBeGreaterThan(resumedFrom + 2);
  await expect(alert).toHaveCount(0);

  // Long: past the quiet reloads the viewer is told, and playback comes back with the network.
  await context.setOffline(true);
  await expect(alert).toBeVisible({ timeout: 30_000 });
  const stalledAt = await playhead(page);
  await context.setOffline(false);
  await expect.poll(() => playhead(page), { timeout: 30_000 }).toBeGreaterThan(stalledAt + 2);
  await expect(alert).toHaveCount(0);
});

test('a non-numeric or unknown event id ends on the 404 page', async ({ page }) => {
  const channel = demoChannels[0];
  for (const path of ['/watch/not-a-number', '/watch/99999999']) {
    await page.goto(siteUrl(channel, path));
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Hmm.... Looks like we lose this page' })).toBeVisible();
  }
});

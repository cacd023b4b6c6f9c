import type { APIRequestContext } from '@playwright/test';
import { type Clip, CLIP_REFUSALS, type Event } from '@grandstand/contract';
import { readChannel } from '@grandstand/contract/node';
import { channelsDir } from '../scripts/channels.ts';
import { demoChannels, siteUrl } from './channels.ts';
import type { DemoChannel } from './channels.ts';
import { freeGame, playhead } from './clipsSupport.ts';
import { newClipper, newViewer, text, texts } from './viewers.ts';
import { channelUrl, expect, test, visitorContext } from './support.ts';

// The clip library end to end (spec §2 /profile clips, /watch_library/{id}, /share/{id}/{uuid}):
// a real clip cut by the server's job from a demo recording, followed to ready on the profile,
// shared, played by a visitor, downloaded and deleted. Northfield, in English; a refusal in French
// on Laurentides.

const channel: DemoChannel = demoChannels[0];
const library = texts(channel, 'clips/src/library');

/** Cuts a clip through the API (the clip editor is the watch page's business). */
async function cutClip(request: APIRequestContext, apiKey: string, event: Event, name: string, on: DemoChannel = channel): Promise<Clip> {
  const tag = readChannel(channelsDir, on.slug).config.clips?.tags[0]?.id;
  expect(tag, 'the demo channel offers clip tags').toBeDefined();
  const answer = await request.post(channelUrl(null, '/api/clip'), {
    data: { api_key: apiKey, event_id: event.id, name, start_time: 10, duration: 6, tags: [tag] },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: Clip }).data;
}

test('a clip follows its way to ready in the profile, is shared, plays for anyone, downloads and is deleted', async ({ page, context, browser, request }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: siteUrl(channel, '/').replace(/\/$/, '') });
  const { apiKey } = await newClipper(page, request, channel, 'clipper');
  const game = await freeGame(request, channel, 'finished');
  const clip = await cutClip(request, apiKey, game, 'E2E top-corner goal');

  // The profile's clips: the new clip, then ready without a reload (spec §4, polled every 2 s).
  await page.goto(siteUrl(channel, '/profile/clips'));
  await expect(page.getByRole('link', { name: text(library, 'nav'), exact: true })).toHaveAttribute('aria-current', 'page');
  const card = page.getByRole('article', { name: 'E2E top-corner goal' });
  await expect(card).toBeVisible();
  await expect(card.getByText(text(library, 'clip.status.ready'), { exact: true })).toBeVisible({ timeout: 60_000 });

  // Share without a share sheet: the absolute link is copied.
  await card.getByRole('button', { name: text(library, 'clip.share') }).click();
  await expect(page.getByText(text(library, 'clip.copied'))).toBeVisible();
  const shareUrl = await page.evaluate(() => navigator.clipboard.readText());
  expect(shareUrl).toBe(siteUrl(channel, `/share/${game.id}/${clip.uuid}`));

  // Download: the signed MP4, as an attachment with a readable name.
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: text(library, 'clip.download') }).click();
  expect((await download).suggestedFilename()).toMatch(/\.mp4$/);

  // The event's clips list it too, under the game's title.
  await page.goto(siteUrl(channel, `/watch_library/${game.id}`));
  await expect(page.getByRole('article', { name: 'E2E top-corner goal' })).toBeVisible();
  await expect(page.getByRole('link', { name: text(library, 'event.watchGame') }).first()).toHaveAttribute('href', `/watch/${game.id}`);

  // The share page arrives rendered with its video card tags, for a link preview.
  const html = await (await request.get(shareUrl)).text();
  expect(html).toContain('<meta property="og:type" content="video.other" />');
  expect(html).toContain('<meta name="twitter:card" content="player" />');
  expect(html).toMatch(new RegExp(`<meta property="og:image" content="[^"]+/media/clips/[^"]+${clip.uuid}[^"]*\\.jpg"`));
  // On the channel's public origin (configuration), whatever host the request came by.
  expect(html).toMatch(new RegExp(`<meta name="twitter:player" content="https?://[^/"]+/share_embed/${game.id}/${clip.uuid}" />`));
  expect(html).toContain('E2E top-corner goal');

  // A visitor (another browser context, nobody logged in) plays it and goes on to the whole game.
  const visitor = await visitorContext(browser);
  const guest = await visitor.newPage();
  await guest.goto(shareUrl);
  await expect(guest.getByRole('heading', { name: 'E2E top-corner goal', level: 1 })).toBeVisible();
  await guest.getByRole('button', { name: text(library, 'player.play') }).first().click();
  await expect.poll(() => playhead(guest), { timeout: 20_000 }).toBeGreaterThan(0);
  await guest.getByRole('link', { name: text(library, 'share.watchWhole') }).click();
  await expect(guest).toHaveURL(siteUrl(channel, `/watch/${game.id}`));

  // Delete after the confirmation: gone from the list, and its link leads nowhere.
  await page.goto(siteUrl(channel, '/profile/clips'));
  await page.getByRole('article', { name: 'E2E top-corner goal' }).getByRole('button', { name: text(library, 'clip.delete') }).click();
  await page.getByRole('dialog').getByRole('button', { name: text(library, 'clip.confirmOk') }).click();
  await expect(page.getByRole('article', { name: 'E2E top-corner goal' })).toHaveCount(0);
  await expect(page.getByText(text(library, 'clip.deleted'))).toBeVisible();
  // The server reuses a rendered page for a few seconds (apps/server site-render): the link ends on
  // the 404 page once that has passed.
  await expect(async () => {
    await guest.goto(shareUrl);
    await expect(guest).toHaveURL(/\/404$/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await visitor.close();
});

test('a refused download reads in the channel’s language, not in the server’s English', async ({ page, request }) => {
  test.setTimeout(120_000);
  const french: DemoChannel = demoChannels[1];
  const frenchLibrary = texts(french, 'clips/src/library');
  const { apiKey } = await newClipper(page, request, french, 'downloader');
  const game = await freeGame(request, french, 'finished');
  const clip = await cutClip(request, apiKey, game, 'But en fin de match', french);
  await page.goto(siteUrl(french, '/profile/clips'));
  const card = page.getByRole('article', { name: 'But en fin de match' });
  await expect(card.getByText(text(frenchLibrary, 'clip.status.ready'), { exact: true })).toBeVisible({ timeout: 60_000 });

  // The day's downloads used up elsewhere (another tab, another device) while the page is open.
  const limit = readChannel(channelsDir, french.slug).config.clips?.limits?.downloads;
  expect(limit, 'the demo channel limits downloads').toBeDefined();
  for (let used = 0; used < limit!; used += 1) {
    expect((await request.get(channelUrl(null, `/api/clip/download/${clip.id}`), { params: { api_key: apiKey } })).status()).toBe(200);
  }
  await card.getByRole('button', { name: text(frenchLibrary, 'clip.download') }).click();
  await expect(card.getByText(text(frenchLibrary, 'refusals.downloadsLimit'))).toBeVisible();
  await expect(card.getByText(CLIP_REFUSALS.downloadsLimit)).toHaveCount(0);
});

test('an unknown shared clip ends on the 404 page', async ({ page }) => {
  await page.goto(siteUrl(channel, '/share/1/11111111-2222-4333-8444-555555555555'));
  await expect(page).toHaveURL(/\/404$/);
});

test('a visitor is asked to log in before their clips', async ({ page }) => {
  await page.goto(siteUrl(channel, '/profile/clips'));
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await page.goto(siteUrl(channel, '/watch_library/1'));
  await expect(page).toHaveURL(/\/login(\?|$)/);
});

test('the profile shows an empty list with a way to find a game to clip', async ({ page, request }) => {
  await newViewer(page, request, channel, 'clipper');
  await page.goto(siteUrl(channel, '/profile/clips'));
  await expect(page.getByRole('heading', { name: text(library, 'profile.emptyTitle') })).toBeVisible();
  await page.getByRole('link', { name: text(library, 'profile.findGame') }).click();
  await expect(page).toHaveURL(siteUrl(channel, '/'));
});

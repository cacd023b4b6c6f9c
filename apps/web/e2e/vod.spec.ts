import type { APIRequestContext } from '@playwright/test';
import type { Participant, VodMediaItem } from '@grandstand/contract';
import { demoChannels, siteUrl } from './channels.ts';
import type { DemoChannel } from './channels.ts';
import { playhead } from './clipsSupport.ts';
import { channelUrl, expect, test } from './support.ts';
import { registeredViewer, submitLogin, text, texts, visitorKey } from './viewers.ts';

// The on-demand library and search end to end on both demo channels (spec §2 /vod_library, §3
// Vod media item and rail, §5 vod search, §6 vod_media, §7 Vod calls): the library's rails, a free
// video playing, a locked one's access panel, a misspelled title found, a team found from the
// header's search box and its games opened.

async function api<T>(request: APIRequestContext, channel: DemoChannel, path: string, params: Record<string, string> = {}): Promise<T> {
  const answer = await request.get(channelUrl(null, `/api/${path}`), { params: { ...params, api_key: await visitorKey(request, channel) } });
  expect(answer.status(), path).toBe(200);
  return ((await answer.json()) as { data: T }).data;
}

/** A misspelling of each demo channel's title, accents dropped and a letter lost, and what it finds. */
const MISSPELLED: Record<DemoChannel['slug'], { words: string; finds: string }> = {
  northfield: { words: 'varsity hocky seasn', finds: 'Varsity Hockey: the 2025–26 season in review' },
  laurentides: { words: 'hocky feminin', finds: 'Hockey féminin : la saison en revue' },
};

for (const channel of demoChannels) {
  test(`${channel.slug}: the library plays a free video, locks a premium one, and the search forgives typos and finds teams`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const library = texts(channel, 'vod/src/library');
    const search = texts(channel, 'vod/src');
    const items = await api<VodMediaItem[]>(request, channel, 'vod-media-items', { limit: '100' });
    const free = items.find((item) => item.access === 'free')!;
    const premium = items.find((item) => item.access === 'vod_media')!;
    expect(free, 'a free video').toBeDefined();
    expect(premium, 'a premium video').toBeDefined();

    // The library: its rails and all its videos.
    await page.goto(siteUrl(channel, '/vod_library'));
    await expect(page.getByRole('heading', { name: text(library, 'title'), level: 1 })).toBeVisible();
    const rails = await api<{ title: string }[]>(request, channel, 'vod-media-rails');
    expect(rails.length).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole('region', { name: rails[0]!.title })).toBeVisible();

    // A free video plays for anyone.
    await page.goto(siteUrl(channel, `/vod_library?vod_id=${free.id}`));
    await expect(page.getByRole('heading', { name: free.title, level: 1 })).toBeVisible();
    // The library's player starts by itself: a press on Play as it starts would pause it again.
    await expect.poll(() => playhead(page), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: text(library, 'player.pause') }).first()).toBeVisible();

    // A premium video: a visitor is asked to log in; a viewer without a pass is offered one.
    await page.goto(siteUrl(channel, `/vod_library?vod_id=${premium.id}`));
    await expect(page.getByRole('heading', { name: text(library, 'item.login.title') })).toBeVisible();
    expect(await page.locator('video').count()).toBe(0);
    const viewer = await registeredViewer(request, channel, 'vod');
    await page.getByRole('main').getByRole('link', { name: text(library, 'item.login.login'), exact: true }).first().click();
    await submitLogin(page, channel, viewer.email);
    await page.goto(siteUrl(channel, `/vod_library?vod_id=${premium.id}`));
    await expect(page.getByRole('heading', { name: text(library, 'item.vodMedia.title') })).toBeVisible();
    await expect(page.getByRole('link', { name: text(library, 'item.vodMedia.buy') })).toHaveAttribute('href', '/packages');
    expect(await page.locator('video').count()).toBe(0);

    // A misspelled title, accents left out, is found on the full results page (the words kept in the URL).
    const misspelled = MISSPELLED[channel.slug];
    await page.goto(siteUrl(channel, `/search?${new URLSearchParams({ q: misspelled.words })}`));
    await expect(page.getByRole('link', { name: misspelled.finds }).first()).toBeVisible();

    // The header's search box finds a team as one types; Enter on it opens the team's games.
    const [team] = await api<Participant[]>(request, channel, 'participants');
    expect(team).toBeDefined();
    const box = page.getByRole('combobox', { name: text(search, 'search.label') });
    await box.click();
    await box.fill(team!.name);
    const option = page.getByRole('listbox').getByRole('option', { name: team!.name, exact: true });
    await expect(option).toBeVisible();
    while ((await option.getAttribute('aria-selected')) !== 'true') await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(siteUrl(channel, `/schedule?${new URLSearchParams({ team: team!.alias ?? team!.name })}`));
  });
}

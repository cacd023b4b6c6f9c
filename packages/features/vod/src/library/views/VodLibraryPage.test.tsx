import { VOD_MESSAGES } from '@grandstand/contract';
import { testSettings } from '@grandstand/test-kit/fixtures';
import { axe } from '@grandstand/vitest-config/axe';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { categories, coachesShow, emptyRail, featured, hockeyFeminin, itemsResponse, seasonReview, vodDetail, vodItem } from '../../test/fixtures.ts';
import { renderVod } from '../../test/render.tsx';

const library = {
  'GET /vod-media-rails': () => ({ json: { data: [featured, emptyRail] } }),
  'GET /vod-media-categories': () => ({ json: { data: categories } }),
  'GET /vod-media-items': () => ({ json: itemsResponse([seasonReview, coachesShow, hockeyFeminin]) }),
};

function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe('VodLibraryPage', () => {
  it('shows the channel’s rails and the whole library, newest first, with a lock on what the viewer may not watch', async () => {
    const { container, api } = await renderVod({ visitor: true, routes: library });
    expect(await screen.findByRole('heading', { name: 'On demand', level: 1 })).toBeInTheDocument();
    const rail = await screen.findByRole('region', { name: 'Featured' });
    // spec §9: the rail steps on its own (every 5000 ms) while nobody is over or in it.
    expect(rail).toHaveAttribute('data-auto-advance', 'on');
    // A rail with no items is not shown.
    expect(screen.queryByRole('region', { name: 'Coming soon' })).not.toBeInTheDocument();
    expect(within(rail).getByRole('link', { name: 'Season review 2025' })).toHaveAttribute('href', '/vod_library?vod_id=7');
    expect(within(rail).getByRole('link', { name: 'The coaches’ show (Log in to watch)' })).toBeInTheDocument();
    expect(within(rail).getByRole('link', { name: 'Women’s hockey: the season (Needs a premium pass)' })).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'All videos' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(cards[0]).toHaveTextContent('Season review 2025');
    expect(cards[0]).toHaveTextContent('Jun 1, 2026');
    expect(cards[0]).toHaveTextContent('Duration 1:15');
    expect(cards[0]).toHaveTextContent('Documentaries');
    expect(cards[1]).toHaveTextContent('Locked');
    expect(cards[0]?.querySelector('source')).toHaveAttribute('type', 'image/webp');
    expect(cards[0]?.querySelector('img')).toHaveAttribute('src', '/media/vod/northfield/item-7/poster.jpg');
    expect(api.calls.find((call) => call.path === '/api/vod-media-items')?.query).toMatchObject({ offset: '0', limit: '24' });
    expect(await axe(container)).toHaveNoViolations();
  });

  it('filters by category, keeps it in the address and says when a category is empty', async () => {
    const user = userEvent.setup();
    const { api, where } = await renderVod({
      routes: {
        ...library,
        'GET /vod-media-items': ({ query }) => ({ json: query.category_id === '2' ? itemsResponse([]) : itemsResponse([seasonReview]) }),
      },
    });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Category' }), 'Interviews');
    expect(await screen.findByRole('heading', { name: 'No videos in this category' })).toBeInTheDocument();
    expect(where()).toBe('/vod_library?category=interviews');
    expect(api.calls.some((call) => call.path === '/api/vod-media-items' && call.query.category_id === '2')).toBe(true);
  });

  it('reads a category named in the address only once the categories are known', async () => {
    const { api } = await renderVod({ route: '/vod_library?category=interviews', routes: library });
    await screen.findByRole('list', { name: 'All videos' });
    const listCalls = api.calls.filter((call) => call.path === '/api/vod-media-items');
    expect(listCalls.map((call) => call.query.category_id)).toEqual(['2']);
  });

  it('pages through the library', async () => {
    const user = userEvent.setup();
    const { api, where } = await renderVod({
      routes: { ...library, 'GET /vod-media-items': ({ query }) => ({ json: itemsResponse([vodItem({ id: 100 + Number(query.offset) })], 30, Number(query.offset)) }) },
    });
    await screen.findByRole('link', { name: 'Video 100' });
    await user.click(within(screen.getByRole('navigation', { name: 'Pages of the videos' })).getByRole('button', { name: /next/i }));
    expect(await screen.findByRole('link', { name: 'Video 124' })).toBeInTheDocument();
    expect(where()).toBe('/vod_library?page=2');
    expect(api.calls.filter((call) => call.path === '/api/vod-media-items').map((call) => call.query.offset)).toEqual(['0', '24']);
  });

  it('goes to the last page there is from a page past the end', async () => {
    const { where } = await renderVod({
      route: '/vod_library?page=9',
      routes: { ...library, 'GET /vod-media-items': ({ query }) => ({ json: itemsResponse(Number(query.offset) >= 48 ? [] : [vodItem({ id: 100 + Number(query.offset) })], 30, Number(query.offset)) }) },
    });
    expect(await screen.findByRole('link', { name: 'Video 124' })).toBeInTheDocument();
    expect(where()).toBe('/vod_library?page=2');
  });

  it('shows the whole library when the category named in the address is unknown or the categories failed', async () => {
    const { api } = await renderVod({
      route: '/vod_library?category=nope',
      routes: { ...library, 'GET /vod-media-categories': () => ({ status: 500, json: { message: 'Down' } }) },
    });
    expect(await screen.findByRole('list', { name: 'All videos' }, { timeout: 4000 })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/api/vod-media-items').map((call) => call.query.category_id)).toEqual([undefined]);
  });

  it('says when the library is empty, and offers to try again when it could not be loaded', async () => {
    let fail = true;
    const user = userEvent.setup();
    await renderVod({
      routes: { ...library, 'GET /vod-media-items': () => (fail ? { status: 500, json: { message: 'Down' } } : { json: itemsResponse([]) }) },
    });
    expect(await screen.findByRole('heading', { name: 'The videos could not be loaded' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No videos yet' })).toBeInTheDocument();
  });

  it('plays an item above the library for a viewer who may watch it', async () => {
    const settings = testSettings({
      prerolls: [
        { id: 1, url: '/media/prerolls/live.m3u8', weight: 5, location_id: null, event_categories: [], for_vod: false, for_live: true },
        { id: 2, url: '/media/prerolls/games.m3u8', weight: 5, location_id: null, event_categories: [100], for_vod: true, for_live: false },
        { id: 3, url: '/media/prerolls/vod.m3u8', weight: 1, location_id: null, event_categories: [], for_vod: true, for_live: false },
      ],
    });
    const { container } = await renderVod({
      route: '/vod_library?vod_id=7',
      routes: { ...library, 'GET /settings': () => ({ json: { data: settings } }), 'GET /vod-media-items/7': () => ({ json: { data: vodDetail(seasonReview) } }) },
    });
    expect(await screen.findByRole('heading', { name: 'Season review 2025', level: 1 })).toBeInTheDocument();
    // The shared player, named after the item (once the settings said which preroll plays first).
    expect(await screen.findByRole('region', { name: 'Season review 2025' })).toBeInTheDocument();
    expect(container.querySelector('video')).toHaveAttribute('poster', '/media/vod/northfield/item-7/poster.jpg');
    expect(screen.getByText('The whole season in a minute.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Season review 2025', level: 1 })).toHaveFocus();
    // The library stays below the item.
    expect(await screen.findByRole('list', { name: 'All videos' })).toBeInTheDocument();
  });

  it.each([
    ['login', coachesShow, 'Log in to watch this video'],
    ['vod_media', hockeyFeminin, 'This video needs a premium pass'],
    ['expired', hockeyFeminin, VOD_MESSAGES.expiredAccess],
  ] as const)('shows what stands in the way (%s) instead of a player, never a stream', async (locked, item, title) => {
    const user = userEvent.setup();
    const { container, where } = await renderVod({
      route: `/vod_library?vod_id=${item.id}`,
      routes: { ...library, [`GET /vod-media-items/${item.id}`]: () => ({ json: { data: vodDetail(item, locked) } }) },
    });
    expect(await screen.findByRole('heading', { name: title, level: 2 })).toBeInTheDocument();
    expect(container.querySelector('video')).toBeNull();
    expect(await axe(container)).toHaveNoViolations();
    if (locked === 'login') {
      expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', `/registration?vod_id=${item.id}`);
      await user.click(screen.getByRole('link', { name: 'Log in' }));
      await waitFor(() => expect(where()).toBe(`/login?vod_id=${item.id}`));
    } else {
      await user.click(screen.getByRole('link', { name: 'Buy a pass' }));
      await waitFor(() => expect(where()).toBe('/packages'));
    }
  });

  it.each([
    ['geo', undefined, "We're sorry, but this content is not available in your region."],
    ['suspended', { code: 'viewer_suspended' as const, message: 'suspended', reason: 'Sharing the account' }, 'Your account is suspended: you cannot watch or make clips until the channel restores it. Reason given: Sharing the account'],
  ] as const)('says why a barred viewer (%s) gets no player, whatever the item', async (locked, refusal, message) => {
    const { container } = await renderVod({
      route: `/vod_library?vod_id=${seasonReview.id}`,
      routes: { ...library, [`GET /vod-media-items/${seasonReview.id}`]: () => ({ json: { data: { ...vodDetail(seasonReview, locked), ...(refusal ? { refusal } : {}) } } }) },
    });
    const panel = await screen.findByRole('region', { name: 'Watch this video' });
    expect(panel).toHaveTextContent(message);
    expect(within(panel).queryByRole('link')).toBeNull();
    expect(container.querySelector('video')).toBeNull();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('opens a card’s item at the top of the library, with focus on its title', async () => {
    const user = userEvent.setup();
    const { where } = await renderVod({ routes: { ...library, 'GET /vod-media-items/8': () => ({ json: { data: vodDetail(coachesShow, 'login') } }) } });
    const list = await screen.findByRole('list', { name: 'All videos' });
    await user.click(within(list).getByRole('link', { name: 'The coaches’ show (Log in to watch)' }));
    await waitFor(() => expect(where()).toBe('/vod_library?vod_id=8'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'The coaches’ show', level: 1 })).toHaveFocus());
    await user.keyboard('{Tab}');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveFocus();
  });

  it('says an unknown or another channel’s item is not available, and keeps the library', async () => {
    await renderVod({
      route: '/vod_library?vod_id=999',
      routes: { ...library, 'GET /vod-media-items/999': () => ({ status: 404, json: { message: 'Not found', field: 'id' } }) },
    });
    expect(await screen.findByRole('heading', { name: 'This video is not available' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'All videos' })).toBeInTheDocument();
  });

  it.each(['abc', '-1', '0', '99999999999', '..%2Fsettings'])('ignores the item id %s without asking the server', async (raw) => {
    const { api } = await renderVod({ route: `/vod_library?vod_id=${raw}`, routes: library });
    await screen.findByRole('list', { name: 'All videos' });
    expect(api.calls.some((call) => call.path.startsWith('/api/vod-media-items/'))).toBe(false);
    expect(screen.getByRole('heading', { name: 'On demand', level: 1 })).toBeInTheDocument();
  });

  it('plays a card’s silent preview while it is hovered or focused', async () => {
    preferReducedMotion(false);
    const user = userEvent.setup();
    await renderVod({ routes: library });
    const list = await screen.findByRole('list', { name: 'All videos' });
    const card = within(list).getAllByRole('article')[0]!;
    expect(card.querySelector('video')).toBeNull();
    fireEvent.mouseEnter(card);
    const preview = card.querySelector('video');
    expect(preview).toHaveAttribute('src', '/media/vod/northfield/item-7/preview.mp4');
    expect(preview?.muted).toBe(true);
    fireEvent.mouseLeave(card);
    expect(card.querySelector('video')).toBeNull();
    // The keyboard: the card's link focused plays it too.
    await user.click(document.body);
    act(() => within(card).getByRole('link').focus());
    await waitFor(() => expect(card.querySelector('video')).not.toBeNull());
    act(() => within(card).getByRole('link').blur());
    await waitFor(() => expect(card.querySelector('video')).toBeNull());
  });

  it('never plays a preview for a viewer who prefers reduced motion', async () => {
    preferReducedMotion(true);
    await renderVod({ routes: library });
    const list = await screen.findByRole('list', { name: 'All videos' });
    const card = within(list).getAllByRole('article')[0]!;
    fireEvent.mouseEnter(card);
    act(() => within(card).getByRole('link').focus());
    expect(card.querySelector('video')).toBeNull();
  });

  it('speaks French on a French site', async () => {
    await renderVod({ language: 'fr', route: '/vod_library?vod_id=9', routes: { ...library, 'GET /vod-media-items/9': () => ({ json: { data: vodDetail(hockeyFeminin, 'vod_media') } }) } });
    expect(await screen.findByRole('heading', { name: 'Cette vidéo nécessite un passe premium' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Acheter un passe' })).toHaveAttribute('href', '/packages');
    expect(await screen.findByRole('heading', { name: 'Toutes les vidéos' })).toBeInTheDocument();
  });
});

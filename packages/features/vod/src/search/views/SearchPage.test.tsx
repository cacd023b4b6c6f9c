import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { coachesShow, eagles, game, lakeside, northfieldHigh, searchResponse, seasonReview, vodItem } from '../../test/fixtures.ts';
import { renderVod } from '../../test/render.tsx';

const searchCalls = (calls: { path: string; query: Record<string, string> }[]) => calls.filter((call) => call.path === '/api/vod-media/search');

describe('SearchPage', () => {
  it('shows the words’ results grouped by kind, with the spec’s defaults (10 videos, newest first)', async () => {
    const { api, container } = await renderVod({
      visitor: true,
      route: '/search?q=hockey%20feminin',
      routes: { 'GET /vod-media/search': () => ({ json: searchResponse({ videos: [seasonReview, coachesShow], events: [game], teams: [eagles, lakeside], schools: [northfieldHigh] }) }) },
    });
    expect(await screen.findByRole('heading', { name: 'Results for “hockey feminin”', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('hockey feminin');
    const videos = await screen.findByRole('region', { name: 'Videos (2)' });
    expect(within(videos).getByRole('link', { name: 'Season review 2025' })).toHaveAttribute('href', '/vod_library?vod_id=7');
    expect(within(screen.getByRole('region', { name: 'Games' })).getByRole('link', { name: 'Riverside Lions @ Northfield Eagles' })).toHaveAttribute('href', '/watch/42');
    const teams = screen.getByRole('region', { name: 'Teams' });
    expect(within(teams).getByRole('link', { name: 'Northfield Eagles' })).toHaveAttribute('href', '/schedule?team=northfield-eagles');
    expect(within(teams).getByRole('link', { name: 'Lakeside Hockey' })).toHaveAttribute('href', '/schedule?team=Lakeside+Hockey');
    expect(within(screen.getByRole('region', { name: 'Schools' })).getByRole('link', { name: 'Northfield High' })).toHaveAttribute('href', '/?school=northfield');
    expect(searchCalls(api.calls)[0]?.query).toMatchObject({ title: 'hockey feminin', limit: '10', offset: '0', sort_field: 'date' });
    expect(await axe(container)).toHaveNoViolations();
  });

  it('pages the videos and sorts them by best match, keeping both in the address', async () => {
    const user = userEvent.setup();
    const { api, where } = await renderVod({
      visitor: true,
      route: '/search?q=season',
      routes: {
        'GET /vod-media/search': ({ query }) => ({ json: searchResponse({ videos: [vodItem({ id: 200 + Number(query.offset), title: `Season part ${query.offset}` })] }, 25, Number(query.offset)) }),
      },
    });
    await screen.findByRole('link', { name: 'Season part 0' });
    await user.click(within(screen.getByRole('navigation', { name: 'Pages of the videos found' })).getByRole('button', { name: /next/i }));
    expect(await screen.findByRole('link', { name: 'Season part 10' })).toBeInTheDocument();
    expect(where()).toBe('/search?q=season&page=2');
    await user.click(screen.getByRole('radio', { name: 'Best match' }));
    await waitFor(() => expect(where()).toBe('/search?q=season&sort=relevance'));
    await waitFor(() => expect(searchCalls(api.calls).at(-1)?.query).toMatchObject({ offset: '0', sort_field: 'relevance' }));
  });

  it('shows the newest videos under the prompt until words are typed, then searches them', async () => {
    const user = userEvent.setup();
    const newest = vodItem({ id: 300, title: 'Last night’s final' });
    const { api, where, container } = await renderVod({
      visitor: true,
      route: '/search',
      routes: { 'GET /vod-media/search': ({ query }) => ({ json: searchResponse({ videos: [query.title ? seasonReview : newest] }, query.title ? 1 : 14) }) },
    });
    expect(await screen.findByText('Type a few words to search videos, games, teams and schools.')).toBeInTheDocument();
    const videos = await screen.findByRole('region', { name: 'Newest videos (14)' });
    expect(within(videos).getByRole('link', { name: 'Last night’s final' })).toBeInTheDocument();
    // Newest first is the only order without words: no best-match choice.
    expect(screen.queryByRole('radio', { name: 'Best match' })).not.toBeInTheDocument();
    expect(searchCalls(api.calls)[0]?.query.title ?? '').toBe('');
    expect(await axe(container)).toHaveNoViolations();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'review');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(where()).toBe('/search?q=review'));
    expect(await screen.findByRole('link', { name: 'Season review 2025' })).toBeInTheDocument();
  });

  it('says when nothing is found, and offers to try again when the search failed', async () => {
    let fail = true;
    const user = userEvent.setup();
    await renderVod({
      visitor: true,
      route: '/search?q=zzz',
      routes: { 'GET /vod-media/search': () => (fail ? { status: 500, json: { message: 'Down' } } : { json: searchResponse() }) },
    });
    expect(await screen.findByRole('heading', { name: 'The search could not be done' }, { timeout: 4000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Nothing found' })).toBeInTheDocument();
  });

  it('cuts words longer than the server takes instead of sending them', async () => {
    const { api } = await renderVod({ visitor: true, route: `/search?q=${'a'.repeat(300)}`, routes: { 'GET /vod-media/search': () => ({ json: searchResponse() }) } });
    await screen.findByRole('heading', { name: 'Nothing found' });
    expect(searchCalls(api.calls)[0]?.query.title).toHaveLength(100);
  });
});

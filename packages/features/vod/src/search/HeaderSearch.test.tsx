import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { coachesShow, eagles, game, lakeside, northfieldHigh, searchResponse, seasonReview } from '../test/fixtures.ts';
import { renderVod } from '../test/render.tsx';

const found = searchResponse({ videos: [seasonReview, coachesShow], events: [game], teams: [eagles, lakeside], schools: [northfieldHigh] });
const searchCalls = (calls: { path: string; query: Record<string, string> }[]) => calls.filter((call) => call.path === '/api/vod-media/search');

/** Keys typed with no pause between them (no timer runs in between), so a word is one burst of typing whatever the machine's speed. */
const typist = () => userEvent.setup({ delay: null });

describe('HeaderSearch', () => {
  it('asks nothing until the viewer types, then shows the results grouped by kind once the words rest', async () => {
    const user = typist();
    const { api, container } = await renderVod({ visitor: true, route: '/', routes: { 'GET /vod-media/search': () => ({ json: found }) } });
    const box = screen.getByRole('combobox', { name: 'Search' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(searchCalls(api.calls)).toHaveLength(0);
    expect(await axe(container)).toHaveNoViolations();

    await user.type(box, 'hockey');
    const listbox = await screen.findByRole('listbox', { name: 'Search suggestions' });
    await within(listbox).findByRole('option', { name: 'Season review 2025' });
    // One search for the words typed in one go (debounced), with the suggestions' limit.
    expect(searchCalls(api.calls).map((call) => call.query)).toEqual([expect.objectContaining({ title: 'hockey', limit: '5', offset: '0' })]);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(within(listbox).getByRole('group', { name: 'Videos' })).toHaveTextContent('Season review 2025');
    expect(within(listbox).getByRole('group', { name: 'Games' })).toHaveTextContent('Riverside Lions @ Northfield Eagles');
    expect(within(listbox).getByRole('group', { name: 'Teams' })).toHaveTextContent('Northfield Eagles');
    expect(within(listbox).getByRole('group', { name: 'Schools' })).toHaveTextContent('Northfield High');
    expect(within(listbox).getByRole('option', { name: 'See all results for “hockey”' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('moves through the options with the arrows and opens the one chosen with Enter', async () => {
    const user = typist();
    const { where } = await renderVod({ visitor: true, route: '/', routes: { 'GET /vod-media/search': () => ({ json: found }) } });
    const box = screen.getByRole('combobox', { name: 'Search' });
    await user.type(box, 'north');
    await screen.findByRole('option', { name: 'Season review 2025' });
    await user.keyboard('{ArrowDown}');
    const first = screen.getByRole('option', { name: 'Season review 2025' });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', first.id);
    expect(box).toHaveFocus();
    // Up from the first wraps to "See all results", down again to the first.
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { name: 'See all results for “north”' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Northfield Eagles' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(where()).toBe('/schedule?team=northfield-eagles'));
    expect(box).toHaveValue('');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it.each([
    ['Season review 2025', '/vod_library?vod_id=7'],
    ['Riverside Lions @ Northfield Eagles', '/watch/42'],
    ['Lakeside Hockey', '/schedule?team=Lakeside+Hockey'],
    ['Northfield High', '/?school=northfield'],
    ['See all results for “north”', '/search?q=north'],
  ])('leads %s to %s when clicked', async (name, path) => {
    const user = typist();
    const { where } = await renderVod({ visitor: true, route: '/', routes: { 'GET /vod-media/search': () => ({ json: found }) } });
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'north');
    await user.click(await screen.findByRole('option', { name }));
    await waitFor(() => expect(where()).toBe(path));
  });

  it('cancels a search overtaken by newer words and never shows its late answer', async () => {
    const user = typist();
    const signals: AbortSignal[] = [];
    const { api } = await renderVod({
      visitor: true,
      route: '/',
      routes: {
        'GET /vod-media/search': ({ query, signal }) => {
          if (signal) signals.push(signal);
          // The first words' answer never comes on its own: only its cancellation ends it.
          return query.title === 'hoc' ? { hang: true } : { json: searchResponse({ videos: [seasonReview] }) };
        },
      },
    });
    const box = screen.getByRole('combobox', { name: 'Search' });
    await user.type(box, 'hoc');
    await waitFor(() => expect(searchCalls(api.calls)).toHaveLength(1));
    expect(await screen.findByRole('status')).toHaveTextContent('Searching…');
    await user.type(box, 'key');
    await screen.findByRole('option', { name: 'Season review 2025' });
    expect(searchCalls(api.calls).map((call) => call.query.title)).toEqual(['hoc', 'hockey']);
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);
  });

  it('says when nothing is found, closes with Escape, and Enter on the box opens the full results', async () => {
    const user = typist();
    const { where } = await renderVod({ visitor: true, route: '/', routes: { 'GET /vod-media/search': () => ({ json: searchResponse() }) } });
    const box = screen.getByRole('combobox', { name: 'Search' });
    await user.type(box, 'zzz');
    expect(await screen.findByText('Nothing found for “zzz”')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('zzz');
    // The arrow opens it again; a second Escape on a closed box clears it, and it is typed again.
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}{Escape}');
    expect(box).toHaveValue('');
    await user.type(box, 'zzz');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(where()).toBe('/search?q=zzz'));
  });

  it('says when the search failed', async () => {
    const user = typist();
    await renderVod({ visitor: true, route: '/', routes: { 'GET /vod-media/search': () => ({ status: 500, json: { message: 'Down' } }) } });
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'hockey');
    expect(await screen.findByText('The search could not be done. Press Enter to try the full results.', {}, { timeout: 4000 })).toBeInTheDocument();
  });

  it('speaks French on a French site', async () => {
    const user = typist();
    await renderVod({ language: 'fr', visitor: true, route: '/', routes: { 'GET /vod-media/search': () => ({ json: found }) } });
    await user.type(screen.getByRole('combobox', { name: 'Rechercher' }), 'hockey');
    expect(await screen.findByRole('group', { name: 'Équipes' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Voir tous les résultats pour « hockey »' })).toBeInTheDocument();
  });
});

import { FAVORITE_MESSAGES } from '@grandstand/contract';
import type { Favorite } from '@grandstand/contract';
import { baseApi, selectToasts } from '@grandstand/store';
import { TEST_SESSION_KEY } from '@grandstand/test-kit/fixtures';
import { axe } from '@grandstand/vitest-config/axe';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { deferred, eagles, hockey, madeFavorite } from '../test/fixtures.ts';
import { renderFavourites } from '../test/render.tsx';
import { LazyFollowButton } from './LazyFollowButton.tsx';
import { readWish } from './wish.ts';

/** A list that shows the events of the viewer's favourites: it must be asked again after a change. */
const favoriteEventsProbe = baseApi.enhanceEndpoints({ addTagTypes: ['FavoriteEvents'] }).injectEndpoints({
  endpoints: (build) => ({
    probeFavoriteEvents: build.query<unknown, void>({ query: () => ({ url: '/events/favorite' }), providesTags: ['FavoriteEvents'] }),
  }),
});

/** The control once the viewer's favourites are in (a press before then waits). */
async function ready(name: string) {
  // Re-read each time: the waiting star of the entry gives way to the loaded control's own.
  await waitFor(() => expect(screen.getByRole('button', { name })).not.toHaveAttribute('aria-disabled'));
  return screen.getByRole('button', { name });
}

const lions = { kind: 'participant', id: 21, name: 'Riverside Lions' } as const;

beforeEach(() => {
  window.sessionStorage.clear();
});

describe('LazyFollowButton for a visitor', () => {
  it('asks the visitor to log in, keeps the wish and goes to the login page, with no favourites call', async () => {
    const user = userEvent.setup();
    const { api, where, container } = await renderFavourites(<LazyFollowButton {...lions} size="sm" />, { visitor: true });
    const star = screen.getByRole('button', { name: 'Follow Riverside Lions' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    expect(await axe(container)).toHaveNoViolations();

    await user.click(star);
    const dialog = await screen.findByRole('dialog', { name: FAVORITE_MESSAGES.loginToFavourite });
    expect(dialog).toHaveTextContent('Log in and you will follow Riverside Lions.');
    expect(await axe(container)).toHaveNoViolations();
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(where()).toBe('/login'));
    expect(readWish()).toEqual({ kind: 'participant', id: 21, name: 'Riverside Lions' });
    expect(api.calls.filter((call) => call.path.includes('favorite'))).toEqual([]);
  });

  it('keeps nothing when the visitor chooses not now, and works from the keyboard', async () => {
    const user = userEvent.setup();
    const { where } = await renderFavourites(<LazyFollowButton {...lions} />, { visitor: true });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Follow Riverside Lions' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: FAVORITE_MESSAGES.loginToFavourite });
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(readWish()).toBeNull();
    expect(where()).toBe('/page');
  });

  it('speaks French on a French site', async () => {
    await renderFavourites(<LazyFollowButton {...lions} />, { visitor: true, language: 'fr' });
    expect(await screen.findByRole('button', { name: 'Suivre Riverside Lions' })).toBeInTheDocument();
  });
});

describe('LazyFollowButton for a logged-in viewer', () => {
  it('is pressed for a followed team, and unfollows at once while the call is on its way', async () => {
    const user = userEvent.setup();
    const answer = deferred<{ json: unknown }>();
    const { api, container, store } = await renderFavourites(<LazyFollowButton kind="participant" id={11} name="Northfield Eagles" />, {
      routes: {
        'GET /favorites': () => ({ json: { data: [eagles, hockey] } }),
        'DELETE /favorite/501': () => answer.promise,
        'GET /events/favorite': () => ({ json: { data: [] } }),
      },
    });
    await act(async () => {
      await store.dispatch(favoriteEventsProbe.endpoints.probeFavoriteEvents.initiate());
    });
    const star = await screen.findByRole('button', { name: 'Unfollow Northfield Eagles', pressed: true });
    expect(star).not.toHaveAttribute('aria-disabled');
    expect(await axe(container)).toHaveNoViolations();

    await user.click(star);
    // Optimistic: not followed before the server has answered, and waiting for it.
    const waiting = await screen.findByRole('button', { name: 'Follow Northfield Eagles', pressed: false });
    expect(waiting).toHaveAttribute('aria-disabled', 'true');
    // A second press while the unfollow is in flight sends nothing.
    await user.click(waiting);
    answer.resolve({ json: { data: { message: 'Favourite removed' } } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Follow Northfield Eagles' })).not.toHaveAttribute('aria-disabled'));
    await waitFor(() => expect(api.calls.filter((call) => call.path === '/api/events/favorite')).toHaveLength(2));
    const sent = api.calls.filter((call) => call.method !== 'GET');
    expect(sent.map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE /api/favorite/501']);
    expect(sent[0]?.query.api_key).toBe(TEST_SESSION_KEY);
  });

  it('follows with the team’s type and id, and the lists of favourite events are read again', async () => {
    const user = userEvent.setup();
    const { api, store } = await renderFavourites(<LazyFollowButton {...lions} />, {
      routes: {
        'GET /favorites': () => ({ json: { data: [eagles] } }),
        'POST /favorite': (request) => ({ json: { data: madeFavorite(request.body as Pick<Favorite, 'favoritable_type' | 'favoritable_id'>) } }),
        'GET /events/favorite': () => ({ json: { data: [] } }),
      },
    });
    await act(async () => {
      await store.dispatch(favoriteEventsProbe.endpoints.probeFavoriteEvents.initiate());
    });
    const eventsAsked = () => api.calls.filter((call) => call.path === '/api/events/favorite').length;
    expect(eventsAsked()).toBe(1);

    await user.click(await ready('Follow Riverside Lions'));
    expect(await screen.findByRole('button', { name: 'Unfollow Riverside Lions', pressed: true })).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ favoritable_type: 'participant', favoritable_id: 21, api_key: TEST_SESSION_KEY });
    await waitFor(() => expect(eventsAsked()).toBe(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Unfollow Riverside Lions' })).not.toHaveAttribute('aria-disabled'));
  });

  it('rolls back with a toast when the server refuses (another channel’s team: 404)', async () => {
    const user = userEvent.setup();
    const { api, store } = await renderFavourites(<LazyFollowButton {...lions} />, {
      routes: {
        'GET /favorites': () => ({ json: { data: [] } }),
        'POST /favorite': () => ({ status: 404, json: { message: 'favoritable_id not found', field: 'favoritable_id' } }),
        'GET /events/favorite': () => ({ json: { data: [] } }),
      },
    });
    await act(async () => {
      await store.dispatch(favoriteEventsProbe.endpoints.probeFavoriteEvents.initiate());
    });
    await user.click(await ready('Follow Riverside Lions'));
    await waitFor(() => expect(selectToasts(store.getState()).map((toast) => [toast.type, toast.message])).toEqual([['error', 'Riverside Lions could not be followed. Please try again.']]));
    expect(screen.getByRole('button', { name: 'Follow Riverside Lions', pressed: false })).not.toHaveAttribute('aria-disabled');
    // Nothing changed: the favourite events are not asked again.
    expect(api.calls.filter((call) => call.path === '/api/events/favorite')).toHaveLength(1);
  });

  it('rolls an unfollow back with a toast when the server fails', async () => {
    const user = userEvent.setup();
    const { store } = await renderFavourites(<LazyFollowButton kind="participant" id={11} name="Northfield Eagles" />, {
      routes: {
        'GET /favorites': () => ({ json: { data: [eagles] } }),
        'DELETE /favorite/501': () => ({ status: 500, json: { message: 'Internal Server Error' } }),
      },
    });
    await user.click(await ready('Unfollow Northfield Eagles'));
    await waitFor(() => expect(selectToasts(store.getState()).map((toast) => toast.message)).toEqual(['Northfield Eagles could not be unfollowed. Please try again.']));
    expect(screen.getByRole('button', { name: 'Unfollow Northfield Eagles', pressed: true })).toBeInTheDocument();
  });

  it('takes an unfollow that finds the favourite already gone (another tab) as done, reading the list again', async () => {
    const user = userEvent.setup();
    let lists = 0;
    const { store, api } = await renderFavourites(<LazyFollowButton kind="participant" id={11} name="Northfield Eagles" />, {
      routes: {
        'GET /favorites': () => {
          lists += 1;
          return { json: { data: lists === 1 ? [eagles] : [] } };
        },
        'DELETE /favorite/501': () => ({ status: 404, json: { message: 'Favourite not found' } }),
        'GET /events/favorite': () => ({ json: { data: [] } }),
      },
    });
    await act(async () => {
      await store.dispatch(favoriteEventsProbe.endpoints.probeFavoriteEvents.initiate());
    });
    await user.click(await ready('Unfollow Northfield Eagles'));
    await waitFor(() => expect(api.calls.filter((call) => call.path === '/api/favorites')).toHaveLength(2));
    expect(await screen.findByRole('button', { name: 'Follow Northfield Eagles', pressed: false })).toBeInTheDocument();
    await waitFor(() => expect(api.calls.filter((call) => call.path === '/api/events/favorite')).toHaveLength(2));
    expect(selectToasts(store.getState())).toEqual([]);
  });

  it('keeps every control of one team in step, with one follow in flight between them', async () => {
    const user = userEvent.setup();
    const answer = deferred<{ json: unknown }>();
    const { api } = await renderFavourites(
      <>
        <LazyFollowButton {...lions} size="sm" />
        <LazyFollowButton {...lions} />
      </>,
      {
        routes: {
          'GET /favorites': () => ({ json: { data: [] } }),
          'POST /favorite': () => answer.promise,
        },
      },
    );
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Follow Riverside Lions' }).filter((button) => !button.hasAttribute('aria-disabled'))).toHaveLength(2));
    const [card, heading] = screen.getAllByRole('button', { name: 'Follow Riverside Lions' });
    await user.click(card!);
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Unfollow Riverside Lions', pressed: true })).toHaveLength(2));
    expect(heading).toHaveAttribute('aria-disabled', 'true');
    await user.click(heading!);
    answer.resolve({ json: { data: madeFavorite({ favoritable_type: 'participant', favoritable_id: 21 }) } });
    await waitFor(() => expect(heading).not.toHaveAttribute('aria-disabled'));
    expect(api.calls.filter((call) => call.method !== 'GET')).toHaveLength(1);
  });

  it('waits, in place, until the viewer’s favourites are in', async () => {
    const user = userEvent.setup();
    const list = deferred<{ json: unknown }>();
    const { api } = await renderFavourites(<LazyFollowButton kind="category" id={100} name="Hockey" />, {
      routes: { 'GET /favorites': () => list.promise },
    });
    const star = await screen.findByRole('button', { name: 'Follow Hockey' });
    expect(star).toHaveAttribute('aria-disabled', 'true');
    expect(star).toHaveAttribute('aria-busy', 'true');
    await user.click(star);
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
    list.resolve({ json: { data: [hockey] } });
    expect(await screen.findByRole('button', { name: 'Unfollow Hockey', pressed: true })).not.toHaveAttribute('aria-disabled');
  });

  it('is operated from the keyboard with Space', async () => {
    const user = userEvent.setup();
    const { api } = await renderFavourites(<LazyFollowButton kind="group" id={3} name="Northfield High" />, {
      routes: {
        'GET /favorites': () => ({ json: { data: [] } }),
        'POST /favorite': (request) => ({ json: { data: madeFavorite({ ...(request.body as Pick<Favorite, 'favoritable_type' | 'favoritable_id'>), name: 'Northfield High' }) } }),
      },
    });
    const star = await ready('Follow Northfield High');
    await user.tab();
    expect(star).toHaveFocus();
    await user.keyboard(' ');
    expect(await screen.findByRole('button', { name: 'Unfollow Northfield High', pressed: true })).toHaveFocus();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ favoritable_type: 'group', favoritable_id: 3, api_key: TEST_SESSION_KEY });
  });
});

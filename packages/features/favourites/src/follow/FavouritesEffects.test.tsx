import type { Favorite } from '@grandstand/contract';
import { selectToasts, startSession } from '@grandstand/store';
import { TEST_SESSION_KEY } from '@grandstand/test-kit/fixtures';
import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { madeFavorite, viewer } from '../test/fixtures.ts';
import { renderFavourites } from '../test/render.tsx';
import { FavouritesEffects } from './FavouritesEffects.tsx';
import { readWish, rememberWish } from './wish.ts';

const follow = (request: { body: Record<string, unknown> | undefined }) => ({
  json: { data: madeFavorite({ ...(request.body as Pick<Favorite, 'favoritable_type' | 'favoritable_id'>), name: 'Riverside Lions' }) },
});

beforeEach(() => {
  window.sessionStorage.clear();
});

describe('FavouritesEffects', () => {
  it('follows what the visitor chose once they are logged in, says so and forgets the wish', async () => {
    rememberWish({ kind: 'participant', id: 21, name: 'Riverside Lions' });
    const { api, store } = await renderFavourites(<FavouritesEffects />, { routes: { 'POST /favorite': follow } });
    await waitFor(() => expect(selectToasts(store.getState()).map((toast) => [toast.type, toast.message])).toEqual([['success', 'You now follow Riverside Lions']]));
    const posts = api.calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ favoritable_type: 'participant', favoritable_id: 21, api_key: TEST_SESSION_KEY });
    expect(readWish()).toBeNull();
  });

  it('waits for the login: a visitor loads nothing and the wish stays until then', async () => {
    rememberWish({ kind: 'group', id: 3, name: 'Northfield High' });
    const { api, store } = await renderFavourites(<FavouritesEffects />, { visitor: true, routes: { 'POST /favorite': follow } });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(api.calls.filter((call) => call.path.includes('favorite'))).toEqual([]);
    expect(readWish()).not.toBeNull();

    act(() => {
      store.dispatch(startSession({ user: viewer, api_key: TEST_SESSION_KEY }));
    });
    const follows = () => api.calls.filter((call) => call.method === 'POST' && call.path === '/api/favorite');
    await waitFor(() => expect(follows()).toHaveLength(1));
    expect(follows()[0]?.body).toMatchObject({ favoritable_type: 'group', favoritable_id: 3 });
  });

  it('says so when the server refuses, and does not try again', async () => {
    rememberWish({ kind: 'category', id: 999, name: 'Curling' });
    const { api, store } = await renderFavourites(<FavouritesEffects />, {
      routes: { 'POST /favorite': () => ({ status: 404, json: { message: 'favoritable_id not found', field: 'favoritable_id' } }) },
    });
    await waitFor(() => expect(selectToasts(store.getState()).map((toast) => toast.message)).toEqual(['Curling could not be followed. Please try again.']));
    expect(readWish()).toBeNull();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('ignores a wish another script wrote into the storage', async () => {
    window.sessionStorage.setItem('grandstand:favourites:wish', JSON.stringify({ kind: 'user', id: 1, name: 'Admin' }));
    const { api } = await renderFavourites(<FavouritesEffects />, { routes: { 'POST /favorite': follow } });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});

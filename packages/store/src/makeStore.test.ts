import { createMemoryStorage } from '@grandstand/api-client';
import { KEY_INVALID_MESSAGE } from '@grandstand/contract';
import { describe, expect, it } from 'vitest';
import { baseApi } from './baseApi.ts';
import { clearUser, initialSessionState, selectFailingKeyUrls, selectGlobalError, selectShowReloadScreen, selectUser, setUser } from './sessionSlice.ts';
import { setupStore, storeEntry, TEST_STORAGE_PREFIX, testUser } from './testSupport.ts';

describe('makeStore', () => {
  it('preloads the user a previous visit stored', () => {
    const storage = createMemoryStorage();
    storeEntry(storage, 'user', testUser());
    const { store } = setupStore({ storage });
    expect(selectUser(store.getState())).toEqual(testUser());
  });

  it('ignores a stored user without the fields the site relies on', () => {
    const storage = createMemoryStorage();
    storeEntry(storage, 'user', { id: 'not a user' });
    const { store } = setupStore({ storage });
    expect(selectUser(store.getState())).toBeNull();
  });

  it('takes a preloaded session over the stored user', () => {
    const storage = createMemoryStorage();
    storeEntry(storage, 'user', testUser());
    const { store } = setupStore({ storage, preloadedState: { session: { ...initialSessionState, referrer: '/faq' } } });
    expect(selectUser(store.getState())).toBeNull();
    expect(store.getState().session.referrer).toBe('/faq');
  });

  it('persists the user on setUser and forgets it on clearUser, so a reload keeps the session', () => {
    const { store, storage, client } = setupStore();
    store.dispatch(setUser(testUser()));
    expect(client.storage.get('user')).toEqual(testUser());
    expect(setupStore({ storage }).store.getState().session.user).toEqual(testUser());
    store.dispatch(clearUser());
    expect(storage.getItem(`${TEST_STORAGE_PREFIX}user`)).toBeNull();
  });

  it('clears the user when the client reports an unauthenticated answer (spec §4)', async () => {
    const { store, client } = setupStore({ routes: { 'GET /user/access': () => ({ status: 401, json: { message: 'Unauthenticated.' } }) } });
    store.dispatch(setUser(testUser()));
    await expect(client.request({ url: '/user/access' })).rejects.toMatchObject({ kind: 'unauthenticated' });
    expect(selectUser(store.getState())).toBeNull();
  });

  it('lists the urls an api-key error leaves failing, and shows the reload screen while any remain (spec §8)', async () => {
    let keyRefused = true;
    const { store, client } = setupStore({
      routes: {
        'GET /settings': () =>
          keyRefused
            ? { status: 403, json: { message: KEY_INVALID_MESSAGE, errors: { api_key: [KEY_INVALID_MESSAGE] } } }
            : { json: { data: {} } },
      },
    });
    await client.request({ url: '/settings' }).catch(() => undefined);
    expect(selectFailingKeyUrls(store.getState())).toEqual(['/settings']);
    expect(selectShowReloadScreen(store.getState())).toBe(true);
    keyRefused = false;
    await client.request({ url: '/settings' });
    expect(selectFailingKeyUrls(store.getState())).toEqual([]);
    expect(selectShowReloadScreen(store.getState())).toBe(false);
  });

  it('records the global errors the client raises', async () => {
    const { store, client } = setupStore({
      routes: {
        'GET /busy': () => ({ status: 429, json: { message: 'Too many requests' }, headers: { 'retry-after': '17' } }),
        'GET /broken': () => ({ status: 500, json: { message: 'Boom' } }),
      },
    });
    await client.request({ url: '/busy' }).catch(() => undefined);
    // With the server's wait, so the site can say when to try again, and when it happened, so a second throttle is a second notice.
    expect(selectGlobalError(store.getState())).toEqual({ reason: 'throttled', status: 429, retryAfterSeconds: 17, at: expect.any(Number) });
    expect(selectShowReloadScreen(store.getState())).toBe(false);
    await client.request({ url: '/broken', crashCodes: ['5xx'] }).catch(() => undefined);
    expect(selectGlobalError(store.getState())).toEqual({ reason: 'crash', status: 500, at: expect.any(Number) });
    expect(selectShowReloadScreen(store.getState())).toBe(true);
  });

  it('mounts the one RTK Query api', () => {
    const { store } = setupStore();
    expect(store.getState()).toHaveProperty(baseApi.reducerPath);
  });
});

import { describe, expect, it } from 'vitest';
import { setupStore, testUser } from './testSupport.ts';
import {
  rememberVisit,
  selectFailingKeyUrls,
  selectIsLoggedIn,
  selectReferrer,
  selectShowReloadScreen,
  selectUser,
  setFailingKeyUrls,
  setGlobalError,
  setUser,
  clearUser,
  selectLastVisited,
} from './sessionSlice.ts';

describe('sessionSlice', () => {
  it('holds the user and says whether someone is logged in', () => {
    const { store } = setupStore();
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    store.dispatch(setUser(testUser()));
    expect(selectUser(store.getState())).toEqual(testUser());
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    store.dispatch(clearUser());
    expect(selectUser(store.getState())).toBeNull();
  });

  it('shows the reload screen while a key url fails or after a crash, not after throttling (spec §8)', () => {
    const { store } = setupStore();
    expect(selectShowReloadScreen(store.getState())).toBe(false);
    store.dispatch(setFailingKeyUrls(['/settings']));
    expect(selectFailingKeyUrls(store.getState())).toEqual(['/settings']);
    expect(selectShowReloadScreen(store.getState())).toBe(true);
    store.dispatch(setFailingKeyUrls([]));
    store.dispatch(setGlobalError({ reason: 'throttled', status: 429 }));
    expect(selectShowReloadScreen(store.getState())).toBe(false);
    store.dispatch(setGlobalError({ reason: 'crash', status: 500 }));
    expect(selectShowReloadScreen(store.getState())).toBe(true);
    store.dispatch(setGlobalError(null));
    expect(selectShowReloadScreen(store.getState())).toBe(false);
  });

  it('moves the previous path into the referrer on each visit', () => {
    const { store } = setupStore();
    store.dispatch(rememberVisit({ path: '/', search: '', params: {} }));
    expect(selectReferrer(store.getState())).toBeNull();
    store.dispatch(rememberVisit({ path: '/event/4', search: '?modal=buy', params: { id: '4' } }));
    expect(selectReferrer(store.getState())).toBe('/');
    expect(selectLastVisited(store.getState())).toEqual({ path: '/event/4', search: '?modal=buy', params: { id: '4' } });
  });

  it('keeps the referrer when only the search of the same path changes', () => {
    const { store } = setupStore();
    store.dispatch(rememberVisit({ path: '/', search: '', params: {} }));
    store.dispatch(rememberVisit({ path: '/events', search: '', params: {} }));
    store.dispatch(rememberVisit({ path: '/events', search: '?sport=3', params: {} }));
    expect(selectReferrer(store.getState())).toBe('/');
    expect(selectLastVisited(store.getState())?.search).toBe('?sport=3');
  });
});

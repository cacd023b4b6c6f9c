import type { User } from '@grandstand/contract';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from './baseApi.ts';
import type { StoreExtra } from './clientBaseQuery.ts';
import { clearUser, setUser } from './sessionSlice.ts';
import { tagsStaleOn } from './viewerTags.ts';

export interface SessionStart {
  user: User;
  api_key: string;
}

// A thunk that needs no particular state shape, so it works with any store made by makeStore.
type SessionThunk = ThunkAction<void, unknown, StoreExtra, UnknownAction>;

/**
 * A login, a registration or a social login answered (spec §4: they store the user). The session is
 * the api key: the answered key replaces the old one for every later call, and the
 * user-specific answers (every tag type stale on a `session` change, src/viewerTags.ts) are fetched
 * again with it.
 *
 * @example dispatch(startSession(response.data))
 */
export function startSession(session: SessionStart): SessionThunk {
  return (dispatch, _getState, { client }) => {
    client.setApiKey(session.api_key);
    dispatch(setUser(session.user));
    dispatch(baseApi.util.invalidateTags(tagsStaleOn('session')));
  };
}

/**
 * Logout (spec §4): the user and the stored keys are cleared, the next call fetches a fresh key, and
 * the user-specific answers are fetched again as a visitor.
 */
export function endSession(): SessionThunk {
  return (dispatch, _getState, { client }) => {
    client.clearKeys();
    dispatch(clearUser());
    dispatch(baseApi.util.invalidateTags(tagsStaleOn('session')));
  };
}

import type { User } from '@grandstand/contract';
import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

export interface Visit {
  path: string;
  search: string;
  params: Record<string, string>;
}

export interface GlobalError {
  reason: string;
  status: number | null;
  /** A throttle's wait before the server takes calls again, in seconds, when it said (spec §8). */
  retryAfterSeconds?: number;
  /** When it was raised (ms): the same throttle twice is two notices. */
  at?: number;
}

export interface SessionState {
  user: User | null;
  /** spec §8: the urls an api-key error left failing; the reload screen shows while any remain. */
  failingKeyUrls: string[];
  globalError: GlobalError | null;
  lastVisited: Visit | null;
  referrer: string | null;
}

export const initialSessionState: SessionState = {
  user: null,
  failingKeyUrls: [],
  globalError: null,
  lastVisited: null,
  referrer: null,
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    setUser(state, action: PayloadAction<User>) {
      state.user = action.payload;
    },
    clearUser(state) {
      state.user = null;
    },
    setFailingKeyUrls(state, action: PayloadAction<string[]>) {
      state.failingKeyUrls = action.payload;
    },
    setGlobalError(state, action: PayloadAction<GlobalError | null>) {
      state.globalError = action.payload;
    },
    /**
     * The previous page becomes the referrer. A visit to the same path (only the search or params
     * changed, e.g. a filter) keeps the referrer, so "back" still leads off the page.
     */
    rememberVisit(state, action: PayloadAction<Visit>) {
      const previous = state.lastVisited;
      if (previous && previous.path !== action.payload.path) state.referrer = previous.path;
      state.lastVisited = action.payload;
    },
  },
  selectors: {
    selectUser: (state) => state.user,
    selectIsLoggedIn: (state) => state.user !== null,
    selectFailingKeyUrls: (state) => state.failingKeyUrls,
    selectGlobalError: (state) => state.globalError,
    selectLastVisited: (state) => state.lastVisited,
    selectReferrer: (state) => state.referrer,
    /** spec §8: the reload screen shows while any key url fails, or after a crash. */
    selectShowReloadScreen: (state) => state.failingKeyUrls.length > 0 || state.globalError?.reason === 'crash',
  },
});

export const { setUser, clearUser, setFailingKeyUrls, setGlobalError, rememberVisit } = sessionSlice.actions;
export const {
  selectUser,
  selectIsLoggedIn,
  selectFailingKeyUrls,
  selectGlobalError,
  selectLastVisited,
  selectReferrer,
  selectShowReloadScreen,
} = sessionSlice.selectors;

import { STORAGE_KEYS } from '@grandstand/api-client';
import type { ApiClient } from '@grandstand/api-client';
import type { User } from '@grandstand/contract';
import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { baseApi } from './baseApi.ts';
import type { PopupResolver, StoreExtra } from './clientBaseQuery.ts';
import { popupsSlice } from './popups.ts';
import { clearUser, initialSessionState, sessionSlice, setFailingKeyUrls, setGlobalError, setUser } from './sessionSlice.ts';
import { toastsSlice } from './toastsSlice.ts';

const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  [sessionSlice.reducerPath]: sessionSlice.reducer,
  [toastsSlice.reducerPath]: toastsSlice.reducer,
  [popupsSlice.reducerPath]: popupsSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export interface MakeStoreOptions {
  client: ApiClient;
  preloadedState?: Partial<RootState>;
  /**
   * Opens the store to the Redux DevTools extension when the browser has it. Off unless asked for:
   * a production site's state (the viewer's user and the channel's answers) and its dispatch stay
   * closed to extensions. The site asks for it in development builds only.
   */
  devTools?: boolean;
}

/**
 * The user a previous visit stored. Only this store writes that entry, so a light check of the
 * fields the site relies on is enough to ignore one left by an older version.
 */
export function storedUser(client: ApiClient): User | null {
  const stored = client.storage.get<Partial<User>>(STORAGE_KEYS.user);
  const usable =
    typeof stored === 'object' &&
    stored !== null &&
    typeof stored.id === 'number' &&
    typeof stored.email === 'string' &&
    Array.isArray(stored.capabilities);
  return usable ? (stored as User) : null;
}

function createStore(options: MakeStoreOptions) {
  const { client } = options;
  const extra: StoreExtra = { client, popupResolvers: new Map<string, PopupResolver>() };

  // spec §4: login, registration, social login and profile updates store the user; logout and an
  // unauthenticated answer clear it. Persisting it keeps the user across a reload.
  const persistence = createListenerMiddleware();
  persistence.startListening({
    actionCreator: setUser,
    effect: (action) => client.storage.set(STORAGE_KEYS.user, action.payload),
  });
  persistence.startListening({
    actionCreator: clearUser,
    effect: () => client.storage.remove(STORAGE_KEYS.user),
  });

  const preloadedState: Partial<RootState> = {
    ...options.preloadedState,
    session: options.preloadedState?.session ?? { ...initialSessionState, user: storedUser(client) },
  };

  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    devTools: options.devTools ?? false,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: extra } })
        .prepend(persistence.middleware)
        .concat(baseApi.middleware),
  });

  client.subscribe((event) => {
    switch (event.type) {
      case 'user-cleared':
        if (store.getState().session.user !== null) store.dispatch(clearUser());
        break;
      case 'api-key-error':
        store.dispatch(setFailingKeyUrls(event.failingUrls));
        break;
      case 'global-error':
        store.dispatch(
          setGlobalError({ reason: event.reason, status: event.status, at: Date.now(), ...(event.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: event.retryAfterSeconds }) }),
        );
        break;
    }
  });

  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];

/**
 * The store of one site: the one RTK Query api, session, toasts and popups, wired to the client's
 * events (user cleared, failing key urls, global errors).
 *
 * @example
 * const store = makeStore({ client: createApiClient({ baseUrl: '/api', channelKeyUrl: CHANNEL_KEY_FILE, storagePrefix }) });
 */
export function makeStore(options: MakeStoreOptions): AppStore {
  const store = createStore(options);
  clients.set(store, options.client);
  return store;
}

/** Each store's transport, for the storage hook: the client is not state, so it stays out of it. */
const clients = new WeakMap<object, ApiClient>();

/** The transport a store was made with. */
export function clientOf(store: object): ApiClient {
  const client = clients.get(store);
  if (!client) throw new Error('This store was not made by makeStore');
  return client;
}

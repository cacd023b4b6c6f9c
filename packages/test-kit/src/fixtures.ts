/**
 * The demo channel's fixtures and a real store over a real client, with only the network faked (the
 * one outside boundary). An entry of its own (`@grandstand/test-kit/fixtures`) that imports no test
 * library, so stories can use it in the browser.
 */
import { createApiClient, createMemoryStorage } from '@grandstand/api-client';
import type { ApiClient, KeyValueStorage, RequestErrorReport } from '@grandstand/api-client';
import { createFakeChannelApi } from '@grandstand/api-client/testing';
import type { FakeFetch, FakeHandler } from '@grandstand/api-client/testing';
import type { ColorSettings, User } from '@grandstand/contract';
import { CHANNEL_KEY_FILE } from '@grandstand/contract';
import { northfieldColors, testCrest, testPicture, testSettings, testUser } from '@grandstand/contract/testing';
import { makeStore, startSession } from '@grandstand/store';

export { testCrest, testPicture, testSettings, testUser };
import type { AppStore, RootState } from '@grandstand/store';

/** The prefix the test client stores its entries under. */
export const TEST_STORAGE_PREFIX = 'grandstand:test:';

/** The visitor key the fake channel API issues (its default). */
export const TEST_VISITOR_KEY = 'test-api-key-0001';

/** The session key a test logged in with `createTestStore({ user })` holds; the fake API accepts it. */
export const TEST_SESSION_KEY = 'test-session-key-0001';

/** Navy and gold, the first demo channel's colours. */
export const testColors: ColorSettings = northfieldColors;


export interface TestStoreOptions {
  /** The fake channel API's routes ('GET /settings'…); others answer 404. */
  routes?: Record<string, FakeHandler>;
  /** Start logged in as this user, holding `sessionKey`. */
  user?: User;
  /** The session key `user` holds (default `TEST_SESSION_KEY`); the fake API accepts it. */
  sessionKey?: string;
  /** Further session keys the fake API accepts (those a fake login route hands out). */
  acceptsApiKey?: (key: string) => boolean;
  storage?: KeyValueStorage;
  preloadedState?: Partial<RootState>;
}

export interface TestStore {
  store: AppStore;
  client: ApiClient;
  /** The fake channel API; `api.calls` lists every request it received. */
  api: FakeFetch;
  storage: KeyValueStorage;
  /** The client's error reports, in order. */
  reports: RequestErrorReport[];
}

/** A real store and client over the fake channel API; retry delays pass at once. */
export function createTestStore(options: TestStoreOptions = {}): TestStore {
  const sessionKey = options.sessionKey ?? TEST_SESSION_KEY;
  const api = createFakeChannelApi({
    routes: options.routes ?? {},
    acceptsApiKey: (key) => key === sessionKey || key === TEST_SESSION_KEY || options.acceptsApiKey?.(key) === true,
  });
  const reports: RequestErrorReport[] = [];
  const storage = options.storage ?? createMemoryStorage();
  const client = createApiClient({
    baseUrl: '/api',
    channelKeyUrl: CHANNEL_KEY_FILE,
    storagePrefix: TEST_STORAGE_PREFIX,
    storage,
    fetch: api.fetch,
    reporter: (report) => reports.push(report),
    sleep: async () => undefined,
  });
  const store = makeStore({ client, ...(options.preloadedState ? { preloadedState: options.preloadedState } : {}) });
  if (options.user) store.dispatch(startSession({ user: options.user, api_key: sessionKey }));
  return { store, client, api, storage, reports };
}

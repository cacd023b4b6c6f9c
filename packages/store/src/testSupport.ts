// Test support of the store's own tests (left out of the build). The store sits below
// @grandstand/test-kit, which builds on it, so its tests cannot use the kit without a cycle in the
// package graph: they keep this minimal set-up, a real store and client over the fake channel API.
import { createApiClient, createMemoryStorage } from '@grandstand/api-client';
import type { KeyValueStorage, RequestErrorReport } from '@grandstand/api-client';
import { createFakeChannelApi } from '@grandstand/api-client/testing';
import type { FakeHandler } from '@grandstand/api-client/testing';
import { CHANNEL_KEY_FILE } from '@grandstand/contract';

export { testSettings, testUser } from '@grandstand/contract/testing';
import { makeStore } from './makeStore.ts';
import type { RootState } from './makeStore.ts';

/** The prefix the test client stores its entries under. */
export const TEST_STORAGE_PREFIX = 'grandstand:test:';

export interface SetupStoreOptions {
  /** The fake channel API's routes ('GET /settings'…); others answer 404. */
  routes?: Record<string, FakeHandler>;
  storage?: KeyValueStorage;
  preloadedState?: Partial<RootState>;
  devTools?: boolean;
}

/** A real store and client over the fake channel API; retry delays pass at once. */
export function setupStore(options: SetupStoreOptions = {}) {
  const server = createFakeChannelApi({ routes: options.routes ?? {} });
  const storage = options.storage ?? createMemoryStorage();
  const reports: RequestErrorReport[] = [];
  const client = createApiClient({
    baseUrl: '/api',
    channelKeyUrl: CHANNEL_KEY_FILE,
    storagePrefix: TEST_STORAGE_PREFIX,
    storage,
    fetch: server.fetch,
    reporter: (report) => reports.push(report),
    sleep: async () => undefined,
  });
  const store = makeStore({ client, ...(options.preloadedState ? { preloadedState: options.preloadedState } : {}), ...(options.devTools === undefined ? {} : { devTools: options.devTools }) });
  const apiCalls = () => server.calls.filter((call) => call.path !== CHANNEL_KEY_FILE && call.path !== '/api/get_api_key');
  return { store, client, storage, reports, server, apiCalls };
}

/** Writes an entry as the client's storage does, for tests that start from a previous visit. */
export function storeEntry(storage: KeyValueStorage, key: string, value: unknown): void {
  storage.setItem(TEST_STORAGE_PREFIX + key, JSON.stringify({ value, expiresAt: Date.now() + 60_000 }));
}

// Test support of the store's own tests (left out of the build). The store sits below
// @grandstand/test-kit, which builds on it, so its tests cannot use the kit without a cycle in the
// package graph: they keep this minimal set-up, a real store and client over the fake channel API.
import { createApiClient, createMemoryStorage } from '@grandstand/api-client';
import type { KeyValueStorage, RequestErrorReport } from '@grandstand/api-client';
import { createFakeChannelApi } from '@grandstand/api-client/testing';
import type { FakeHandler } from '@grandstand/api-client/testing';
import type { ChannelSettings, User } from '@grandstand/contract';
import { CHANNEL_KEY_FILE } from '@grandstand/contract';
import { makeStore } from './makeStore.ts';
import type { RootState } from './makeStore.ts';

/** The prefix the test client stores its entries under. */
export const TEST_STORAGE_PREFIX = 'grandstand:test:';

/** A channel's settings as GET /settings answers them; a test overrides what it is about. */
export function testSettings(overrides: Partial<ChannelSettings> = {}): ChannelSettings {
  return {
    name: 'Northfield Sports',
    language: 'en',
    currency: 'USD',
    'google-analytics': null,
    analytics_key: null,
    auth: { remote_auth: 0 },
    remoteAuth: null,
    static_blocks: [],
    prerolls: [],
    preroll_time: 3_600_000,
    ...overrides,
  };
}

/** A viewer with an account; a test overrides what it is about. */
export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'fan@example.com',
    first_name: 'Sam',
    last_name: 'Lee',
    temporary_password: false,
    trial_period_used: false,
    is_geo_blocked: false,
    capabilities: ['watch'],
    featureCount: {},
    ...overrides,
  };
}

export interface SetupStoreOptions {
  /** The fake channel API's routes ('GET /settings'…); others answer 404. */
  routes?: Record<string, FakeHandler>;
  storage?: KeyValueStorage;
  preloadedState?: Partial<RootState>;
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
  const store = makeStore({ client, ...(options.preloadedState ? { preloadedState: options.preloadedState } : {}) });
  const apiCalls = () => server.calls.filter((call) => call.path !== CHANNEL_KEY_FILE && call.path !== '/api/get_api_key');
  return { store, client, storage, reports, server, apiCalls };
}

/** Writes an entry as the client's storage does, for tests that start from a previous visit. */
export function storeEntry(storage: KeyValueStorage, key: string, value: unknown): void {
  storage.setItem(TEST_STORAGE_PREFIX + key, JSON.stringify({ value, expiresAt: Date.now() + 60_000 }));
}

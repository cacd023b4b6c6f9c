// Test support (left out of the build): a real client over a fake fetch, the one outside boundary.
import { createApiClient, createMemoryStorage } from '@grandstand/api-client';
import type { KeyValueStorage, RequestErrorReport } from '@grandstand/api-client';
import { createFakeChannelApi } from '@grandstand/api-client/testing';
import type { FakeHandler } from '@grandstand/api-client/testing';
import type { ChannelSettings, User } from '@grandstand/contract';
import { CHANNEL_KEY_FILE } from '@grandstand/contract';
import { makeStore } from './makeStore.ts';
import type { RootState } from './makeStore.ts';

export const PREFIX = 'grandstand:test:';

export const settingsFixture = {
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
} satisfies ChannelSettings;

export const userFixture: User = {
  id: 7,
  email: 'fan@example.com',
  first_name: 'Sam',
  last_name: 'Lee',
  temporary_password: false,
  trial_period_used: false,
  is_geo_blocked: false,
  capabilities: ['watch'],
  featureCount: {},
};

export function setupStore(options: { routes?: Record<string, FakeHandler>; storage?: KeyValueStorage; preloadedState?: Partial<RootState> } = {}) {
  const server = createFakeChannelApi({ routes: options.routes ?? {} });
  const reports: RequestErrorReport[] = [];
  const storage = options.storage ?? createMemoryStorage();
  const client = createApiClient({
    baseUrl: '/api',
    channelKeyUrl: CHANNEL_KEY_FILE,
    storagePrefix: PREFIX,
    storage,
    fetch: server.fetch,
    reporter: (report) => reports.push(report),
    // No real waits: the retry delays pass at once.
    sleep: async () => undefined,
  });
  const store = makeStore({ client, ...(options.preloadedState ? { preloadedState: options.preloadedState } : {}) });
  const apiCalls = () => server.calls.filter((call) => call.path !== CHANNEL_KEY_FILE && call.path !== '/api/get_api_key');
  return { store, client, server, reports, storage, apiCalls };
}

/** Writes an entry as the client's storage does, for tests that start from a previous visit. */
export function storeEntry(storage: KeyValueStorage, key: string, value: unknown): void {
  storage.setItem(PREFIX + key, JSON.stringify({ value, expiresAt: Date.now() + 60_000 }));
}

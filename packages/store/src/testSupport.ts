// Test support of the store's own tests (left out of the build), over the shared `testing.ts`.
import type { KeyValueStorage } from '@grandstand/api-client';
import { CHANNEL_KEY_FILE } from '@grandstand/contract';
import { createTestStore, TEST_STORAGE_PREFIX } from './testing.ts';
import type { TestStoreOptions } from './testing.ts';

export function setupStore(options: Omit<TestStoreOptions, 'user' | 'acceptsApiKey'> = {}) {
  const { api, ...rest } = createTestStore(options);
  const apiCalls = () => api.calls.filter((call) => call.path !== CHANNEL_KEY_FILE && call.path !== '/api/get_api_key');
  return { ...rest, server: api, apiCalls };
}

/** Writes an entry as the client's storage does, for tests that start from a previous visit. */
export function storeEntry(storage: KeyValueStorage, key: string, value: unknown): void {
  storage.setItem(TEST_STORAGE_PREFIX + key, JSON.stringify({ value, expiresAt: Date.now() + 60_000 }));
}

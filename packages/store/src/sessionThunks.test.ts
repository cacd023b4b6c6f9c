import { createApiClient, createMemoryStorage, STORAGE_KEYS } from '@grandstand/api-client';
import { createFakeChannelApi } from '@grandstand/api-client/testing';
import { CHANNEL_KEY_FILE } from '@grandstand/contract';
import { describe, expect, it, vi } from 'vitest';
import { channelApi } from './channelApi.ts';
import { makeStore } from './makeStore.ts';
import { selectUser } from './sessionSlice.ts';
import { endSession, startSession } from './sessionThunks.ts';
import { testUser } from './testSupport.ts';

const SESSION_KEY = 'session-key-of-sam';

/** A channel API whose profile answers the user bound to the session key, and 401 to a visitor. */
function setup() {
  const sessions = new Set<string>();
  const server = createFakeChannelApi({
    acceptsApiKey: (key) => sessions.has(key),
    routes: {
      'GET /profile': (request) =>
        sessions.has(request.query.api_key ?? '') ? { json: { data: testUser() } } : { status: 401, json: { message: 'Unauthenticated' } },
    },
  });
  const storage = createMemoryStorage();
  const client = createApiClient({ baseUrl: '/api', channelKeyUrl: CHANNEL_KEY_FILE, storagePrefix: 'grandstand:test:', storage, fetch: server.fetch, sleep: async () => undefined });
  const store = makeStore({ client });
  const profileCalls = () => server.calls.filter((call) => call.path === '/api/profile');
  return { server, client, store, sessions, profileCalls };
}

describe('startSession', () => {
  it('stores the user and the session key, and refetches the profile with that key', async () => {
    const { store, client, sessions, profileCalls } = setup();
    const subscription = store.dispatch(channelApi.endpoints.getProfile.initiate());
    await vi.waitFor(() => expect(profileCalls()).toHaveLength(1));
    sessions.add(SESSION_KEY);

    store.dispatch(startSession({ user: testUser(), api_key: SESSION_KEY }));

    expect(selectUser(store.getState())).toEqual(testUser());
    expect(client.storage.get(STORAGE_KEYS.user)).toEqual(testUser());
    await expect(client.getApiKey()).resolves.toBe(SESSION_KEY);
    await vi.waitFor(() => expect(profileCalls()).toHaveLength(2));
    expect(profileCalls()[1]?.query.api_key).toBe(SESSION_KEY);
    subscription.unsubscribe();
  });
});

describe('endSession', () => {
  it('clears the user and the keys, so the next call fetches a fresh visitor key', async () => {
    const { store, client, sessions, server } = setup();
    sessions.add(SESSION_KEY);
    store.dispatch(startSession({ user: testUser(), api_key: SESSION_KEY }));

    store.dispatch(endSession());

    expect(selectUser(store.getState())).toBeNull();
    expect(client.storage.get(STORAGE_KEYS.user)).toBeNull();
    await expect(client.getApiKey()).resolves.toBe('test-api-key-0001');
    expect(server.calls.map((call) => call.path)).toContain('/api/get_api_key');
  });

  it('refetches the profile as a visitor, which leaves nobody logged in', async () => {
    const { store, sessions, profileCalls } = setup();
    sessions.add(SESSION_KEY);
    store.dispatch(startSession({ user: testUser(), api_key: SESSION_KEY }));
    const subscription = store.dispatch(channelApi.endpoints.getProfile.initiate());
    await vi.waitFor(() => expect(profileCalls()).toHaveLength(1));

    store.dispatch(endSession());

    await vi.waitFor(() => expect(profileCalls()).toHaveLength(2));
    expect(profileCalls()[1]?.query.api_key).toBe('test-api-key-0001');
    expect(selectUser(store.getState())).toBeNull();
    subscription.unsubscribe();
  });
});

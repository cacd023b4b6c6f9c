import { createApiClient, createMemoryStorage } from '@grandstand/api-client';
import { createFakeChannelApi } from '@grandstand/api-client/testing';
import { CHANNEL_KEY_FILE } from '@grandstand/contract';
import { describe, expect, it, vi } from 'vitest';
import { baseApi, TAG_TYPES } from './baseApi.ts';
import { makeStore } from './makeStore.ts';
import { endSession, startSession } from './sessionThunks.ts';
import { testUser } from './testSupport.ts';
import { staleOnViewerChange, tagsStaleOn } from './viewerTags.ts';

/** A feature of its own, as a feature package adds itself: its tag type, stale on a session change. */
const NOTES_TAGS = ['Notes'] as const;
staleOnViewerChange('session', NOTES_TAGS);
const notesApi = baseApi.enhanceEndpoints({ addTagTypes: NOTES_TAGS }).injectEndpoints({
  endpoints: (build) => ({ getNotes: build.query<unknown, void>({ query: () => ({ url: '/notes' }), providesTags: ['Notes'] }) }),
});

function setup() {
  const server = createFakeChannelApi({ acceptsApiKey: () => true, routes: { 'GET /notes': () => ({ json: { data: [] } }) } });
  const client = createApiClient({
    baseUrl: '/api',
    channelKeyUrl: CHANNEL_KEY_FILE,
    storagePrefix: 'grandstand:test:',
    storage: createMemoryStorage(),
    fetch: server.fetch,
    sleep: async () => undefined,
  });
  const store = makeStore({ client });
  const noteCalls = () => server.calls.filter((call) => call.path === '/api/notes');
  return { store, noteCalls };
}

describe('tag types stale on a change of the viewer', () => {
  it('lists only the store’s own tag types: each feature adds its own', () => {
    expect(TAG_TYPES).not.toContain('Notes');
    expect(TAG_TYPES).not.toContain('Clips');
    expect(tagsStaleOn('session')).toEqual(expect.arrayContaining(['Profile', 'Event', 'Orders', 'Notes']));
    expect(tagsStaleOn('access')).not.toContain('Notes');
  });

  it('refetches a feature’s answers tagged with its own tag types when the viewer logs in and out', async () => {
    const { store, noteCalls } = setup();
    const subscription = store.dispatch(notesApi.endpoints.getNotes.initiate());
    await vi.waitFor(() => expect(noteCalls()).toHaveLength(1));

    store.dispatch(startSession({ user: testUser(), api_key: 'session-key-of-sam' }));
    await vi.waitFor(() => expect(noteCalls()).toHaveLength(2));
    expect(noteCalls()[1]?.query.api_key).toBe('session-key-of-sam');

    store.dispatch(endSession());
    await vi.waitFor(() => expect(noteCalls()).toHaveLength(3));
    subscription.unsubscribe();
  });
});

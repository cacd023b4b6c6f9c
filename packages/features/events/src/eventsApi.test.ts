import { createApiClient, createMemoryStorage } from '@grandstand/api-client';
import { createFakeChannelApi } from '@grandstand/api-client/testing';
import type { EventDetail } from '@grandstand/contract';
import { makeStore, sharedApi } from '@grandstand/store';
import { describe, expect, it } from 'vitest';
import { eventsApi } from './eventsApi.ts';
import { event, matchup } from './test/fixtures.ts';

const detail: EventDetail = {
  ...matchup,
  description: null,
  category: { id: 100, name: 'Hockey', alias: 'hockey' },
  location: null,
  access: { allowed: true, geo_blocked: false, options: [] },
  stream: null,
};

function setup() {
  const server = createFakeChannelApi({
    routes: {
      'GET /events': (request) => ({ json: { data: [matchup], meta: { total: 1, offset: Number(request.query.offset), limit: Number(request.query.limit) } } }),
      'GET /events/1': () => ({ json: { data: detail } }),
      'GET /events/with_clip': () => ({ json: { data: [event({ id: 8, stream_status: 'finished' })] } }),
      'GET /events-for-homepage': () => ({ json: { data: [matchup] } }),
      'GET /events/favorite': (request) => ({ json: { data: [matchup], meta: { total: 1, offset: Number(request.query.offset ?? 0), limit: Number(request.query.limit ?? 24) } } }),
    },
  });
  const client = createApiClient({ baseUrl: '/api', channelKeyUrl: '/channel-key.json', storagePrefix: 't:', storage: createMemoryStorage(), fetch: server.fetch });
  return { store: makeStore({ client }), server };
}

describe('eventsApi', () => {
  it('asks /events with only the keys that are set, and keeps { data, meta }', async () => {
    const { store, server } = setup();
    const result = await store.dispatch(eventsApi.endpoints.getEvents.initiate({ stream_status: 'live', sport: 'hockey', school: undefined, offset: 24, limit: 24 }));
    expect(result.data).toEqual({ data: [matchup], meta: { total: 1, offset: 24, limit: 24 } });
    const call = server.calls.find((request) => request.path === '/api/events');
    expect(call?.query).toEqual({ stream_status: 'live', sport: 'hockey', offset: '24', limit: '24', api_key: 'test-api-key-0001' });
  });

  it('reads one event, the homepage events and the events with clips from their data', async () => {
    const { store } = setup();
    expect((await store.dispatch(sharedApi.endpoints.getEvent.initiate(1))).data).toEqual(detail);
    expect((await store.dispatch(eventsApi.endpoints.getEventsForHomepage.initiate())).data).toEqual([matchup]);
    expect((await store.dispatch(eventsApi.endpoints.getEventsWithClip.initiate())).data?.map((item) => item.id)).toEqual([8]);
  });

  it('asks /events/favorite with only the keys that are set, and asks again when a favourite changes', async () => {
    const { store, server } = setup();
    const favoriteCalls = () => server.calls.filter((request) => request.path === '/api/events/favorite');
    const subscription = store.dispatch(eventsApi.endpoints.getFavoriteEvents.initiate({ stream_status: 'upcoming', start_date: '', offset: 0, limit: 12 }));
    const result = await subscription;
    expect(result.data).toEqual({ data: [matchup], meta: { total: 1, offset: 0, limit: 12 } });
    // spec §5: an empty filter value is not sent at all.
    expect(favoriteCalls()[0]?.query).toEqual({ stream_status: 'upcoming', offset: '0', limit: '12', api_key: 'test-api-key-0001' });

    store.dispatch(eventsApi.util.invalidateTags(['FavoriteEvents']));
    await expect.poll(() => favoriteCalls().length).toBe(2);
    subscription.unsubscribe();
  });
});

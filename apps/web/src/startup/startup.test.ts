import { createApiClient, createMemoryStorage } from '@grandstand/api-client';
import { createFakeChannelApi, createFakeFetch } from '@grandstand/api-client/testing';
import type { FakeHandler } from '@grandstand/api-client/testing';
import { makeStore, selectUser } from '@grandstand/store';
import { testSettings, testUser } from '@grandstand/test-kit/fixtures';
import { describe, expect, it } from 'vitest';
import channel from '../test/channel.ts';
import { runStartup } from './startup.ts';

function channelRoutes(overrides: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  return {
    'GET /menu': () => ({ json: { data: [] } }),
    'GET /pages': () => ({ json: { data: [{ id: 1, url: '/about-us', name: 'About us', alt_name: null }] } }),
    'GET /color-settings/web': () => ({ json: { data: channel.fallbackColors } }),
    'GET /settings': () => ({ json: { data: testSettings({ name: channel.name }) } }),
    'GET /profile': () => ({ status: 401, json: { message: 'Unauthenticated.' } }),
    'GET /geo': () => ({ json: { data: { country: null, country_code: null, ip: '127.0.0.1', is_geo_blocked: false } } }),
    'GET /participant-groups': () => ({ json: { data: [] } }),
    'GET /participants': () => ({ json: { data: [] } }),
    'GET /events-categories': () => ({ json: { data: [] } }),
    ...overrides,
  };
}

function setup(fetch: typeof globalThis.fetch) {
  const client = createApiClient({
    baseUrl: '/api',
    channelKeyUrl: '/channel-key.json',
    storagePrefix: 'grandstand:test:',
    storage: createMemoryStorage(),
    fetch,
    sleep: () => Promise.resolve(),
  });
  return { client, store: makeStore({ client }) };
}

describe('runStartup (spec §4)', () => {
  it('runs the steps in order: keys, the five parallel calls, geo for a visitor, then the lists', async () => {
    const api = createFakeChannelApi({ routes: channelRoutes() });
    const { client, store } = setup(api.fetch);

    const result = await runStartup(client, store, { onAuthPage: false });

    expect(result).toEqual({ status: 'ready', pages: [{ id: 1, url: '/about-us', name: 'About us', alt_name: null }], goHome: false });
    const paths = api.calls.map((call) => call.path);
    expect(paths.slice(0, 2)).toEqual(['/channel-key.json', '/api/get_api_key']);
    expect(paths.slice(2, 7).sort()).toEqual(['/api/color-settings/web', '/api/menu', '/api/pages', '/api/profile', '/api/settings']);
    expect(paths[7]).toBe('/api/geo');
    expect(paths.slice(8).sort()).toEqual(['/api/events-categories', '/api/participant-groups', '/api/participants']);
    expect(selectUser(store.getState())).toBeNull();
  });

  it('sends a known user on an auth page home and skips geo', async () => {
    const api = createFakeChannelApi({ routes: channelRoutes({ 'GET /profile': () => ({ json: { data: testUser() } }) }) });
    const { client, store } = setup(api.fetch);

    const result = await runStartup(client, store, { onAuthPage: true });

    expect(result).toMatchObject({ status: 'ready', goHome: true });
    expect(api.calls.map((call) => call.path)).not.toContain('/api/geo');
    expect(selectUser(store.getState())?.email).toBe(testUser().email);
  });

  it('stops at the key step when the api key cannot be had', async () => {
    const api = createFakeFetch((request) =>
      request.path === '/channel-key.json' ? { json: { channel_key: 'k' } } : { status: 500, json: { message: 'Server Error' } },
    );
    const { client, store } = setup(api.fetch);

    expect(await runStartup(client, store, { onAuthPage: false })).toEqual({ status: 'key-failed' });
    expect(api.calls.map((call) => call.path)).not.toContain('/api/settings');
  });

  it('fails when the settings call fails, and clears the user', async () => {
    const api = createFakeChannelApi({
      routes: channelRoutes({
        'GET /profile': () => ({ json: { data: testUser() } }),
        'GET /settings': () => ({ status: 500, json: { message: 'Server Error' } }),
      }),
    });
    const { client, store } = setup(api.fetch);

    expect(await runStartup(client, store, { onAuthPage: false })).toEqual({ status: 'failed' });
    expect(selectUser(store.getState())).toBeNull();
  });

  it('degrades without custom pages when only the page list fails', async () => {
    const api = createFakeChannelApi({ routes: channelRoutes({ 'GET /pages': () => ({ status: 500, json: { message: 'Server Error' } }) }) });
    const { client, store } = setup(api.fetch);

    expect(await runStartup(client, store, { onAuthPage: false })).toEqual({ status: 'ready', pages: [], goHome: false });
  });
});

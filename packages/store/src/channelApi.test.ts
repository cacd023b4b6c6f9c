import { describe, expect, it } from 'vitest';
import { channelApi } from './channelApi.ts';
import { sharedApi } from './sharedApi.ts';
import { selectShowReloadScreen, selectUser, setUser } from './sessionSlice.ts';
import { setupStore, TEST_STORAGE_PREFIX, testSettings, testUser } from './testSupport.ts';

const customForm = {
  alias: 'contact',
  title: 'Contact us',
  fields: [{ name: 'email', label: 'Email', type: 'email', required: true }],
};

describe('channelApi', () => {
  it('getSettings returns the data payload, sending the api key', async () => {
    const { store, apiCalls } = setupStore({ routes: { 'GET /settings': () => ({ json: { data: testSettings() } }) } });
    const settings = await store.dispatch(channelApi.endpoints.getSettings.initiate()).unwrap();
    expect(settings).toEqual(testSettings());
    expect(apiCalls()[0]?.query.api_key).toBe('test-api-key-0001');
  });

  it('getSettings raises the crash error on a 4xx or 5xx, so the reload screen shows (spec §8)', async () => {
    const { store } = setupStore({ routes: { 'GET /settings': () => ({ status: 500, json: { message: 'Boom' } }) } });
    const result = await store.dispatch(channelApi.endpoints.getSettings.initiate());
    expect(result.error).toEqual({ status: 500, kind: 'http', message: 'Boom' });
    expect(selectShowReloadScreen(store.getState())).toBe(true);
  });

  it('getMenu raises the crash error on a 4xx too', async () => {
    const { store } = setupStore({ routes: {} });
    await store.dispatch(channelApi.endpoints.getMenu.initiate());
    expect(selectShowReloadScreen(store.getState())).toBe(true);
  });

  it('getProfile stores the user it gets', async () => {
    const { store, client } = setupStore({ routes: { 'GET /profile': () => ({ json: { data: testUser() } }) } });
    await store.dispatch(channelApi.endpoints.getProfile.initiate());
    expect(selectUser(store.getState())).toEqual(testUser());
    expect(client.storage.get('user')).toEqual(testUser());
  });

  it('getProfile answering a user where there was none (a device linked with a code) fetches the event again as them', async () => {
    let linked = false;
    const { store, apiCalls } = setupStore({
      routes: {
        'GET /events/7': () => ({ json: { data: { id: 7, access: { allowed: linked } } } }),
        'GET /profile': () => (linked ? { json: { data: testUser() } } : { status: 401, json: { message: 'Unauthenticated.' } }),
      },
    });
    const watching = store.dispatch(sharedApi.endpoints.getEvent.initiate(7));
    await watching;
    await store.dispatch(channelApi.endpoints.getProfile.initiate(undefined, { forceRefetch: true }));
    expect(apiCalls().filter((call) => call.path === '/api/events/7')).toHaveLength(1);
    linked = true;
    await store.dispatch(channelApi.endpoints.getProfile.initiate(undefined, { forceRefetch: true }));
    await expect.poll(() => apiCalls().filter((call) => call.path === '/api/events/7').length).toBe(2);
    await expect.poll(() => (sharedApi.endpoints.getEvent.select(7)(store.getState()).data as { access: { allowed: boolean } } | undefined)?.access.allowed).toBe(true);
    // The same user answering again (the device's next poll, a reload) fetches nothing more.
    await store.dispatch(channelApi.endpoints.getProfile.initiate(undefined, { forceRefetch: true }));
    expect(apiCalls().filter((call) => call.path === '/api/events/7')).toHaveLength(2);
    watching.unsubscribe();
  });

  it('getProfile answered 401 leaves no user and sends no report (spec §7: 401 tolerated)', async () => {
    const { store, reports, storage } = setupStore({ routes: { 'GET /profile': () => ({ status: 401, json: { message: 'Unauthenticated.' } }) } });
    const result = await store.dispatch(channelApi.endpoints.getProfile.initiate());
    expect(result.error).toMatchObject({ status: 401, kind: 'unauthenticated' });
    expect(selectUser(store.getState())).toBeNull();
    expect(reports).toEqual([]);
    expect(storage.getItem(`${TEST_STORAGE_PREFIX}api_key`)).not.toBeNull();
  });

  it('getProfile answered 401 clears a user a previous visit left', async () => {
    const { store } = setupStore({ routes: { 'GET /profile': () => ({ status: 401, json: { message: 'Unauthenticated.' } }) } });
    store.dispatch(setUser(testUser()));
    await store.dispatch(channelApi.endpoints.getProfile.initiate());
    expect(selectUser(store.getState())).toBeNull();
  });

  it('getCustomForm gives the form, or null when the channel has none (spec §7: 404 tolerated)', async () => {
    const { store } = setupStore({ routes: { 'GET /custom-forms/contact': () => ({ json: { data: customForm } }) } });
    await expect(store.dispatch(channelApi.endpoints.getCustomForm.initiate('contact')).unwrap()).resolves.toEqual(customForm);
    const missing = await store.dispatch(channelApi.endpoints.getCustomForm.initiate('absent'));
    expect(missing.isSuccess).toBe(true);
    expect(missing.data).toBeNull();
  });

  it('getCustomForm passes other failures on', async () => {
    const { store } = setupStore({ routes: { 'GET /custom-forms/contact': () => ({ status: 500, json: { message: 'Boom' } }) } });
    const result = await store.dispatch(channelApi.endpoints.getCustomForm.initiate('contact'));
    expect(result.error).toEqual({ status: 500, kind: 'http', message: 'Boom' });
  });

  it('getParticipants asks for every participant (no_limit=1)', async () => {
    const { store, apiCalls } = setupStore({ routes: { 'GET /participants': () => ({ json: { data: [] } }) } });
    await store.dispatch(channelApi.endpoints.getParticipants.initiate());
    expect(apiCalls()[0]?.query.no_limit).toBe('1');
  });

  it('getSlides sends the type only when given', async () => {
    const { store, apiCalls } = setupStore({ routes: { 'GET /slides/web': () => ({ json: { data: [] } }) } });
    await store.dispatch(channelApi.endpoints.getSlides.initiate());
    await store.dispatch(channelApi.endpoints.getSlides.initiate('home'));
    expect(apiCalls().map((call) => call.query.type)).toEqual([undefined, 'home']);
  });

  it('getPage reads one page by id and getPages the list', async () => {
    const page = { id: 3, url: '/about', alt_name: null, name: 'About' };
    const { store } = setupStore({
      routes: {
        'GET /pages': () => ({ json: { data: [page] } }),
        'GET /pages/3': () => ({ json: { data: { ...page, content: '<p>Hi</p>' } } }),
      },
    });
    await expect(store.dispatch(channelApi.endpoints.getPages.initiate()).unwrap()).resolves.toEqual([page]);
    await expect(store.dispatch(channelApi.endpoints.getPage.initiate(3)).unwrap()).resolves.toMatchObject({ content: '<p>Hi</p>' });
  });

  it('reads each channel-wide list from its path', async () => {
    const routes = {
      'GET /color-settings/web': () => ({
        json: {
          data: {
            'header-background': '#000000',
            'header-text-color': '#ffffff',
            'body-background': '#ffffff',
            'body-text-color': '#111111',
            'footer-background': '#222222',
            'footer-text-color': '#eeeeee',
            'primary-color': '#0055aa',
            'secondary-color': '#aa5500',
          },
        },
      }),
      'GET /faq': () => ({ json: { data: [{ id: 1, question: 'Q', answer: 'A', position: 1 }] } }),
      'GET /geo': () => ({ json: { data: { country: 'US', country_code: 'US', ip: '127.0.0.1', is_geo_blocked: false } } }),
      'GET /events-categories': () => ({ json: { data: [{ id: 1, name: 'Soccer', alias: null, parent_id: null, children: [] }] } }),
      'GET /participant-groups': () => ({ json: { data: [{ id: 1, name: 'North High', alias: 'north', image: null }] } }),
      'GET /participant-group-properties': () => ({ json: { data: [{ key: 'sport', values: ['Soccer'] }] } }),
      'GET /events-locations': () => ({ json: { data: [{ id: 1, name: 'Field', city: null, state: null, country: null }] } }),
    };
    const { store } = setupStore({ routes });
    const { endpoints } = channelApi;
    await expect(store.dispatch(endpoints.getColorSettings.initiate()).unwrap()).resolves.toMatchObject({ 'primary-color': '#0055aa' });
    await expect(store.dispatch(endpoints.getFaq.initiate()).unwrap()).resolves.toHaveLength(1);
    await expect(store.dispatch(endpoints.getGeo.initiate()).unwrap()).resolves.toMatchObject({ country_code: 'US' });
    await expect(store.dispatch(endpoints.getEventCategories.initiate()).unwrap()).resolves.toMatchObject([{ name: 'Soccer' }]);
    await expect(store.dispatch(endpoints.getParticipantGroups.initiate()).unwrap()).resolves.toMatchObject([{ alias: 'north' }]);
    await expect(store.dispatch(endpoints.getParticipantGroupProperties.initiate()).unwrap()).resolves.toEqual([{ key: 'sport', values: ['Soccer'] }]);
    await expect(store.dispatch(endpoints.getEventLocations.initiate()).unwrap()).resolves.toMatchObject([{ name: 'Field' }]);
  });

  it('shares one request among callers of the same query and serves it from the cache', async () => {
    const { store, apiCalls } = setupStore({ routes: { 'GET /settings': () => ({ json: { data: testSettings() } }) } });
    const first = store.dispatch(channelApi.endpoints.getSettings.initiate());
    const second = store.dispatch(channelApi.endpoints.getSettings.initiate());
    await Promise.all([first, second]);
    await store.dispatch(channelApi.endpoints.getSettings.initiate());
    expect(apiCalls()).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { sharedApi } from './sharedApi.ts';
import { setupStore } from './testSupport.ts';

describe('sharedApi', () => {
  it('getEvent gives the data payload of one event', async () => {
    const event = { id: 7, name: 'Final' };
    const { store } = setupStore({ routes: { 'GET /events/7': () => ({ json: { data: event } }) } });
    await expect(store.dispatch(sharedApi.endpoints.getEvent.initiate(7)).unwrap()).resolves.toEqual(event);
  });

  it('getOrders asks for every order (no_limit=1) unless a limit is given (spec §7)', async () => {
    const page = { data: [], meta: { total: 0, offset: 0, limit: null } };
    const { store, apiCalls } = setupStore({ routes: { 'GET /orders': () => ({ json: page }) } });
    await store.dispatch(sharedApi.endpoints.getOrders.initiate({ type: 'package', status: 'paid' })).unwrap();
    await store.dispatch(sharedApi.endpoints.getOrders.initiate({ limit: 5 })).unwrap();
    const [all, limited] = apiCalls();
    expect(all?.query).toMatchObject({ no_limit: '1', type: 'package', status: 'paid' });
    expect(limited?.query).toMatchObject({ limit: '5' });
    expect(limited?.query.no_limit).toBeUndefined();
  });
});

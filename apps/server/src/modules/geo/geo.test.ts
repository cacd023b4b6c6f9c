import { EventDetailResponse, EventsForHomepageResponse, EventsResponse, GeoResponse } from '@grandstand/contract';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedChannel } from '../channels/seed.ts';
import { parseChannelSeed } from '../../core/channels/seedSchema.ts';
import { buildTestApp, FIXTURE_CHANNELS_DIR, type TestApp } from '../../../test/helper.ts';

// Addresses from the offline database: 24.48.0.1 is Canadian, 8.8.8.8 American.
const CANADA = '24.48.0.1';
const US = '8.8.8.8';

describe('geo without a trusted proxy', () => {
  let t: TestApp;
  let alphaKey: string;
  let bravoKey: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    [alphaKey, bravoKey] = await Promise.all([t.keyFor('alpha'), t.keyFor('bravo')]);
    const rows = await t.database.db.selectFrom('events').select(['id', 'name']).where('channel_id', '=', t.channel('alpha').id).execute();
    for (const row of rows) ids[row.name] = row.id;
    // The channel's settings, as a seed stores them: alpha blocks Canada (fixture data of this test only).
    const alpha = t.channel('alpha');
    await seedChannel(t.database.db, { ...alpha, seed: { ...alpha.seed!, settings: { ...alpha.seed!.settings, blocked_countries: ['CA'] } } }, undefined, t.app.dataChanged);
    await vi.waitFor(() => expect(t.app.geo.isBlocked(alpha.id, 'CA')).toBe(true));
    const reseeded = await t.database.db.selectFrom('events').select(['id', 'name']).where('channel_id', '=', alpha.id).execute();
    for (const row of reseeded) ids[row.name] = row.id;
  });
  afterAll(async () => t.close());

  const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, remoteAddress, headers });

  it('answers the caller’s address and country in the contract’s shape', async () => {
    const response = await get(`/api/geo?api_key=${bravoKey}`, US);
    expect(response.statusCode).toBe(200);
    expect(GeoResponse.parse(response.json()).data).toEqual({ country: 'United States', country_code: 'US', ip: US, is_geo_blocked: false });
  });

  it('answers null country for a loopback or private caller', async () => {
    for (const ip of ['127.0.0.1', '192.168.1.20', '::1']) {
      const body = GeoResponse.parse((await get(`/api/geo?api_key=${alphaKey}`, ip)).json());
      expect(body.data).toEqual({ country: null, country_code: null, ip, is_geo_blocked: false });
    }
  });

  it('tells a caller in a blocked country, on that channel only', async () => {
    expect(GeoResponse.parse((await get(`/api/geo?api_key=${alphaKey}`, CANADA)).json()).data).toEqual({
      country: 'Canada',
      country_code: 'CA',
      ip: CANADA,
      is_geo_blocked: true,
    });
    expect(GeoResponse.parse((await get(`/api/geo?api_key=${bravoKey}`, CANADA)).json()).data.is_geo_blocked).toBe(false);
  });

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    const body = GeoResponse.parse((await get(`/api/geo?api_key=${alphaKey}`, US, { 'x-forwarded-for': CANADA })).json());
    expect(body.data).toMatchObject({ ip: US, country_code: 'US', is_geo_blocked: false });
  });

  it('gives a blocked viewer no stream and geo_blocked access, whatever the access type', async () => {
    for (const name of ['North vs South', 'South vs North', 'Last season final']) {
      const response = await get(`/api/events/${ids[name]}?api_key=${alphaKey}`, CANADA);
      expect(response.statusCode).toBe(200);
      const { data } = EventDetailResponse.parse(response.json());
      expect(data.access, name).toEqual({ allowed: false, geo_blocked: true, options: [] });
      expect(data.has_access).toBe(false);
      expect(data.stream).toBeNull();
    }
  });

  it('still streams the free live game to a viewer elsewhere', async () => {
    const { data } = EventDetailResponse.parse((await get(`/api/events/${ids['North vs South']}?api_key=${alphaKey}`, US)).json());
    expect(data.access).toEqual({ allowed: true, geo_blocked: false, options: [] });
    expect(data.stream?.url).toMatch(/\/media\/s\//);
  });

  it('lists every event without access for a blocked viewer, and leaves the shared listing alone', async () => {
    const blocked = EventsResponse.parse((await get(`/api/events?api_key=${alphaKey}`, CANADA)).json());
    expect(blocked.data.length).toBeGreaterThan(0);
    expect(blocked.data.every((e) => !e.has_access)).toBe(true);
    const elsewhere = EventsResponse.parse((await get(`/api/events?api_key=${alphaKey}`, US)).json());
    expect(elsewhere.data.find((e) => e.name === 'North vs South')?.has_access).toBe(true);
    const homepage = EventsForHomepageResponse.parse((await get(`/api/events-for-homepage?api_key=${alphaKey}`, CANADA)).json());
    expect(homepage.data.every((e) => !e.has_access)).toBe(true);
  });

  it('never answers 5xx to garbage X-Forwarded-For', async () => {
    for (const xff of ['garbage', ', ,', '999.999.999.999', "'; drop table channels; --", 'x'.repeat(8000), '::ffff:zz', '1.2.3.4, nonsense']) {
      const geo = await get(`/api/geo?api_key=${alphaKey}`, US, { 'x-forwarded-for': xff });
      expect(geo.statusCode, xff).toBe(200);
      expect(GeoResponse.parse(geo.json()).data.ip).toBe(US);
      expect((await get(`/api/events/${ids['North vs South']}?api_key=${alphaKey}`, US, { 'x-forwarded-for': xff })).statusCode).toBe(200);
    }
  });
});

describe('geo behind a trusted proxy', () => {
  let t: TestApp;
  let alphaKey: string;
  const PROXY = '10.0.0.5';

  beforeAll(async () => {
    t = await buildTestApp({ trustProxy: ['10.0.0.0/8'] });
    alphaKey = await t.keyFor('alpha');
  });
  afterAll(async () => t.close());

  const geo = async (remoteAddress: string, xff?: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/geo?api_key=${alphaKey}`, remoteAddress, headers: xff === undefined ? {} : { 'x-forwarded-for': xff } });
    expect(response.statusCode).toBe(200);
    return GeoResponse.parse(response.json()).data;
  };

  it('honours X-Forwarded-For from the trusted proxy', async () => {
    expect(await geo(PROXY, CANADA)).toMatchObject({ ip: CANADA, country_code: 'CA' });
    // A client-supplied entry ahead of the proxy's own is not believed: the nearest untrusted one is.
    expect(await geo(PROXY, `${US}, ${CANADA}`)).toMatchObject({ ip: CANADA, country_code: 'CA' });
  });

  it('ignores X-Forwarded-For from anyone else', async () => {
    expect(await geo(US, CANADA)).toMatchObject({ ip: US, country_code: 'US' });
  });

  it('falls back to the proxy’s own address when the forwarded one is not an address', async () => {
    expect(await geo(PROXY, 'garbage')).toEqual({ country: null, country_code: null, ip: PROXY, is_geo_blocked: false });
  });
});

describe('seed settings: blocked_countries', () => {
  it('is optional, upper-cased, and refuses what is not an ISO code', async () => {
    const fixture = JSON.parse(await readFile(join(FIXTURE_CHANNELS_DIR, 'alpha', 'seed.json'), 'utf8')) as { settings: object };
    const withBlocked = (blocked?: unknown) => ({ ...fixture, settings: { ...fixture.settings, ...(blocked === undefined ? {} : { blocked_countries: blocked }) } });
    expect(parseChannelSeed(withBlocked(), 'seed.json').settings.blocked_countries).toEqual([]);
    expect(parseChannelSeed(withBlocked(['ca', 'US']), 'seed.json').settings.blocked_countries).toEqual(['CA', 'US']);
    expect(() => parseChannelSeed(withBlocked(['CAN']), 'seed.json')).toThrow(/settings\.blocked_countries\.0/);
  });
});

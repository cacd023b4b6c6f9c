import {
  ChannelSettingsResponse,
  ColorSettingsResponse,
  CustomFormResponse,
  EventCategoriesResponse,
  EventLocationsResponse,
  FaqResponse,
  GeoResponse,
  MenuResponse,
  PageDetailResponse,
  PagesResponse,
  ParticipantGroupPropertiesResponse,
  ParticipantGroupsResponse,
  ParticipantsResponse,
  SlidesResponse,
} from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await buildTestApp();
  key = await t.keyFor('alpha');
});
afterAll(async () => t.close());

async function get(path: string, query = '') {
  const response = await t.app.inject({ url: `/api/${path}?api_key=${key}${query}` });
  expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  return response.json();
}

describe('channel catalog', () => {
  it('GET /api/settings merges the channel, its settings and its prerolls', async () => {
    const { data } = ChannelSettingsResponse.parse(await get('settings'));
    expect(data).toMatchObject({ name: 'Alpha Sports', language: 'en', currency: 'USD', 'google-analytics': 'GTM-TEST01', auth: { remote_auth: 0 }, preroll_time: 3_600_000 });
    expect(data.static_blocks).toEqual([{ alias: 'about', title: 'About Alpha', content: '<p>Alpha streams games.</p>' }]);
    expect(data.prerolls).toHaveLength(1);
    expect(data.prerolls[0]).toMatchObject({ url: '/media/prerolls/promo.m3u8', weight: 1, for_vod: true, for_live: true });
    expect(data.prerolls[0]?.event_categories).toHaveLength(1);
  });

  it('GET /api/settings tells the site where analytics and error reports go, and whether to ask first', async () => {
    const { data } = ChannelSettingsResponse.parse(await get('settings'));
    // No ANALYTICS_PUBLIC_URL in this app: the site makes no analytics calls.
    expect(data).toMatchObject({ analytics_url: null, error_dsn: 'https://0f1e2d3c4b5a@errors.alpha.example/7', analytics_consent: 'opt-in' });
    const bravo = await t.app.inject({ url: `/api/settings?api_key=${await t.keyFor('bravo')}` });
    expect(ChannelSettingsResponse.parse(bravo.json()).data).toMatchObject({ analytics_url: null, error_dsn: null, analytics_consent: 'notice' });

    // This deployment's DSN (CHANNEL_ERROR_DSNS) wins over the seed's, for its channel only, and the
    // sites may send to it.
    const withAnalytics = await buildTestApp({ analyticsUrl: 'http://127.0.0.1:8090', errorDsns: { bravo: 'http://bravokey@127.0.0.1:8193/2' } });
    try {
      const response = await withAnalytics.app.inject({ url: `/api/settings?api_key=${await withAnalytics.keyFor('alpha')}` });
      expect(ChannelSettingsResponse.parse(response.json()).data).toMatchObject({ analytics_url: 'http://127.0.0.1:8090', error_dsn: 'https://0f1e2d3c4b5a@errors.alpha.example/7' });
      const bravoDsn = await withAnalytics.app.inject({ url: `/api/settings?api_key=${await withAnalytics.keyFor('bravo')}` });
      expect(ChannelSettingsResponse.parse(bravoDsn.json()).data.error_dsn).toBe('http://bravokey@127.0.0.1:8193/2');
      const page = await withAnalytics.app.inject({ url: '/', headers: { host: 'localhost' } });
      expect(String(page.headers['content-security-policy'])).toMatch(/connect-src [^;]*http:\/\/127\.0\.0\.1:8193/);
    } finally {
      await withAnalytics.close();
    }
  });

  it('GET /api/color-settings/web answers the seeded colours', async () => {
    const { data } = ColorSettingsResponse.parse(await get('color-settings/web'));
    expect(data['primary-color']).toBe('#c8102e');
  });

  it('GET /api/menu is ordered by position and embeds participant groups', async () => {
    const { data } = MenuResponse.parse(await get('menu'));
    expect(data.map((m) => m.title)).toEqual(['Live', 'About', 'Alpha North']);
    expect(data.map((m) => m.position)).toEqual([0, 1, 2]);
    const about = data[1]!;
    expect(about).toMatchObject({ type: 'page', url: '/about-us', placement: 'both' });
    expect(about.page_id).toEqual(expect.any(Number));
    expect(data[2]?.participant_group).toEqual({ id: expect.any(Number), name: 'Alpha North High', alias: 'alpha-north' });
  });

  it('GET /api/pages lists pages and /api/pages/:id answers one with its content', async () => {
    const { data } = PagesResponse.parse(await get('pages'));
    expect(data).toEqual([{ id: expect.any(Number), url: '/about-us', alt_name: null, name: 'About Alpha' }]);
    const detail = PageDetailResponse.parse(await get(`pages/${data[0]!.id}`));
    expect(detail.data.content).toBe('<h1>About Alpha</h1>');
  });

  it('GET /api/slides/web lists slides in order and filters by type', async () => {
    const all = SlidesResponse.parse(await get('slides/web')).data;
    expect(all.map((s) => s.slidable_type)).toEqual(['event', 'participant_group', 'link']);
    expect(all[0]?.slidable_id).toEqual(expect.any(Number));
    expect(all[2]).toMatchObject({ slidable_id: null, url: 'https://example.org' });
    const links = SlidesResponse.parse(await get('slides/web', '&type=link')).data;
    expect(links.map((s) => s.title)).toEqual(['Website']);
    expect(SlidesResponse.parse(await get('slides/web', '&type=nothing')).data).toEqual([]);
  });

  it('GET /api/faq is ordered', async () => {
    const { data } = FaqResponse.parse(await get('faq'));
    expect(data.map((f) => f.question)).toEqual(['How do I watch?', 'Refunds?']);
  });

  it('GET /api/custom-forms/:alias answers the form, or 404 naming alias', async () => {
    const { data } = CustomFormResponse.parse(await get('custom-forms/contacts'));
    expect(data.fields.map((f) => f.name)).toEqual(['email', 'topic']);
    const missing = await t.app.inject({ url: `/api/custom-forms/nope?api_key=${key}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Form not found.', field: 'alias' });
  });

  it('GET /api/geo answers the caller address without a country yet', async () => {
    const { data } = GeoResponse.parse(await get('geo'));
    expect(data).toEqual({ country: null, country_code: null, ip: '127.0.0.1', is_geo_blocked: false });
  });
});

describe('participants and events catalog', () => {
  it('GET /api/events-categories is a nested tree', async () => {
    const { data } = EventCategoriesResponse.parse(await get('events-categories'));
    expect(data.map((c) => c.name)).toEqual(['Alpha Basketball', 'Soccer']);
    const basketball = data[0]!;
    expect(basketball.children.map((c) => [c.name, c.parent_id])).toEqual([
      ['Boys Varsity', basketball.id],
      ['Girls Varsity', basketball.id],
    ]);
  });

  it('GET /api/participants nests teams with their properties', async () => {
    const { data } = ParticipantsResponse.parse(await get('participants', '&no_limit=1'));
    expect(data.map((p) => p.name)).toEqual(['Alpha North Boys', 'Alpha South Girls']);
    expect(data[0]?.properties).toEqual({ gender: 'M', sport: 'Boys Varsity' });
    expect(data[0]?.children.map((c) => c.name)).toEqual(['Alpha North Boys JV']);
    expect(ParticipantsResponse.parse(await get('participants')).data).toHaveLength(2);
  });

  it('GET /api/participant-groups lists schools', async () => {
    const { data } = ParticipantGroupsResponse.parse(await get('participant-groups'));
    expect(data.map((g) => g.alias)).toEqual(['alpha-north', 'alpha-south']);
  });

  it('GET /api/participant-group-properties lists the values in use per filter key', async () => {
    const { data } = ParticipantGroupPropertiesResponse.parse(await get('participant-group-properties'));
    expect(data).toEqual([
      { key: 'gender', values: ['M', 'W'] },
      { key: 'sport', values: ['Boys Varsity', 'Girls Varsity'] },
      { key: 'city', values: ['Alphaville', 'Riverton'] },
      { key: 'state', values: ['MI', 'OH'] },
    ]);
  });

  it('GET /api/events-locations lists venues', async () => {
    const { data } = EventLocationsResponse.parse(await get('events-locations'));
    expect(data).toEqual([{ id: expect.any(Number), name: 'Alpha Gym', city: 'Alphaville', state: 'OH', country: 'US' }]);
  });
});

describe('catalog cache', () => {
  it('answers repeated reads with identical bytes and drops them when the data changes', async () => {
    const first = await t.app.inject({ url: `/api/faq?api_key=${key}` });
    expect(t.app.catalogCache.get(t.channel('alpha').id, 'faq')).toBe(first.body);
    const second = await t.app.inject({ url: `/api/faq?api_key=${key}` });
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    t.app.catalogCache.invalidate(t.channel('alpha').id);
    expect(t.app.catalogCache.get(t.channel('alpha').id, 'faq')).toBeUndefined();
  });

  it('does not cache a 404', async () => {
    await t.app.inject({ url: `/api/custom-forms/missing?api_key=${key}` });
    expect(t.app.catalogCache.get(t.channel('alpha').id, 'form:missing')).toBeUndefined();
  });
});

describe('geo behind a proxy', () => {
  it('uses X-Forwarded-For only when trustProxy is set', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.7' };
    const direct = await t.app.inject({ url: `/api/geo?api_key=${key}`, headers });
    expect(GeoResponse.parse(direct.json()).data.ip).toBe('127.0.0.1');
    const proxied = await buildTestApp({ trustProxy: true });
    try {
      const proxiedKey = await proxied.keyFor('alpha');
      const response = await proxied.app.inject({ url: `/api/geo?api_key=${proxiedKey}`, headers });
      expect(GeoResponse.parse(response.json()).data.ip).toBe('203.0.113.7');
    } finally {
      await proxied.close();
    }
  });
});

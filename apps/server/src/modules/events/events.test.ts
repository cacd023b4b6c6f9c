import { ApiErrorBody, type Event, EventDetailResponse, EventsForHomepageResponse, EventsResponse } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

// The fixture channel alpha seeds three events (a free live game, a ppv upcoming game, a register
// finished game); these tests add six more so every filter, sort and access kind has something
// to tell apart. Times are relative to now except two fixed ones for the date filter.
let t: TestApp;
let key: string;
let bravoKey: string;
const ids: Record<string, number> = {};
const refs: Record<string, number> = {};
const now = Math.floor(Date.now() / 1000);
const DAY = 86_400;
const at = (iso: string) => Date.parse(iso) / 1000;

beforeAll(async () => {
  t = await buildTestApp();
  [key, bravoKey] = await Promise.all([t.keyFor('alpha'), t.keyFor('bravo')]);
  const { db } = t.database;
  const channelId = t.channel('alpha').id;
  for (const row of await db.selectFrom('events').select(['id', 'name']).where('channel_id', '=', channelId).execute()) ids[row.name] = row.id;
  for (const row of await db.selectFrom('participants').select(['id', 'alias']).where('channel_id', '=', channelId).execute()) refs[row.alias!] = row.id;
  for (const row of await db.selectFrom('event_categories').select(['id', 'alias']).where('channel_id', '=', channelId).execute()) refs[`category:${row.alias}`] = row.id;
  for (const row of await db.selectFrom('participant_groups').select(['id', 'alias']).where('channel_id', '=', channelId).execute()) refs[`group:${row.alias}`] = row.id;
  refs.gym = (await db.selectFrom('event_locations').select('id').where('channel_id', '=', channelId).executeTakeFirstOrThrow()).id;
  refs.riverside = (
    await db.insertInto('event_locations').values({ channel_id: channelId, name: 'Riverside Field', city: 'Riverton', state: 'MI', country: 'US' }).returning('id').executeTakeFirstOrThrow()
  ).id;

  const extra = [
    { name: 'Free replay', access_type: 'free', stream_status: 'finished', start: now - 2 * DAY, category: 'girls-varsity', location: refs.riverside, home: 'south-girls', homepage: true },
    { name: 'Paid final', access_type: 'paid', stream_status: 'finished', start: at('2020-06-15T23:30:00Z'), category: 'soccer', location: refs.gym, price: 5 },
    { name: 'Paid zero', access_type: 'paid', stream_status: 'upcoming', start: now + 2 * DAY, homepage: true },
    { name: 'Open ppv live', access_type: 'ppv', stream_status: 'live', start: now - 600, homepage: true },
    { name: 'Free upcoming', access_type: 'free', stream_status: 'upcoming', start: now + 3 * DAY, homepage: true },
    { name: 'JV scrimmage 50%', access_type: 'free', stream_status: 'finished', start: at('2020-06-16T00:00:00Z'), category: 'boys-varsity', home: 'north-boys-jv' },
  ];
  for (const e of extra) {
    const row = await db
      .insertInto('events')
      .values({
        channel_id: channelId,
        name: e.name,
        type: e.access_type === 'paid' || e.access_type === 'ppv' ? 'paid' : 'other',
        access_type: e.access_type,
        event_utc_ts: e.start,
        end_utc_ts: e.start + 3600,
        time_zone: 'America/Chicago',
        stream_status: e.stream_status,
        event_category_id: e.category ? refs[`category:${e.category}`]! : null,
        location_id: e.location ?? null,
        base_price: e.price ?? 0,
        service_fee: 0,
        image: null,
        homepage: e.homepage ?? false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[e.name] = row.id;
    if (e.home) await db.insertInto('event_participants').values({ channel_id: channelId, event_id: row.id, participant_id: refs[e.home]!, side: 'home' }).execute();
  }
  t.app.dataChanged.emit(channelId);
});
afterAll(async () => t.close());

async function list(query = '', path = 'events', apiKey = key) {
  const response = await t.app.inject({ url: `/api/${path}?api_key=${apiKey}${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return EventsResponse.parse(response.json());
}
const names = (events: readonly Event[]) => events.map((e) => e.name);
async function names_(query: string) {
  return names((await list(query)).data).sort();
}

async function detail(id: number | string, apiKey = key) {
  return t.app.inject({ url: `/api/events/${id}?api_key=${apiKey}` });
}

function expectFieldError(response: { statusCode: number; json(): unknown; body: string }, status: number, field: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(ApiErrorBody.parse(response.json()).field).toBe(field);
}

describe('GET /api/events', () => {
  it('lists the channel events soonest first, with participants (away first, with colours) and end times', async () => {
    const { data, meta } = await list();
    expect(meta).toEqual({ total: 9, offset: 0, limit: 24 });
    const starts = data.map((e) => e.event_utc_ts);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const live = data.find((e) => e.name === 'North vs South')!;
    expect(live.participants).toEqual([
      { id: refs['south-girls'], name: 'Alpha South Girls', short_name: expect.toBeOneOf([expect.any(String), null]), color: '#0000aa', side: 'away' },
      { id: refs['north-boys'], name: 'Alpha North Boys', short_name: expect.toBeOneOf([expect.any(String), null]), color: '#aa0000', side: 'home' },
    ]);
    expect(live.end_utc_ts - live.event_utc_ts).toBe(120 * 60);
    expect(live).toMatchObject({ access_type: 'free', has_access: true, stream_status: 'live', time_zone: 'America/New_York', location_id: refs.gym });
    expect(data.find((e) => e.name === 'South vs North')).toMatchObject({ has_access: false, base_price: 9.99, service_fee: 1.5, type: 'paid' });
  });

  it('never lists another channel’s events', async () => {
    const { data, meta } = await list('', 'events', bravoKey);
    expect(meta.total).toBe(3);
    expect(data.some((e) => Object.values(ids).includes(e.id))).toBe(false);
  });

  it('filters by stream status; finished events read newest first unless asked otherwise', async () => {
    expect(names((await list('&stream_status=live')).data)).toEqual(['North vs South', 'Open ppv live']);
    expect(names((await list('&stream_status=upcoming')).data)).toEqual(['South vs North', 'Paid zero', 'Free upcoming']);
    const finished = await list('&stream_status=finished');
    expect(names(finished.data)).toEqual(['Free replay', 'Last season final', 'JV scrimmage 50%', 'Paid final']);
    expect(finished.meta.total).toBe(4);
    expect(names((await list('&stream_status=finished&sort_direction=asc')).data)).toEqual(['Paid final', 'JV scrimmage 50%', 'Last season final', 'Free replay']);
  });

  it('sorts by name or start, either way', async () => {
    const byName = ['Free replay', 'Free upcoming', 'JV scrimmage 50%', 'Last season final', 'North vs South', 'Open ppv live', 'Paid final', 'Paid zero', 'South vs North'];
    expect(names((await list('&sort_field=name')).data)).toEqual(byName);
    expect(names((await list('&sort_field=name&sort_direction=desc')).data)).toEqual([...byName].reverse());
    const desc = (await list('&sort_direction=desc')).data.map((e) => e.event_utc_ts);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  it('pages with offset and limit and counts the whole listing', async () => {
    const all = names((await list('&sort_field=name')).data);
    const first = await list('&sort_field=name&limit=2');
    expect(first.meta).toEqual({ total: 9, offset: 0, limit: 2 });
    expect(names(first.data)).toEqual(all.slice(0, 2));
    const second = await list('&sort_field=name&limit=2&offset=2');
    expect(names(second.data)).toEqual(all.slice(2, 4));
    expect((await list('&sort_field=name&limit=2&offset=8')).meta.total).toBe(9);
    const past = await list('&limit=5&offset=40');
    expect(past.data).toEqual([]);
    expect(past.meta).toEqual({ total: 9, offset: 40, limit: 5 });
  });

  it('filters by sport by alias, name or id, nested sports included', async () => {
    const basketball = ['Free replay', 'JV scrimmage 50%', 'North vs South', 'South vs North'];
    expect(await names_('&sport=basketball')).toEqual(basketball);
    expect(await names_('&sport=Alpha%20Basketball')).toEqual(basketball);
    expect(await names_(`&sport=${refs['category:basketball']}`)).toEqual(basketball);
    expect(await names_('&sport=boys%20varsity')).toEqual(['JV scrimmage 50%', 'North vs South']);
    expect(await names_(`&event_category_id=${refs['category:basketball']}`)).toEqual(basketball);
    expect(await names_(`&event_category_id=${refs['category:soccer']}`)).toEqual(['Last season final', 'Paid final']);
    expect(await names_(`&sport=basketball&event_category_id=${refs['category:girls-varsity']}`)).toEqual(['Free replay', 'South vs North']);
  });

  it('filters by school (either participant’s group) by alias, name or id', async () => {
    const north = ['JV scrimmage 50%', 'Last season final', 'North vs South', 'South vs North'];
    expect(await names_('&school=alpha-north')).toEqual(north);
    expect(await names_('&school=Alpha%20North%20High')).toEqual(north);
    expect(await names_(`&school=${refs['group:alpha-north']}`)).toEqual(north);
    expect(await names_('&school=alpha-south')).toEqual(['Free replay', 'North vs South', 'South vs North']);
  });

  it('filters by team by alias, name or id, child teams included, and by participant id', async () => {
    const northBoys = ['JV scrimmage 50%', 'Last season final', 'North vs South', 'South vs North'];
    expect(await names_('&team=north-boys')).toEqual(northBoys);
    expect(await names_(`&team=${refs['north-boys']}`)).toEqual(northBoys);
    expect(await names_('&team=north-boys-jv')).toEqual(['JV scrimmage 50%']);
    expect(await names_('&team=Alpha%20South%20Girls')).toEqual(['Free replay', 'North vs South', 'South vs North']);
    expect(await names_(`&participant_id=${refs['south-girls']}`)).toEqual(['Free replay', 'North vs South', 'South vs North']);
    expect(await names_(`&team=north-boys&school=alpha-south`)).toEqual(['North vs South', 'South vs North']);
  });

  it('filters by either participant’s gender', async () => {
    expect(await names_('&gender=W')).toEqual(['Free replay', 'North vs South', 'South vs North']);
    expect(await names_('&gender=M')).toEqual(['JV scrimmage 50%', 'Last season final', 'North vs South', 'South vs North']);
    expect(await names_('&gender=not_identified')).toEqual([]);
  });

  it('filters by venue, city and state (case-insensitive)', async () => {
    expect(await names_(`&location=${refs.riverside}`)).toEqual(['Free replay']);
    expect(await names_('&city=riverton')).toEqual(['Free replay']);
    expect(await names_('&state=oh')).toEqual(['Last season final', 'North vs South', 'Paid final', 'South vs North']);
    expect(await names_('&city=Alphaville&state=MI')).toEqual([]);
  });

  it('searches names case-insensitively, wildcards taken literally', async () => {
    expect(await names_('&search=FINAL')).toEqual(['Last season final', 'Paid final']);
    expect(await names_('&search=50%25')).toEqual(['JV scrimmage 50%']);
    expect(await names_('&search=_')).toEqual([]);
  });

  it('filters by UTC dates, both ends inclusive', async () => {
    expect(await names_('&start_date=2020-06-15&end_date=2020-06-15')).toEqual(['Paid final']);
    expect(await names_('&start_date=2020-06-15&end_date=2020-06-16')).toEqual(['JV scrimmage 50%', 'Paid final']);
    expect(await names_('&end_date=2020-06-15')).toEqual(['Paid final']);
    const later = await names_('&start_date=2020-06-16');
    expect(later).toHaveLength(8);
    expect(later).not.toContain('Paid final');
  });

  it('answers an empty listing, not an error, for unknown schools, teams, sports and places', async () => {
    for (const query of ['&school=nowhere', '&team=nobody', '&sport=curling', '&sport=999999', `&participant_id=999999`, '&event_category_id=999999', '&city=Atlantis', '&location=999999']) {
      expect(await list(query), query).toEqual({ data: [], meta: { total: 0, offset: 0, limit: 24 } });
    }
    // Another channel's school by id is as unknown as a missing one.
    const bravoNorth = await t.database.db.selectFrom('participant_groups').select('id').where('channel_id', '=', t.channel('bravo').id).where('alias', '=', 'bravo-north').executeTakeFirstOrThrow();
    expect((await list(`&school=${bravoNorth.id}`)).meta.total).toBe(0);
  });

  it.each([
    ['stream_status', '&stream_status=done'],
    ['stream_status', '&stream_status=live&stream_status=finished'],
    ['limit', '&limit=0'],
    ['limit', '&limit=101'],
    ['limit', '&limit=ten'],
    ['offset', '&offset=-1'],
    ['sort_field', '&sort_field=date'],
    ['sort_direction', '&sort_direction=up'],
    ['start_date', '&start_date=2024-13-01'],
    ['end_date', '&end_date=tomorrow'],
    ['gender', '&gender=X'],
    ['location', '&location=12abc'],
    ['event_category_id', '&event_category_id=0'],
    ['participant_id', '&participant_id=-1'],
    ['school', '&school='],
    ['search', `&search=${'x'.repeat(101)}`],
  ])('a bad %s is a 400 naming it (%s)', async (field, query) => {
    expectFieldError(await t.app.inject({ url: `/api/events?api_key=${key}${query}` }), 400, field);
  });

  it('needs an api key', async () => {
    expectFieldError(await t.app.inject({ url: '/api/events' }), 403, 'api_key');
  });
});

describe('GET /api/events/:id', () => {
  const STREAM = /^\/media\/s\/[^/]+\/events\/(\d+)\/index\.m3u8$/;

  async function event(name: string) {
    const response = await detail(ids[name]!);
    expect(response.statusCode, response.body).toBe(200);
    return EventDetailResponse.parse(response.json()).data;
  }

  it('answers a free live event with its sport, venue and a signed live stream', async () => {
    const data = await event('North vs South');
    expect(data).toMatchObject({
      id: ids['North vs South'],
      description: null,
      category: { id: refs['category:boys-varsity'], name: 'Boys Varsity', alias: 'boys-varsity' },
      location: { id: refs.gym, name: 'Alpha Gym', city: 'Alphaville', state: 'OH' },
      access: { allowed: true, geo_blocked: false, options: [] },
      has_access: true,
    });
    expect(data.participants).toHaveLength(2);
    expect(data.stream).toMatchObject({ kind: 'hls', live: true });
    expect(data.stream!.url).toMatch(STREAM);
    expect(STREAM.exec(data.stream!.url)![1]).toBe(String(ids['North vs South']));
  });

  it('gives a free finished event an on-demand stream and a free upcoming one none yet', async () => {
    const replay = await event('Free replay');
    expect(replay.stream).toMatchObject({ kind: 'hls', live: false });
    expect(replay.stream!.url).toMatch(STREAM);
    const upcoming = await event('Free upcoming');
    expect(upcoming.access).toEqual({ allowed: true, geo_blocked: false, options: [] });
    expect(upcoming.stream).toBeNull();
  });

  it.each([
    ['Last season final', 'register', ['register_free', 'login']],
    ['South vs North', 'ppv with a price', ['login', 'buy_event']],
    ['Open ppv live', 'ppv at no price', ['login', 'get_free']],
    ['Paid final', 'paid with a price', ['login', 'buy_price']],
    ['Paid zero', 'paid at no price', ['login', 'get_free']],
  ])('%s (%s) offers %j and no stream', async (name, _kind, options) => {
    const data = await event(name);
    expect(data.access).toEqual({ allowed: false, geo_blocked: false, options });
    expect(data.has_access).toBe(false);
    expect(data.stream).toBeNull();
    expect(JSON.stringify(data)).not.toContain('/media/s/');
  });

  it('answers another channel’s event and an unknown id as a 404 naming id', async () => {
    expectFieldError(await detail(ids['North vs South']!, bravoKey), 404, 'id');
    expectFieldError(await detail(2_147_483_647), 404, 'id');
  });

  it.each(['12abc', '-1', '0', '1.5', '99999999999'])('an id of %j is a 400 naming id', async (id) => {
    expectFieldError(await detail(id), 400, 'id');
  });
});

describe('GET /api/events-for-homepage', () => {
  it('lists the flagged events: live first, then the soonest upcoming, then the latest finished', async () => {
    const response = await t.app.inject({ url: `/api/events-for-homepage?api_key=${key}` });
    expect(response.statusCode).toBe(200);
    const { data } = EventsForHomepageResponse.parse(response.json());
    expect(names(data)).toEqual(['North vs South', 'Open ppv live', 'Paid zero', 'Free upcoming', 'Free replay']);
  });

  it('shows at most 24', async () => {
    const channelId = t.channel('bravo').id;
    const rows = Array.from({ length: 30 }, (_, i) => ({
      channel_id: channelId,
      name: `Archive ${i}`,
      type: 'other',
      access_type: 'free',
      event_utc_ts: now - (i + 1) * DAY,
      end_utc_ts: now - (i + 1) * DAY + 3600,
      time_zone: 'UTC',
      stream_status: 'finished',
      event_category_id: null,
      location_id: null,
      base_price: 0,
      service_fee: 0,
      image: null,
      homepage: true,
    }));
    await t.database.db.insertInto('events').values(rows).execute();
    t.app.dataChanged.emit(channelId);
    const response = await t.app.inject({ url: `/api/events-for-homepage?api_key=${bravoKey}` });
    const { data } = EventsForHomepageResponse.parse(response.json());
    expect(data).toHaveLength(24);
    expect(data[0]?.name).toBe('North vs South');
    expect(names(data.slice(1, 4))).toEqual(['Archive 0', 'Archive 1', 'Archive 2']);
  });
});

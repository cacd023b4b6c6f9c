import {
  ApiErrorBody,
  CalendarFeedResponse,
  type Event,
  EventsResponse,
  FAVORITE_MESSAGES,
  FavoriteResponse,
  FavoritesResponse,
  MessageResponse,
} from '@grandstand/contract';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_FEED_RATE_LIMIT } from './routes.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { registerViewer } from '../../../test/support/commerce.ts';

// spec §7 Favourites calls and /events/favorite, §5 favourite rules, and the private calendar
// feed, through the real routes on both engines.
let t: TestApp;
type Ids = Record<'northBoys' | 'northBoysJv' | 'southGirls' | 'north' | 'south' | 'basketball' | 'girls' | 'soccer', number>;
const alpha = {} as Ids;
const bravo = {} as Ids;
/** Seeded alpha events (live, next, old) and two added here (jv, other) at known UTC instants. */
const game = {} as Record<'live' | 'next' | 'old' | 'jv' | 'other', number>;
const JV_START = Math.floor(Date.now() / 1000) + 3 * 86_400 + 17;
const OTHER_START = JV_START + 3_600;
const VIEWER_PASSWORD = 'touchline-42-blue';

async function idsOf(slug: string): Promise<Ids> {
  const db = t.database.db;
  const channelId = t.channel(slug).id;
  const team = async (alias: string) => (await db.selectFrom('participants').select('id').where('channel_id', '=', channelId).where('alias', '=', alias).executeTakeFirstOrThrow()).id;
  const school = async (alias: string) => (await db.selectFrom('participant_groups').select('id').where('channel_id', '=', channelId).where('alias', '=', alias).executeTakeFirstOrThrow()).id;
  const sport = async (alias: string) => (await db.selectFrom('event_categories').select('id').where('channel_id', '=', channelId).where('alias', '=', alias).executeTakeFirstOrThrow()).id;
  return {
    northBoys: await team('north-boys'),
    northBoysJv: await team('north-boys-jv'),
    southGirls: await team('south-girls'),
    north: await school(`${slug}-north`),
    south: await school(`${slug}-south`),
    basketball: await sport('basketball'),
    girls: await sport('girls-varsity'),
    soccer: await sport('soccer'),
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  Object.assign(alpha, await idsOf('alpha'));
  Object.assign(bravo, await idsOf('bravo'));
  const db = t.database.db;
  const channelId = t.channel('alpha').id;
  const seeded = async (status: string) => (await db.selectFrom('events').select('id').where('channel_id', '=', channelId).where('stream_status', '=', status).executeTakeFirstOrThrow()).id;
  game.live = await seeded('live');
  game.next = await seeded('upcoming');
  game.old = await seeded('finished');
  // A team of no school, to tell a school's games and a nested sport's games from the rest.
  const { id: visitors } = await db.insertInto('participants').values({ channel_id: channelId, name: 'Zeta Visitors', alias: 'zeta', color: '#123456' }).returning('id').executeTakeFirstOrThrow();
  const addGame = async (name: string, start: number, categoryId: number, teams: number[]) => {
    const { id } = await db
      .insertInto('events')
      .values({
        channel_id: channelId,
        name,
        type: 'other',
        access_type: 'free',
        event_utc_ts: start,
        end_utc_ts: start + 7_200,
        time_zone: 'America/New_York',
        stream_status: 'upcoming',
        event_category_id: categoryId,
        location_id: null,
        base_price: 0,
        service_fee: 0,
        image: null,
        homepage: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('event_participants')
      .values(teams.map((participant_id, i) => ({ channel_id: channelId, event_id: id, participant_id, side: i === 0 ? 'home' : 'away' })))
      .execute();
    return id;
  };
  // The JV team is a child team of North Boys and a team of the North school; soccer is no part of basketball.
  game.jv = await addGame('JV Cup', JV_START, alpha.soccer, [alpha.northBoysJv, visitors]);
  // Girls Varsity is nested under basketball.
  game.other = await addGame('Zeta Showcase', OTHER_START, alpha.girls, [visitors]);
  // Names and listings cached by earlier reads see the added rows.
  t.app.dataChanged.emit(channelId);
});
afterAll(async () => {
  await t.close();
});

async function get(key: string | null, url: string, headers: Record<string, string> = {}) {
  const query = key === null ? '' : `${url.includes('?') ? '&' : '?'}api_key=${key}`;
  return t.app.inject({ url: `/api/${url}${query}`, headers });
}

async function follow(key: string, favoritable_type: unknown, favoritable_id: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/favorite', payload: { api_key: key, favoritable_type, favoritable_id } });
}

async function followed(key: string, type: 'participant' | 'group' | 'category', id: number) {
  const response = await follow(key, type, id);
  expect(response.statusCode, response.body).toBe(200);
  return FavoriteResponse.parse(response.json()).data;
}

async function favourites(key: string) {
  const response = await get(key, 'favorites');
  expect(response.statusCode, response.body).toBe(200);
  return FavoritesResponse.parse(response.json()).data;
}

async function favouriteEvents(key: string, query = ''): Promise<{ data: Event[]; meta: { total: number; offset: number; limit: number } }> {
  const response = await get(key, `events/favorite${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return EventsResponse.parse(response.json());
}

const idsOfEvents = (events: readonly Event[]) => events.map((event) => event.id).sort((a, b) => a - b);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

function refusal(response: { statusCode: number; json(): unknown }, status: number, field: string | undefined, message?: string) {
  expect(response.statusCode).toBe(status);
  const error = ApiErrorBody.parse(response.json());
  expect(error.field).toBe(field);
  if (message) expect(error.message).toBe(message);
}

describe('favourites need a logged-in viewer (spec §5)', () => {
  it('answers a visitor 401 "user must be logged in" on every favourites call', async () => {
    const key = await t.keyFor('alpha');
    const calls = [
      get(key, 'favorites'),
      get(key, 'events/favorite'),
      get(key, 'favorites/calendar'),
      t.app.inject({ method: 'POST', url: '/api/favorites/calendar', payload: { api_key: key } }),
      follow(key, 'participant', alpha.northBoys),
      t.app.inject({ method: 'DELETE', url: `/api/favorite/1?api_key=${key}` }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json()).toEqual({ message: FAVORITE_MESSAGES.mustBeLoggedIn });
    }
    expect(await t.database.db.selectFrom('favorites').select('id').execute()).toEqual([]);
  });
});

describe('POST /favorite', () => {
  it('refuses a favoritable_type that is not a string or not an allowed value, with the spec texts', async () => {
    const key = await registerViewer(t);
    refusal(await follow(key, 7, alpha.northBoys), 422, 'favoritable_type', FAVORITE_MESSAGES.typeNotString);
    refusal(await follow(key, undefined, alpha.northBoys), 422, 'favoritable_type', FAVORITE_MESSAGES.typeNotString);
    for (const type of ['team', 'favorite_event', 'event_location', 'Participant', '']) {
      refusal(await follow(key, type, alpha.northBoys), 422, 'favoritable_type', FAVORITE_MESSAGES.typeNotAllowed);
    }
    refusal(await follow(key, 'participant', 'abc'), 422, 'favoritable_id');
    refusal(await follow(key, 'participant', -3), 422, 'favoritable_id');
    refusal(await follow(key, 'participant', 2_147_483_648), 422, 'favoritable_id');
    expect(await favourites(key)).toEqual([]);
  });

  it('follows a team, a school and a sport, each named and listed newest first', async () => {
    const key = await registerViewer(t);
    const team = await followed(key, 'participant', alpha.northBoys);
    expect(team).toMatchObject({ favoritable_type: 'participant', favoritable_id: alpha.northBoys, name: 'Alpha North Boys', alias: 'north-boys' });
    expect(team.crest).toMatch(new RegExp(`^/media/pictures/teams/${alpha.northBoys}/crest-`));
    const school = await followed(key, 'group', alpha.south);
    expect(school).toMatchObject({ favoritable_type: 'group', favoritable_id: alpha.south, name: 'Alpha South High', alias: 'alpha-south' });
    expect(school.crest).toMatch(new RegExp(`^/media/pictures/schools/${alpha.south}/crest-`));
    const sport = await followed(key, 'category', alpha.basketball);
    expect(sport).toMatchObject({ favoritable_type: 'category', favoritable_id: alpha.basketball, name: 'Alpha Basketball', alias: 'basketball', crest: null });
    expect((await favourites(key)).map((f) => f.id)).toEqual([sport.id, school.id, team.id]);
  });

  it('answers the same favourite when the same thing is followed twice, also from two tabs at once', async () => {
    const key = await registerViewer(t);
    const first = await followed(key, 'participant', alpha.southGirls);
    const again = await followed(key, 'participant', alpha.southGirls);
    expect(again).toEqual(first);
    const racing = await Promise.all(Array.from({ length: 4 }, () => follow(key, 'group', alpha.north)));
    for (const response of racing) expect(response.statusCode, response.body).toBe(200);
    const made = racing.map((response) => FavoriteResponse.parse(response.json()).data.id);
    expect(new Set(made).size).toBe(1);
    expect((await favourites(key)).map((f) => f.favoritable_id)).toEqual([alpha.north, alpha.southGirls]);
  });

  it("refuses another channel's or an unknown team, school or sport as not found, naming favoritable_id", async () => {
    const key = await registerViewer(t);
    refusal(await follow(key, 'participant', bravo.northBoys), 404, 'favoritable_id');
    refusal(await follow(key, 'group', bravo.north), 404, 'favoritable_id');
    refusal(await follow(key, 'category', bravo.basketball), 404, 'favoritable_id');
    refusal(await follow(key, 'participant', 2_147_483_647), 404, 'favoritable_id');
    // An id of the right channel but of another kind is not that kind's.
    const unused = (await t.database.db.selectFrom('participants').select((eb) => eb.fn.max('id').as('max')).executeTakeFirstOrThrow()).max + 1000;
    refusal(await follow(key, 'group', unused), 404, 'favoritable_id');
    expect(await favourites(key)).toEqual([]);
  });
});

describe('a removed team, school or sport', () => {
  it('takes its favourites with it', async () => {
    const key = await registerViewer(t);
    const db = t.database.db;
    const channelId = t.channel('alpha').id;
    const { id: team } = await db.insertInto('participants').values({ channel_id: channelId, name: 'Short Lived', alias: 'short-lived' }).returning('id').executeTakeFirstOrThrow();
    const { id: sport } = await db.insertInto('event_categories').values({ channel_id: channelId, name: 'Curling', alias: 'curling', parent_id: null, position: 9 }).returning('id').executeTakeFirstOrThrow();
    await followed(key, 'participant', team);
    await followed(key, 'category', sport);
    const kept = await followed(key, 'participant', alpha.northBoys);
    await db.deleteFrom('participants').where('id', '=', team).execute();
    await db.deleteFrom('event_categories').where('id', '=', sport).execute();
    expect((await favourites(key)).map((f) => f.id)).toEqual([kept.id]);
  });
});

describe('DELETE /favorite/{id}', () => {
  it("removes the viewer's own favourite; another viewer's or an unknown one is not found and stays", async () => {
    const owner = await registerViewer(t);
    const other = await registerViewer(t);
    const otherChannel = await registerViewer(t, 'bravo');
    const favourite = await followed(owner, 'category', alpha.soccer);
    refusal(await t.app.inject({ method: 'DELETE', url: `/api/favorite/${favourite.id}?api_key=${other}` }), 404, 'id');
    refusal(await t.app.inject({ method: 'DELETE', url: `/api/favorite/${favourite.id}?api_key=${otherChannel}` }), 404, 'id');
    refusal(await t.app.inject({ method: 'DELETE', url: `/api/favorite/2147483647?api_key=${owner}` }), 404, 'id');
    expect((await favourites(owner)).map((f) => f.id)).toEqual([favourite.id]);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/favorite/${favourite.id}?api_key=${owner}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(MessageResponse.parse(removed.json()).data.message).toBeTruthy();
    expect(await favourites(owner)).toEqual([]);
    refusal(await t.app.inject({ method: 'DELETE', url: `/api/favorite/${favourite.id}?api_key=${owner}` }), 404, 'id');
  });

  it("never lists another viewer's favourites", async () => {
    const a = await registerViewer(t);
    const b = await registerViewer(t);
    await followed(a, 'participant', alpha.northBoys);
    expect(await favourites(b)).toEqual([]);
    expect((await favouriteEvents(b)).data).toEqual([]);
  });
});

describe('GET /events/favorite', () => {
  it("lists a followed team's games, its child teams' included, as /events lists them", async () => {
    const key = await registerViewer(t);
    await followed(key, 'participant', alpha.northBoys);
    const { data, meta } = await favouriteEvents(key);
    expect(idsOfEvents(data)).toEqual(sorted([game.live, game.next, game.old, game.jv]));
    expect(meta).toEqual({ total: 4, offset: 0, limit: 24 });
    // Same events, shape, access flags and order as the team's own listing.
    const listing = EventsResponse.parse((await get(key, `events?team=north-boys`)).json());
    expect(data).toEqual(listing.data);
  });

  it("lists every team of a followed school and a followed sport's nested sports", async () => {
    const north = await registerViewer(t);
    await followed(north, 'group', alpha.north);
    expect(idsOfEvents((await favouriteEvents(north)).data)).toEqual(sorted([game.live, game.next, game.old, game.jv]));
    const south = await registerViewer(t);
    await followed(south, 'group', alpha.south);
    expect(idsOfEvents((await favouriteEvents(south)).data)).toEqual(sorted([game.live, game.next]));
    const basketball = await registerViewer(t);
    await followed(basketball, 'category', alpha.basketball);
    expect(idsOfEvents((await favouriteEvents(basketball)).data)).toEqual(sorted([game.live, game.next, game.other]));
    const girls = await registerViewer(t);
    await followed(girls, 'category', alpha.girls);
    expect(idsOfEvents((await favouriteEvents(girls)).data)).toEqual(sorted([game.next, game.other]));
  });

  it('joins several favourites, narrows by status and dates, pages and sorts as /events', async () => {
    const key = await registerViewer(t);
    await followed(key, 'group', alpha.south);
    await followed(key, 'category', alpha.soccer);
    const all = await favouriteEvents(key);
    expect(idsOfEvents(all.data)).toEqual(sorted([game.live, game.next, game.old, game.jv]));
    // Soonest first by default; finished games newest first.
    expect(all.data.map((e) => e.event_utc_ts)).toEqual([...all.data.map((e) => e.event_utc_ts)].sort((a, b) => a - b));
    expect(idsOfEvents((await favouriteEvents(key, '?stream_status=upcoming')).data)).toEqual(sorted([game.next, game.jv]));
    expect((await favouriteEvents(key, '?stream_status=finished')).data.map((e) => e.id)).toEqual([game.old]);
    const day = new Date(JV_START * 1000).toISOString().slice(0, 10);
    expect((await favouriteEvents(key, `?start_date=${day}&end_date=${day}`)).data.map((e) => e.id)).toEqual([game.jv]);
    const page = await favouriteEvents(key, '?limit=2&offset=1');
    expect(page.meta).toEqual({ total: 4, offset: 1, limit: 2 });
    expect(page.data.map((e) => e.id)).toEqual(all.data.slice(1, 3).map((e) => e.id));
    const byName = await favouriteEvents(key, '?sort_field=name&sort_direction=desc');
    expect(byName.data.map((e) => e.name)).toEqual([...all.data.map((e) => e.name)].sort((a, b) => b.localeCompare(a)));
  });

  it('drops empty filter values instead of matching them (spec §5)', async () => {
    const key = await registerViewer(t);
    await followed(key, 'participant', alpha.northBoys);
    const all = await favouriteEvents(key);
    const empty = await favouriteEvents(key, '?stream_status=&start_date=&end_date=&offset=&limit=&sort_field=&sort_direction=');
    expect(empty).toEqual(all);
    refusal(await get(key, 'events/favorite?stream_status=soon'), 400, 'stream_status');
    refusal(await get(key, 'events/favorite?limit=101'), 400, 'limit');
  });

  it('follows a change of favourites at once, and has nothing for a viewer who follows nothing', async () => {
    const key = await registerViewer(t);
    expect(await favouriteEvents(key)).toEqual({ data: [], meta: { total: 0, offset: 0, limit: 24 } });
    const favourite = await followed(key, 'category', alpha.girls);
    expect(idsOfEvents((await favouriteEvents(key)).data)).toEqual(sorted([game.next, game.other]));
    await followed(key, 'category', alpha.soccer);
    expect(idsOfEvents((await favouriteEvents(key)).data)).toEqual(sorted([game.next, game.other, game.old, game.jv]));
    await t.app.inject({ method: 'DELETE', url: `/api/favorite/${favourite.id}?api_key=${key}` });
    expect(idsOfEvents((await favouriteEvents(key)).data)).toEqual(sorted([game.old, game.jv]));
  });

  it('lists at once a favourite made outside this instance (another instance, by hand), and drops one removed outside it', async () => {
    const key = await registerViewer(t);
    const girls = await followed(key, 'category', alpha.girls);
    // Read once: this instance now knows what the viewer follows.
    expect(idsOfEvents((await favouriteEvents(key)).data)).toEqual(sorted([game.next, game.other]));
    const db = t.database.db;
    const { user_id, channel_id } = await db.selectFrom('favorites').select(['user_id', 'channel_id']).where('id', '=', girls.id).executeTakeFirstOrThrow();
    // Written straight to the database, as another instance on it writes: no call of this app sees it.
    await db.insertInto('favorites').values({ channel_id, user_id, favoritable_type: 'category', favoritable_id: alpha.soccer, event_category_id: alpha.soccer }).execute();
    await expect.poll(async () => idsOfEvents((await favouriteEvents(key)).data), { timeout: 2_000, interval: 50 }).toEqual(sorted([game.next, game.other, game.old, game.jv]));
    await db.deleteFrom('favorites').where('id', '=', girls.id).execute();
    await expect.poll(async () => idsOfEvents((await favouriteEvents(key)).data), { timeout: 2_000, interval: 50 }).toEqual(sorted([game.old, game.jv]));
  });
});

describe('the private calendar feed', () => {
  const path = (url: string) => new URL(url).pathname;
  const feed = (url: string, remoteAddress = '198.51.100.7') => t.app.inject({ url: path(url), remoteAddress });

  async function calendar(key: string, method: 'GET' | 'POST' = 'GET', headers: Record<string, string> = {}) {
    const response =
      method === 'GET'
        ? await get(key, 'favorites/calendar', headers)
        : await t.app.inject({ method: 'POST', url: '/api/favorites/calendar', payload: { api_key: key }, headers });
    expect(response.statusCode, response.body).toBe(200);
    return CalendarFeedResponse.parse(response.json()).data;
  }

  it("gives the viewer one address on the channel's public origin, whatever the request says of its host", async () => {
    const key = await registerViewer(t);
    const origin = t.app.channels.publicOrigin(t.channel('alpha').id);
    const first = await calendar(key, 'GET', { host: 'evil.example', 'x-forwarded-host': 'evil.example', origin: 'https://evil.example' });
    expect(first.url).toMatch(new RegExp(`^${origin.replace(/[.]/g, '\\.')}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(first.webcal_url).toBe(first.url.replace(/^https?:/, 'webcal:'));
    expect(await calendar(key)).toEqual(first);
    // Two first asks at once make one address.
    const other = await registerViewer(t);
    const racing = await Promise.all([calendar(other), calendar(other), calendar(other)]);
    expect(new Set(racing.map((c) => c.url)).size).toBe(1);
    expect(racing[0]!.url).not.toBe(first.url);
  });

  it("lists the followed games live and ahead at their UTC instants, linked to the channel's watch pages", async () => {
    const key = await registerViewer(t);
    await followed(key, 'group', alpha.north);
    await followed(key, 'category', alpha.girls);
    const { url } = await calendar(key);
    const response = await feed(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const vevents = new ICAL.Component(ICAL.parse(response.body)).getAllSubcomponents('vevent');
    const origin = t.app.channels.publicOrigin(t.channel('alpha').id);
    const expected = EventsResponse.parse((await get(key, 'events/favorite?limit=100')).json()).data.filter((e) => e.stream_status !== 'finished');
    expect(sorted(expected.map((e) => e.id))).toEqual(sorted([game.live, game.next, game.jv, game.other]));
    const seen = vevents.map((vevent) => {
      const event = new ICAL.Event(vevent);
      return { summary: event.summary, start: event.startDate.toUnixTime(), end: event.endDate.toUnixTime(), url: String(vevent.getFirstPropertyValue('url')) };
    });
    expect(seen).toEqual(
      [...expected]
        .sort((a, b) => (a.stream_status === 'live' ? 0 : 1) - (b.stream_status === 'live' ? 0 : 1) || a.event_utc_ts - b.event_utc_ts)
        .map((e) => ({ summary: e.name, start: e.event_utc_ts, end: e.end_utc_ts, url: `${origin}/watch/${e.id}` })),
    );
    // The added game's start as written: a UTC instant, not a floating local time.
    const jv = vevents.find((vevent) => new ICAL.Event(vevent).summary === 'JV Cup')!;
    expect(new ICAL.Event(jv).startDate.toUnixTime()).toBe(JV_START);
    expect(new ICAL.Event(jv).startDate.zone.tzid).toBe('UTC');
  });

  it('renews the address: the old one answers 404 from then on, the new one the feed', async () => {
    const key = await registerViewer(t);
    await followed(key, 'participant', alpha.northBoys);
    const old = await calendar(key);
    expect((await feed(old.url)).statusCode).toBe(200);
    const renewed = await calendar(key, 'POST');
    expect(renewed.url).not.toBe(old.url);
    expect(await calendar(key)).toEqual(renewed);
    expect((await feed(old.url)).statusCode).toBe(404);
    expect((await feed(renewed.url)).statusCode).toBe(200);
  });

  it('answers 404 to an unknown or malformed address, with no api key needed for a known one', async () => {
    for (const unknown of ['/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics', '/calendar/short.ics', '/calendar/..%2F..%2Fetc.ics', '/calendar/x']) {
      const response = await t.app.inject({ url: unknown, remoteAddress: '198.51.100.8' });
      expect(response.statusCode, unknown).toBe(404);
    }
  });

  it('throttles the feed per client address', async () => {
    const key = await registerViewer(t);
    const { url } = await calendar(key);
    const address = '203.0.113.99';
    for (let i = 0; i < CALENDAR_FEED_RATE_LIMIT; i++) expect((await feed(`${url.slice(0, -10)}guessGuess.ics`, address)).statusCode).toBe(404);
    expect((await feed(url, address)).statusCode).toBe(429);
    // Another address is not held back by it.
    expect((await feed(url, '203.0.113.100')).statusCode).toBe(200);
  });
});

describe('account deletion', () => {
  it("removes the viewer's favourites and calendar address with the account", async () => {
    const key = await registerViewer(t);
    const profile = (await get(key, 'profile')).json() as { data: { id: number } };
    const userId = profile.data.id;
    await followed(key, 'participant', alpha.northBoys);
    await followed(key, 'category', alpha.soccer);
    const { url } = CalendarFeedResponse.parse((await get(key, 'favorites/calendar')).json()).data;
    expect((await t.app.inject({ url: new URL(url).pathname, remoteAddress: '198.51.100.9' })).statusCode).toBe(200);
    const deleted = await t.app.inject({ method: 'POST', url: '/api/delete-account-confirm', payload: { api_key: key, password: VIEWER_PASSWORD } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.database.db.selectFrom('favorites').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('favorite_calendars').select('token_hash').where('user_id', '=', userId).execute()).toEqual([]);
    expect((await t.app.inject({ url: new URL(url).pathname, remoteAddress: '198.51.100.9' })).statusCode).toBe(404);
  });
});

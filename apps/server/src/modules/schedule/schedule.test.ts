import { randomUUID } from 'node:crypto';
import {
  BuyResponse,
  CalendarFeedResponse,
  CONSOLE_CODES,
  ConsoleEventOptions,
  ConsoleEventResponse,
  ConsoleEventsResponse,
  EventDetailResponse,
  EventsForHomepageResponse,
  EventsResponse,
  NewTokenResponse,
  SANDBOX_TEST_CARDS,
  ScheduleImportRefusal,
  ScheduleImportResponse,
  VodSearchResponse,
} from '@grandstand/contract';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../../app.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { registerViewer, sandboxCard, settledOrder } from '../../../test/support/commerce.ts';
import { seedChannel } from '../channels/seed.ts';
import { consoleCall, makeOperator, signIn } from '../operators/testing.ts';

let t: TestApp;
let alpha: number;
let bravo: number;
/** Session cookies on alpha's host by role, and a bravo producer's on bravo's host. */
const session: Record<'owner' | 'producer' | 'support' | 'analyst' | 'bravoProducer', string> = { owner: '', producer: '', support: '', analyst: '', bravoProducer: '' };
let options: ConsoleEventOptions;

beforeAll(async () => {
  t = await buildTestApp();
  alpha = t.channel('alpha').id;
  bravo = t.channel('bravo').id;
  for (const role of ['owner', 'producer', 'support', 'analyst'] as const) {
    await makeOperator(t.app, `${role}@schedule-alpha.test`, [[alpha, role]]);
    session[role] = await signIn(t.app, 'alpha', `${role}@schedule-alpha.test`);
  }
  await makeOperator(t.app, 'producer@schedule-bravo.test', [[bravo, 'producer']]);
  session.bravoProducer = await signIn(t.app, 'bravo', 'producer@schedule-bravo.test');
  options = ConsoleEventOptions.parse((await call('GET', '/events/options')).json());
});
afterAll(async () => t.close());

function call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, credential: string = session.producer, slug = 'alpha') {
  return consoleCall(t.app, slug, { method, url, payload, credential });
}

const team = (name: string) => options.teams.find((x) => x.name === name)!.id;
const sport = (name: string) => options.sports.find((x) => x.name === name)!.id;
const venue = (name: string) => options.venues.find((x) => x.name === name)!.id;

/** A local date-time `days` from now, on New York's clock (the fixture channel's zone). */
/** One instant for every time the tests write, so a minute turning between two calls moves nothing. */
const BASE = Date.now();

function localIn(days: number, hours = 0): string {
  const at = new Date(BASE + days * 86_400_000 + hours * 3_600_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

function gameBody(overrides: Record<string, unknown> = {}) {
  return {
    homeTeamId: team('Alpha North Boys'),
    awayTeamId: team('Alpha South Girls'),
    sportId: sport('Boys Varsity'),
    venueId: venue('Alpha Gym'),
    startsAt: localIn(0, 1),
    timeZone: 'America/New_York',
    accessType: 'free',
    published: true,
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}, credential = session.producer) {
  const response = await call('POST', '/events', gameBody(overrides), credential);
  expect(response.statusCode, response.body).toBe(200);
  return ConsoleEventResponse.parse(response.json()).event;
}

describe('calls from the console site', () => {
  // The console's screens call through the site's api-client, which puts the visitor api key in every
  // JSON body and takes no success status but 200 (spec §8): the key is not the console's credential
  // (the session is), so a body carrying it is read without it.
  it('accepts a create, an edit and an import whose bodies carry api_key, and answers the create with 200', async () => {
    const key = 'visitor-key-the-console-client-sends';
    const made = await call('POST', '/events', { ...gameBody(), api_key: key });
    expect(made.statusCode, made.body).toBe(200);
    const { event } = ConsoleEventResponse.parse(made.json());
    const moved = await call('PATCH', `/events/${event.id}`, { startsAt: localIn(1, 1), timeZone: 'America/New_York', api_key: key });
    expect(moved.statusCode, moved.body).toBe(200);
    const template = await call('GET', '/events/import/template.csv');
    const dry = await call('POST', '/events/import', { csv: template.body, dryRun: true, api_key: key });
    expect(ScheduleImportResponse.parse(dry.json())).toMatchObject({ valid: 2, errors: [] });
  });

  it('still refuses any other unknown field of a body', async () => {
    const made = await call('POST', '/events', { ...gameBody(), colour: 'red' });
    expect(made.statusCode, made.body).toBe(400);
  });
});

async function auditOf(subject: string) {
  return t.app.db.selectFrom('audit_log').selectAll().where('channel_id', '=', alpha).where('subject', '=', subject).orderBy('id').execute();
}

async function viewerGet(key: string, url: string) {
  return t.app.inject({ url: `/api/${url}${url.includes('?') ? '&' : '?'}api_key=${encodeURIComponent(key)}` });
}

async function upcomingIds(key: string): Promise<number[]> {
  const response = await viewerGet(key, 'events?stream_status=upcoming&limit=100');
  expect(response.statusCode, response.body).toBe(200);
  return EventsResponse.parse(response.json()).data.map((e) => e.id);
}

async function homepageIds(key: string): Promise<number[]> {
  return EventsForHomepageResponse.parse((await viewerGet(key, 'events-for-homepage')).json()).data.map((e) => e.id);
}

async function searchIds(key: string, title: string): Promise<number[]> {
  const response = await viewerGet(key, `vod-media/search?title=${encodeURIComponent(title)}`);
  expect(response.statusCode, response.body).toBe(200);
  return VodSearchResponse.parse(response.json()).data.events.map((e) => e.id);
}

/** A viewer following a team, and the events of their calendar feed (id → status). */
async function follower(teamId: number) {
  const key = await registerViewer(t);
  const followed = await t.app.inject({ method: 'POST', url: '/api/favorite', payload: { api_key: key, favoritable_type: 'participant', favoritable_id: teamId } });
  expect(followed.statusCode, followed.body).toBe(200);
  const { url } = CalendarFeedResponse.parse((await viewerGet(key, 'favorites/calendar')).json()).data;
  const feed = async () => {
    const response = await t.app.inject({ url: new URL(url).pathname, headers: { host: new URL(url).host } });
    expect(response.statusCode, response.body).toBe(200);
    const entries = new ICAL.Component(ICAL.parse(response.body)).getAllSubcomponents('vevent');
    return new Map(entries.map((v) => [Number(/^event-(\d+)@/.exec(String(v.getFirstPropertyValue('uid')))![1]), { status: v.getFirstPropertyValue('status') ?? null, start: new ICAL.Event(v).startDate.toUnixTime() }]));
  };
  return { key, feed };
}

describe('who may use the schedule', () => {
  let eventId: number;
  beforeAll(async () => {
    eventId = (await create({ name: 'Access check game', homeTeamId: null, awayTeamId: null })).id;
  });

  const routes = () => [
    { method: 'GET' as const, url: '/events', write: false },
    { method: 'GET' as const, url: '/events/options', write: false },
    { method: 'GET' as const, url: '/events/import/template.csv', write: false },
    { method: 'GET' as const, url: `/events/${eventId}`, write: false },
    { method: 'POST' as const, url: '/events', write: true, payload: gameBody({ name: 'Should not exist' }) },
    { method: 'PATCH' as const, url: `/events/${eventId}`, write: true, payload: { name: 'Should not be renamed' } },
    { method: 'POST' as const, url: `/events/${eventId}/publish`, write: true },
    { method: 'POST' as const, url: `/events/${eventId}/unpublish`, write: true },
    { method: 'POST' as const, url: `/events/${eventId}/cancel`, write: true },
    { method: 'POST' as const, url: '/events/import', write: true, payload: { csv: 'date,time,time_zone,name,sport,access\n2030-01-01,10:00,UTC,Should not exist,Soccer,free\n', dryRun: false } },
  ];

  async function unchanged() {
    const row = await t.app.db.selectFrom('events').select(['name', 'published', 'cancelled_at']).where('id', '=', eventId).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Access check game', published: true, cancelled_at: null });
    expect(await t.app.db.selectFrom('events').select('id').where('name', '=', 'Should not exist').execute()).toEqual([]);
  }

  it('refuses every route without a session (401)', async () => {
    for (const route of routes()) {
      const response = await consoleCall(t.app, 'alpha', { method: route.method, url: route.url, payload: route.payload });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json()).toMatchObject({ code: CONSOLE_CODES.signedOut });
    }
    await unchanged();
  });

  it('refuses an analyst every route (403): no events screen at all', async () => {
    for (const route of routes()) {
      const response = await call(route.method, route.url, route.payload, session.analyst);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json()).toMatchObject({ code: CONSOLE_CODES.forbidden });
    }
    await unchanged();
  });

  it('lets support read every route and write none (403)', async () => {
    for (const route of routes()) {
      const response = await call(route.method, route.url, route.payload, session.support);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(route.write ? 403 : 200);
      if (route.write) expect(response.json()).toMatchObject({ code: CONSOLE_CODES.forbidden });
    }
    await unchanged();
  });

  it("refuses another channel's operator on this channel's host, and answers 404 for this channel's event on their own", async () => {
    for (const route of routes()) {
      const response = await call(route.method, route.url, route.payload, session.bravoProducer);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json()).toMatchObject({ code: CONSOLE_CODES.forbidden });
    }
    for (const route of routes().filter((r) => r.url.includes(String(eventId)))) {
      const response = await call(route.method, route.url, route.payload, session.bravoProducer, 'bravo');
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
      expect(response.json()).toMatchObject({ field: 'id', code: 'EVENT_NOT_FOUND' });
    }
    // Nor does bravo's listing show it.
    const listed = ConsoleEventsResponse.parse((await call('GET', '/events?q=Access%20check', undefined, session.bravoProducer, 'bravo')).json());
    expect(listed.events).toEqual([]);
    await unchanged();
  });

  it("refuses another channel's team, sport or venue as unknown (422 naming the field)", async () => {
    const bravoOptions = ConsoleEventOptions.parse((await call('GET', '/events/options', undefined, session.bravoProducer, 'bravo')).json());
    const cases = [
      { body: { homeTeamId: bravoOptions.teams[0]!.id }, field: 'homeTeamId' },
      { body: { sportId: bravoOptions.sports[0]!.id }, field: 'sportId' },
      { body: { venueId: bravoOptions.venues[0]!.id }, field: 'venueId' },
    ];
    for (const { body, field } of cases) {
      const response = await call('POST', '/events', gameBody(body));
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toMatchObject({ field, code: 'UNKNOWN_REFERENCE' });
    }
  });
});

describe('the list', () => {
  it('puts what is coming first: live, upcoming soonest first, then finished newest first', async () => {
    const { events } = ConsoleEventsResponse.parse((await call('GET', '/events')).json());
    const rank = { live: 0, upcoming: 1, finished: 2 } as const;
    const key = (e: (typeof events)[number]) => [rank[e.streamStatus], e.streamStatus === 'finished' ? -Date.parse(e.startsAt) : Date.parse(e.startsAt)] as const;
    const sorted = [...events].sort((a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1] || a.id - b.id);
    expect(events.map((e) => e.id)).toEqual(sorted.map((e) => e.id));
    expect(new Set(events.map((e) => e.streamStatus))).toEqual(new Set(['live', 'upcoming', 'finished']));
  });
});

describe('bad input names its field', () => {
  it.each([
    [{ sportId: undefined }, 400, 'sportId'],
    [{ startsAt: '2030-13-01T10:00' }, 422, 'startsAt'],
    [{ startsAt: '2030-02-30T10:00' }, 422, 'startsAt'],
    [{ startsAt: 'tomorrow' }, 400, 'startsAt'],
    [{ timeZone: 'Mars/Olympus' }, 422, 'timeZone'],
    [{ accessType: 'gratis' }, 400, 'accessType'],
    [{ accessType: 'paid', price: 0 }, 422, 'price'],
    [{ accessType: 'ppv' }, 422, 'price'],
    [{ price: -1 }, 400, 'price'],
    [{ awayTeamId: null }, 422, 'awayTeamId'],
    [{ homeTeamId: null, awayTeamId: null }, 422, 'name'],
    [{ awayTeamId: 'x' }, 400, 'awayTeamId'],
    [{ homeTeamId: 2_147_483_648 }, 400, 'homeTeamId'],
    [{ name: 'x'.repeat(201) }, 400, 'name'],
    [{ published: 'yes' }, 400, 'published'],
    [{ surprise: true }, 400, 'body'],
  ])('%j answers %i naming %s', async (overrides, status, field) => {
    const before = await t.app.db.selectFrom('events').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const body = gameBody(overrides);
    for (const [key, value] of Object.entries(overrides)) if (value === undefined) delete (body as Record<string, unknown>)[key];
    const response = await call('POST', '/events', body);
    expect(response.statusCode, response.body).toBe(status);
    const answer = response.json() as { field?: string; message: string };
    expect(answer.message).toEqual(expect.any(String));
    if (field !== 'body') expect(answer.field).toBe(field);
    const after = await t.app.db.selectFrom('events').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses a same-team game and a patch of a missing event', async () => {
    const same = await call('POST', '/events', gameBody({ awayTeamId: team('Alpha North Boys') }));
    expect(same.statusCode).toBe(422);
    expect(same.json()).toMatchObject({ field: 'awayTeamId', code: 'SAME_TEAMS' });
    const missing = await call('PATCH', '/events/2147483647', { name: 'Nobody' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ field: 'id' });
  });
});

describe('viewers see every change at once', () => {
  it('a free game created in the control room is at once in the listing, the home rails, search and a follower’s calendar; moved and cancelled likewise', async () => {
    const key = await t.keyFor('alpha');
    const fan = await follower(team('Alpha South Girls'));
    // Every cache holds its answer first: the change must drop them, not their age.
    const [listedBefore, homeBefore, foundBefore, feedBefore] = [await upcomingIds(key), await homepageIds(key), await searchIds(key, 'Alpha North'), await fan.feed()];

    const game = await create();
    expect(game).toMatchObject({ name: 'Alpha South Girls @ Alpha North Boys', customName: false, published: true, cancelled: false, origin: 'console', changedBy: 'producer@schedule-alpha.test' });
    expect(await upcomingIds(key)).toEqual(expect.arrayContaining([...listedBefore, game.id]));
    expect(await homepageIds(key)).toContain(game.id);
    expect(homeBefore).not.toContain(game.id);
    expect(await searchIds(key, 'Alpha North')).toContain(game.id);
    expect(foundBefore).not.toContain(game.id);
    expect((await fan.feed()).has(game.id)).toBe(true);
    expect(feedBefore.has(game.id)).toBe(false);

    // Moved by a day: the listing, the detail and the calendar have the new time.
    const moved = await call('PATCH', `/events/${game.id}`, { startsAt: localIn(1, 1) });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = ConsoleEventResponse.parse(moved.json()).event;
    expect(Date.parse(after.startsAt) - Date.parse(game.startsAt)).toBe(86_400_000);
    const detail = EventDetailResponse.parse((await viewerGet(key, `events/${game.id}`)).json()).data;
    expect(detail.event_utc_ts * 1000).toBe(Date.parse(after.startsAt));
    expect(detail.prerolls).toBe(true);
    expect((await call('PATCH', `/events/${game.id}`, { prerolls: false })).statusCode).toBe(200);
    expect(EventDetailResponse.parse((await viewerGet(key, `events/${game.id}`)).json()).data.prerolls).toBe(false);
    expect((await fan.feed()).get(game.id)?.start).toBe(detail.event_utc_ts);
    const rescheduled = await auditOf(`event:${game.id}`);
    expect(rescheduled.map((row) => row.action)).toEqual(['event.create', 'event.update', 'event.update']);
    expect(rescheduled[1]).toMatchObject({ actor_label: 'producer@schedule-alpha.test', before: expect.objectContaining({ startsAt: game.startsAt }), after: expect.objectContaining({ startsAt: after.startsAt }) });

    // Cancelled: still listed and in the calendar, marked; gone from the home rails; never streamed.
    const cancelled = await call('POST', `/events/${game.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const listed = EventsResponse.parse((await viewerGet(key, 'events?stream_status=upcoming&limit=100')).json()).data.find((e) => e.id === game.id);
    expect(listed?.cancelled).toBe(true);
    expect(await homepageIds(key)).not.toContain(game.id);
    expect((await fan.feed()).get(game.id)?.status).toBe('CANCELLED');
    expect(EventDetailResponse.parse((await viewerGet(key, `events/${game.id}`)).json()).data).toMatchObject({ cancelled: true, stream: null });
    // A cancelled event is no longer edited; a second cancel changes nothing (and writes no audit row).
    expect((await call('PATCH', `/events/${game.id}`, { name: 'Back on' })).statusCode).toBe(409);
    expect((await call('POST', `/events/${game.id}/cancel`)).statusCode).toBe(200);
    expect((await auditOf(`event:${game.id}`)).map((row) => row.action)).toEqual(['event.create', 'event.update', 'event.update', 'event.cancel']);
  });

  it('an unpublished event is nowhere for viewers until it is published', async () => {
    const key = await t.keyFor('alpha');
    const fan = await follower(team('Alpha North Boys'));
    await upcomingIds(key);
    const draft = await create({ published: false, name: 'Alpha North Boys scrimmage' });
    expect(await upcomingIds(key)).not.toContain(draft.id);
    expect(await homepageIds(key)).not.toContain(draft.id);
    expect(await searchIds(key, 'scrimmage')).not.toContain(draft.id);
    expect((await fan.feed()).has(draft.id)).toBe(false);
    expect((await viewerGet(key, `events/${draft.id}`)).statusCode).toBe(404);
    const console = ConsoleEventsResponse.parse((await call('GET', '/events?status=unpublished')).json());
    expect(console.events.map((e) => e.id)).toContain(draft.id);

    expect((await call('POST', `/events/${draft.id}/publish`)).statusCode).toBe(200);
    expect(await upcomingIds(key)).toContain(draft.id);
    expect(await searchIds(key, 'scrimmage')).toContain(draft.id);
    expect((await fan.feed()).has(draft.id)).toBe(true);
    expect((await call('POST', `/events/${draft.id}/unpublish`)).statusCode).toBe(200);
    expect(await upcomingIds(key)).not.toContain(draft.id);
    expect((await auditOf(`event:${draft.id}`)).map((row) => row.action)).toEqual(['event.create', 'event.publish', 'event.unpublish']);
  });
});

describe('another instance on the same database', () => {
  it('drops its cached listing when this one changes the schedule, within a second', async () => {
    const second = await buildApp({ db: t.database.db, channels: t.channels, logger: false, sitesDir: '/nonexistent-sites' });
    await second.ready();
    try {
      const key = await t.keyFor('alpha');
      const listed = async () => EventsResponse.parse((await second.inject({ url: `/api/events?stream_status=upcoming&limit=100&api_key=${key}` })).json()).data.map((e) => e.id);
      // Its answer is cached (fresh for 10 s): only the database's notice can make it drop it in time.
      await listed();
      const game = await create({ name: 'Heard by the other instance' });
      const started = Date.now();
      while (!(await listed()).includes(game.id)) {
        expect(Date.now() - started, 'the other instance still lists the old schedule').toBeLessThan(1000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await second.close();
    }
  });
});

describe('integration tokens', () => {
  it('a producer token creates an event through the API; revoked, it is refused at once', async () => {
    const made = await call('POST', '/tokens', { name: 'League scheduler', role: 'producer' }, session.owner);
    expect(made.statusCode, made.body).toBe(200);
    const { token, integrationToken } = NewTokenResponse.parse(made.json());
    const created = await consoleCall(t.app, 'alpha', { method: 'POST', url: '/events', payload: gameBody({ name: 'Booked by the league' }), credential: token, origin: null });
    expect(created.statusCode, created.body).toBe(200);
    const event = ConsoleEventResponse.parse(created.json()).event;
    expect(event.changedBy).toBe('League scheduler');
    expect(await auditOf(`event:${event.id}`)).toMatchObject([{ actor_kind: 'token', actor_label: 'League scheduler', action: 'event.create', before: null }]);
    // On another channel's host the token is refused.
    expect((await consoleCall(t.app, 'bravo', { method: 'GET', url: '/events', credential: token, origin: null })).statusCode).toBe(403);

    expect((await call('DELETE' as 'POST', `/tokens/${integrationToken.id}`, undefined, session.owner)).statusCode).toBe(200);
    const refused = await consoleCall(t.app, 'alpha', { method: 'POST', url: '/events', payload: gameBody({ name: 'After the revoke' }), credential: token, origin: null });
    expect(refused.statusCode).toBe(401);
  });
});

/** A season of `count` games, one a day from tomorrow; `bad` lines replaced as given (line numbers count the header as 1). */
function season(count: number, bad: Record<number, string> = {}): string {
  const lines = ['date,time,time_zone,home,away,sport,venue,access,price'];
  for (let i = 0; i < count; i++) {
    const day = new Date(Date.now() + (i + 1) * 86_400_000).toISOString().slice(0, 10);
    lines.push(bad[i + 2] ?? `${day},19:00,America/New_York,Alpha North Boys,Alpha South Girls,Boys Varsity,Alpha Gym,${i % 5 === 0 ? 'paid,7.50' : 'free,'}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

describe('CSV import', () => {
  const countConsoleEvents = async () => Number((await t.app.db.selectFrom('events').select((eb) => eb.fn.countAll<string>().as('n')).where('channel_id', '=', alpha).where('origin', '=', 'console').executeTakeFirstOrThrow()).n);

  it('offers a template whose columns the import reads back', async () => {
    const template = await call('GET', '/events/import/template.csv');
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toMatch(/^text\/csv/);
    expect(template.body.split('\r\n')[0]).toBe('date,time,time_zone,home,away,name,school,sport,venue,access,price,service_fee,duration_minutes,published');
    const dry = await call('POST', '/events/import', { csv: template.body, dryRun: true });
    expect(ScheduleImportResponse.parse(dry.json())).toMatchObject({ valid: 2, errors: [] });
  });

  it('50 games with 2 bad lines: the dry run names both lines and fields; the import refuses, then creates the 48 in one go', async () => {
    const csv = season(50, { 7: '2030-02-30,19:00,America/New_York,Alpha North Boys,Alpha South Girls,Boys Varsity,Alpha Gym,free,', 31: '2030-03-01,19:00,America/New_York,Alpha North Boys,Alpha South Girls,Boys Varsity,Alpha Gym,paid,' });
    const before = await countConsoleEvents();
    const dry = await call('POST', '/events/import', { csv, dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    const checked = ScheduleImportResponse.parse(dry.json());
    expect(checked.valid).toBe(48);
    expect(checked.errors.map(({ line, field }) => ({ line, field }))).toEqual([
      { line: 7, field: 'date' },
      { line: 31, field: 'price' },
    ]);
    expect(checked.created).toBeUndefined();
    expect(await countConsoleEvents()).toBe(before);

    const refused = await call('POST', '/events/import', { csv, dryRun: false });
    expect(refused.statusCode).toBe(422);
    expect(ScheduleImportRefusal.parse(refused.json())).toMatchObject({ field: 'csv', code: 'IMPORT_INVALID', valid: 48, lines: checked.errors });
    expect(await countConsoleEvents()).toBe(before);

    const imported = await call('POST', '/events/import', { csv, dryRun: false, skipInvalid: true });
    expect(imported.statusCode, imported.body).toBe(200);
    const answer = ScheduleImportResponse.parse(imported.json());
    expect(answer.created).toBe(48);
    expect(await countConsoleEvents()).toBe(before + 48);
    const audited = await t.app.db.selectFrom('audit_log').select('subject').where('channel_id', '=', alpha).where('action', '=', 'event.import').where('subject', 'in', answer.ids!.map((id) => `event:${id}`)).execute();
    expect(audited).toHaveLength(48);
    // The paid lines have their price and the single-event offer; the same file fixed imports the rest.
    const paid = ConsoleEventResponse.parse((await call('GET', `/events/${answer.ids![0]}`)).json()).event;
    expect(paid).toMatchObject({ accessType: 'paid', price: 7.5, published: false, singleEventPackageId: expect.any(Number), localStartsAt: expect.stringMatching(/T19:00$/) });
  });

  it('lists names that match nothing, and creates them in the same import when asked', async () => {
    const csv = 'date,time,time_zone,home,away,school,sport,venue,access\n2030-05-02,18:30,America/Toronto,Riverside Otters,Alpha North Boys,Riverside Academy,Water Polo,Riverside Pool,free\n2030-05-09,18:30,America/Toronto,"Riverside Otters",Alpha South Girls,Riverside Academy,water polo,Alpha Gym,register\n';
    const dry = ScheduleImportResponse.parse((await call('POST', '/events/import', { csv, dryRun: true })).json());
    expect(dry.unknown).toEqual({ teams: ['Riverside Otters'], schools: ['Riverside Academy'], venues: ['Riverside Pool'], sports: ['Water Polo'] });
    expect(dry.valid).toBe(0);
    expect(dry.errors.filter((e) => e.line === 2).map((e) => e.field)).toEqual(['home', 'school', 'sport', 'venue']);

    const create = { teams: ['Riverside Otters'], schools: ['Riverside Academy'], venues: ['Riverside Pool'], sports: ['Water Polo'] };
    const imported = await call('POST', '/events/import', { csv, dryRun: false, create });
    expect(imported.statusCode, imported.body).toBe(200);
    const { ids } = ScheduleImportResponse.parse(imported.json());
    const first = ConsoleEventResponse.parse((await call('GET', `/events/${ids![0]}`)).json()).event;
    expect(first).toMatchObject({ name: 'Alpha North Boys @ Riverside Otters', school: { name: 'Riverside Academy' }, sport: { name: 'Water Polo' }, venue: { name: 'Riverside Pool' }, timeZone: 'America/Toronto', localStartsAt: '2030-05-02T18:30' });
    const second = ConsoleEventResponse.parse((await call('GET', `/events/${ids![1]}`)).json()).event;
    // One team, one sport, however the file spells them.
    expect(second.homeTeam?.id).toBe(first.homeTeam?.id);
    expect(second.sport?.id).toBe(first.sport?.id);
    const otters = await t.app.db.selectFrom('participants').select(['origin', 'participant_group_id']).where('channel_id', '=', alpha).where('name', '=', 'Riverside Otters').execute();
    expect(otters).toEqual([{ origin: 'console', participant_group_id: first.school!.id }]);
  });

  it('writes a name a spreadsheet would run as a formula as text in the template, and reads it back as the name', async () => {
    const venues = await t.app.db.selectFrom('event_locations').select(['id', 'name']).where('channel_id', '=', bravo).execute();
    onTestFinished(async () => {
      for (const { id, name } of venues) await t.app.db.updateTable('event_locations').set({ name }).where('id', '=', id).execute();
    });
    await t.app.db.updateTable('event_locations').set({ name: '=HYPERLINK("http://evil.example","Gym")' }).where('channel_id', '=', bravo).execute();
    const template = await call('GET', '/events/import/template.csv', undefined, session.bravoProducer, 'bravo');
    expect(template.statusCode).toBe(200);
    expect(template.body).toContain(`"'=HYPERLINK(""http://evil.example"",""Gym"")"`);
    expect(template.body).not.toMatch(/(^|,)=HYPERLINK/m);
    const dry = ScheduleImportResponse.parse((await call('POST', '/events/import', { csv: template.body, dryRun: true }, session.bravoProducer, 'bravo')).json());
    expect(dry).toMatchObject({ valid: 2, errors: [], unknown: { venues: [] } });
  });

  it('refuses a file that is no CSV and a header without the columns, naming line and field', async () => {
    const unclosed = ScheduleImportResponse.parse((await call('POST', '/events/import', { csv: 'date,time,time_zone,name,sport,access\n2030-01-01,10:00,UTC,"Open quote,Soccer,free\n', dryRun: true })).json());
    expect(unclosed.errors[0]).toMatchObject({ field: 'csv' });
    const header = ScheduleImportResponse.parse((await call('POST', '/events/import', { csv: 'when,who\n1,2\n', dryRun: true })).json());
    expect(header.errors.map((e) => [e.line, e.field])).toEqual(expect.arrayContaining([[1, 'when'], [1, 'date'], [1, 'sport']]));
    const tooBig = await call('POST', '/events/import', { csv: 'x'.repeat(60_001), dryRun: true });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({ field: 'csv' });
  });
});

describe('a paid event from the control room', () => {
  it('gets its single-event offer and is bought by a viewer with the sandbox card once published', async () => {
    // A channel without a single-event offer: the control room makes one.
    await t.app.db.deleteFrom('packages').where('channel_id', '=', alpha).where('scope', '=', 'single').execute();
    const game = await create({ accessType: 'paid', price: 12.5, serviceFee: 1.25, published: false, name: 'Alpha paid showcase' });
    expect(game.singleEventPackageId).toEqual(expect.any(Number));
    const viewer = await registerViewer(t);
    const card = await sandboxCard(t, viewer, SANDBOX_TEST_CARDS.succeeds);
    const buy = () =>
      t.app.inject({ method: 'POST', url: '/api/sandbox/buy', payload: { api_key: viewer, idempotency_key: randomUUID(), type: 'event', event_id: game.id, single_event_package_id: game.singleEventPackageId, payment_method: card } });
    // Unpublished, it is not for sale.
    const early = await buy();
    expect(early.statusCode).toBe(404);
    expect(early.json()).toMatchObject({ field: 'event_id' });

    expect((await call('POST', `/events/${game.id}/publish`)).statusCode).toBe(200);
    const packages = await viewerGet(viewer, `packages?event_id=${game.id}`);
    expect((packages.json() as { data: unknown[] }).data).toContainEqual(expect.objectContaining({ id: game.singleEventPackageId, scope: 'single' }));
    const bought = await buy();
    expect(bought.statusCode, bought.body).toBe(200);
    const order = await settledOrder(t, viewer, BuyResponse.parse(bought.json()).data.order.id);
    expect(order).toMatchObject({ status: 'paid', amount: 13.75 });
    const detail = EventDetailResponse.parse((await viewerGet(viewer, `events/${game.id}`)).json()).data;
    expect(detail.has_access).toBe(true);

    // Cancelled, it is no longer sold.
    expect((await call('POST', `/events/${game.id}/cancel`)).statusCode).toBe(200);
    const other = await registerViewer(t);
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/buy',
      payload: { api_key: other, idempotency_key: randomUUID(), type: 'event', event_id: game.id, single_event_package_id: game.singleEventPackageId, payment_method: await sandboxCard(t, other) },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ field: 'event_id' });
  });
});

describe('a re-seed', () => {
  it('keeps what operators made and changed, and the ids orders and follows point at', async () => {
    const db = t.app.db;
    const key = await t.keyFor('alpha');
    const seeded = await db.selectFrom('events').select(['id', 'name', 'seed_ref']).where('channel_id', '=', alpha).where('origin', '=', 'seed').orderBy('id').execute();
    const [moved, untouched] = seeded as [(typeof seeded)[0], (typeof seeded)[0]];
    const seedTeams = () => db.selectFrom('participants').select(['id', 'name']).where('channel_id', '=', alpha).where('origin', '=', 'seed').orderBy('id').execute();
    const teamsBefore = await seedTeams();
    const mine = await create({ name: 'Made in the control room', published: true });
    const renamed = await call('PATCH', `/events/${moved.id}`, { name: 'Renamed by the producer', startsAt: localIn(3) });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const movedAfter = ConsoleEventResponse.parse(renamed.json()).event;
    const fan = await follower(team('Alpha North Boys'));
    const buyer = await db.selectFrom('users').select('id').where('channel_id', '=', alpha).orderBy('id').limit(1).executeTakeFirstOrThrow();
    const order = await db
      .insertInto('orders')
      .values({ channel_id: alpha, user_id: buyer.id, type: 'event', product_id: untouched.id, product_name: untouched.name, participant_id: null, event_category_id: null, amount: 0, currency: 'USD', coupon_code: null, idempotency_key: randomUUID(), request_fingerprint: 'x', provider: null, provider_ref: null, next_action_url: null, failure_reason: null, created_at: new Date(), paid_at: null, expires_at: null, sub_status: null, auto_renew: null, trial_ends_at: null, current_period_end: null })
      .returning('id')
      .executeTakeFirstOrThrow();

    const reseededAt = new Date(Date.now() + 3_600_000);
    await seedChannel(db, t.channel('alpha'), reseededAt, t.app.dataChanged);

    // The control room's event and the producer's changes stand; the untouched seed event has fresh times and the same id.
    expect(ConsoleEventResponse.parse((await call('GET', `/events/${mine.id}`)).json()).event).toMatchObject({ name: 'Made in the control room', origin: 'console' });
    expect(ConsoleEventResponse.parse((await call('GET', `/events/${moved.id}`)).json()).event).toMatchObject({ name: 'Renamed by the producer', startsAt: movedAfter.startsAt });
    const again = await db.selectFrom('events').select(['id', 'event_utc_ts']).where('id', '=', untouched.id).executeTakeFirstOrThrow();
    const seedEvent = t.channel('alpha').seed!.events.find((e) => e.ref === untouched.seed_ref)!;
    expect(Number(again.event_utc_ts)).toBe(Math.floor(reseededAt.getTime() / 1000) + seedEvent.starts_in_minutes * 60);
    expect(await seedTeams()).toEqual(teamsBefore);
    expect((await db.selectFrom('orders').select('product_id').where('id', '=', order.id).executeTakeFirstOrThrow()).product_id).toBe(untouched.id);
    // The follow survives (the team kept its id), and viewers still see the console's event.
    expect((await fan.feed()).has(mine.id)).toBe(true);
    expect(await upcomingIds(key)).toContain(mine.id);
    // A second run keeps every event, the control room's included.
    const allIds = async () => (await db.selectFrom('events').select('id').where('channel_id', '=', alpha).orderBy('id').execute()).map((row) => row.id);
    const before = await allIds();
    await seedChannel(db, t.channel('alpha'), new Date(), t.app.dataChanged);
    expect(await allIds()).toEqual(before);
    expect(ConsoleEventResponse.parse((await call('GET', `/events/${moved.id}`)).json()).event.name).toBe('Renamed by the producer');
  });
});

describe('the first re-seed after the upgrade', () => {
  it('adopts the rows seeded before seeds kept their refs, keeping their ids and the control room’s games on them', async () => {
    const db = t.app.db;
    const tables = ['events', 'participants', 'participant_groups', 'event_categories', 'event_locations'] as const;
    const snapshot = async () => Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await db.selectFrom(table).select(['id', 'name', 'seed_ref']).where('channel_id', '=', bravo).where('origin', '=', 'seed').orderBy('id').execute()])));
    const before = await snapshot();
    // As a database seeded before the upgrade has them: seed rows without their refs.
    for (const table of tables) await db.updateTable(table).set({ seed_ref: null }).where('channel_id', '=', bravo).execute();
    const bravoOptions = ConsoleEventOptions.parse((await call('GET', '/events/options', undefined, session.bravoProducer, 'bravo')).json());
    const [home, away] = bravoOptions.teams;
    const made = await call('POST', '/events', { homeTeamId: home!.id, awayTeamId: away!.id, sportId: bravoOptions.sports[0]!.id, startsAt: localIn(2), timeZone: 'America/New_York', accessType: 'free', published: true }, session.bravoProducer, 'bravo');
    expect(made.statusCode, made.body).toBe(200);
    const game = ConsoleEventResponse.parse(made.json()).event;

    await seedChannel(db, t.channel('bravo'), new Date(), t.app.dataChanged);

    expect(await snapshot()).toEqual(before);
    const after = ConsoleEventResponse.parse((await call('GET', `/events/${game.id}`, undefined, session.bravoProducer, 'bravo')).json()).event;
    expect([after.homeTeam?.id, after.awayTeam?.id]).toEqual([home!.id, away!.id]);
  });
});


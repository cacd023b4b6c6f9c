import { randomUUID } from 'node:crypto';
import {
  ApiErrorBody,
  ConsolePollResponse,
  ConsolePollsResponse,
  ConsolePopupResponse,
  ConsolePopupsResponse,
  CONSOLE_CODES,
  ConsoleEventOptions,
  ConsoleEventResponse,
  ENGAGEMENT_CODES,
  PollVoteResponse,
  PopupsResponse,
  ViewerPollResponse,
} from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { registerViewer } from '../../../test/support/commerce.ts';
import { userIdOf } from '../../../test/support/clipViewers.ts';
import { consoleCall, makeOperator, signIn } from '../operators/testing.ts';
import { VOTE_RATE_LIMIT } from './index.ts';

let t: TestApp;
let alpha: number;
let bravo: number;
const session: Record<'owner' | 'producer' | 'support' | 'analyst' | 'bravoProducer', string> = { owner: '', producer: '', support: '', analyst: '', bravoProducer: '' };
/** Published events of each channel, one per test that opens a poll (one open poll per event). */
let alphaEvents: number[];
let bravoEvent: number;

beforeAll(async () => {
  // Answers kept a minute: the flood test counts reads, and writes on this instance drop their key at once.
  t = await buildTestApp({ engagement: { cacheMs: 60_000 } });
  alpha = t.channel('alpha').id;
  bravo = t.channel('bravo').id;
  for (const role of ['owner', 'producer', 'support', 'analyst'] as const) {
    await makeOperator(t.app, `${role}@engagement-alpha.test`, [[alpha, role]]);
    session[role] = await signIn(t.app, 'alpha', `${role}@engagement-alpha.test`);
  }
  await makeOperator(t.app, 'producer@engagement-bravo.test', [[bravo, 'producer']]);
  session.bravoProducer = await signIn(t.app, 'bravo', 'producer@engagement-bravo.test');
  const published = (channelId: number) => t.app.db.selectFrom('events').select('id').where('channel_id', '=', channelId).where('published', '=', true).orderBy('id').execute();
  alphaEvents = (await published(alpha)).map((e) => e.id);
  bravoEvent = (await published(bravo))[0]!.id;
  // More games, scheduled as the console schedules them, so each test has an event of its own.
  const options = ConsoleEventOptions.parse((await call('GET', '/events/options')).json());
  while (alphaEvents.length < 6) {
    const made = await call('POST', '/events', { name: `Engagement game ${alphaEvents.length}`, sportId: options.sports[0]!.id, startsAt: '2030-05-01T19:00', timeZone: 'America/New_York', accessType: 'free', published: true });
    expect(made.statusCode, made.body).toBe(200);
    alphaEvents.push(ConsoleEventResponse.parse(made.json()).event.id);
  }
});
afterAll(async () => t.close());

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, credential: string | null = session.producer, slug = 'alpha') {
  return consoleCall(t.app, slug, { method, url, payload, credential: credential ?? undefined });
}

function viewer(method: 'GET' | 'POST', url: string, key: string, payload: Record<string, unknown> = {}) {
  if (method === 'GET') return t.app.inject({ url: `/api${url}${url.includes('?') ? '&' : '?'}api_key=${encodeURIComponent(key)}` });
  return t.app.inject({ method, url: `/api${url}`, payload: { ...payload, api_key: key } });
}

async function openPoll(eventId: number, answers = ['Home', 'Away']) {
  const response = await call('POST', `/events/${eventId}/polls`, { question: 'Who wins?', answers });
  expect(response.statusCode, response.body).toBe(200);
  return ConsolePollResponse.parse(response.json()).poll;
}

async function pollOf(eventId: number, key: string) {
  const response = await viewer('GET', `/events/${eventId}/poll`, key);
  expect(response.statusCode, response.body).toBe(200);
  return ViewerPollResponse.parse(response.json()).data;
}

function refusal(response: { statusCode: number; json(): unknown; body: string }, status: number, code: string, field?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = ApiErrorBody.parse(response.json());
  expect(body.code).toBe(code);
  if (field !== undefined) expect(body.field).toBe(field);
}

async function auditOf(subject: string) {
  return t.app.db.selectFrom('audit_log').select(['action', 'actor_label', 'channel_id']).where('subject', '=', subject).orderBy('id').execute();
}

const hour = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
function popupBody(overrides: Record<string, unknown> = {}) {
  return { title: 'Playoffs pass', text: 'Every playoff game, one price.', link: '/packages', audience: 'visitors', pages: ['home'], startsAt: at(-hour), endsAt: at(hour), ...overrides };
}

describe('console routes refuse the roles that must not use them', () => {
  // One row per console route: who may not, and what they get.
  const routes: Array<{ method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; name: string; url: () => string; payload?: () => unknown }> = [
    { method: 'GET', name: '/events/:id/polls', url: () => `/events/${alphaEvents[0]}/polls` },
    { method: 'POST', name: '/events/:id/polls', url: () => `/events/${alphaEvents[0]}/polls`, payload: () => ({ question: 'Q?', answers: ['a', 'b'] }) },
    { method: 'POST', name: '/polls/:id/close', url: () => '/polls/1/close' },
    { method: 'GET', name: '/popups', url: () => '/popups' },
    { method: 'POST', name: '/popups', url: () => '/popups', payload: () => popupBody() },
    { method: 'PATCH', name: '/popups/:id', url: () => '/popups/1', payload: () => ({ title: 'x' }) },
    { method: 'DELETE', name: '/popups/:id', url: () => '/popups/1' },
  ];
  for (const route of routes) {
    it(`${route.method} ${route.name}: 401 signed out, 403 for support and analyst`, async () => {
      refusal(await call(route.method, route.url(), route.payload?.(), null), 401, CONSOLE_CODES.signedOut);
      for (const role of ['support', 'analyst'] as const) refusal(await call(route.method, route.url(), route.payload?.(), session[role]), 403, CONSOLE_CODES.forbidden);
      // Another channel's producer, on this channel's host: their session is not this channel's.
      expect((await call(route.method, route.url(), route.payload?.(), session.bravoProducer)).statusCode).toBe(403);
    });
  }
});

describe('polls', () => {
  it('a producer opens a poll, viewers see it, vote once each and see the same results; closing freezes them and keeps them', async () => {
    const eventId = alphaEvents[0]!;
    const visitor = await t.keyFor('alpha');
    expect(await pollOf(eventId, visitor)).toBeNull();
    const poll = await openPoll(eventId, ['Northfield', 'Laurentides', 'Draw']);
    expect(poll).toMatchObject({ eventId, status: 'open', totalVotes: 0, openedBy: 'producer@engagement-alpha.test' });

    // A visitor sees the question and the results, and may not vote.
    expect(await pollOf(eventId, visitor)).toMatchObject({ id: poll.id, status: 'open', my_answer: null, total_votes: 0 });
    refusal(await viewer('POST', `/polls/${poll.id}/vote`, visitor, { answer: 0 }), 401, ENGAGEMENT_CODES.loginRequired, 'api_key');

    const [ana, ben] = [await registerViewer(t), await registerViewer(t)];
    const voted = await viewer('POST', `/polls/${poll.id}/vote`, ana, { answer: 1 });
    expect(voted.statusCode, voted.body).toBe(200);
    expect(PollVoteResponse.parse(voted.json()).data).toMatchObject({ my_answer: 1, total_votes: 1 });
    expect((await viewer('POST', `/polls/${poll.id}/vote`, ben, { answer: 0 })).statusCode).toBe(200);

    const seenByAna = await pollOf(eventId, ana);
    const seenByBen = await pollOf(eventId, ben);
    expect(seenByAna!.answers).toEqual(seenByBen!.answers);
    expect(seenByAna!.answers.map((a) => a.votes)).toEqual([1, 1, 0]);
    expect([seenByAna!.my_answer, seenByBen!.my_answer]).toEqual([1, 0]);

    const closed = await call('POST', `/polls/${poll.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(ConsolePollResponse.parse(closed.json()).poll).toMatchObject({ status: 'closed', totalVotes: 2 });

    // Frozen: a late vote is refused and changes nothing; the results stay with the event.
    const carl = await registerViewer(t);
    refusal(await viewer('POST', `/polls/${poll.id}/vote`, carl, { answer: 2 }), 409, ENGAGEMENT_CODES.pollClosed, 'id');
    expect(await pollOf(eventId, carl)).toMatchObject({ status: 'closed', total_votes: 2, my_answer: null });
    const listed = ConsolePollsResponse.parse((await call('GET', `/events/${eventId}/polls`)).json()).polls;
    expect(listed).toHaveLength(1);
    expect(listed[0]!.answers.map((a) => a.votes)).toEqual([1, 1, 0]);
    refusal(await call('POST', `/polls/${poll.id}/close`), 409, ENGAGEMENT_CODES.pollClosed);

    expect(await auditOf(`poll:${poll.id}`)).toEqual([
      { action: 'poll.open', actor_label: 'producer@engagement-alpha.test', channel_id: alpha },
      { action: 'poll.close', actor_label: 'producer@engagement-alpha.test', channel_id: alpha },
    ]);
  });

  it('refuses a second vote, even sent twice at once', async () => {
    const poll = await openPoll(alphaEvents[1]!);
    const ana = await registerViewer(t);
    const answers = await Promise.all([viewer('POST', `/polls/${poll.id}/vote`, ana, { answer: 0 }), viewer('POST', `/polls/${poll.id}/vote`, ana, { answer: 1 })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    refusal(answers.find((a) => a.statusCode === 409)!, 409, ENGAGEMENT_CODES.alreadyVoted, 'id');
    refusal(await viewer('POST', `/polls/${poll.id}/vote`, ana, { answer: 1 }), 409, ENGAGEMENT_CODES.alreadyVoted);
    const votes = await t.app.db.selectFrom('poll_votes').select('answer').where('poll_id', '=', poll.id).execute();
    expect(votes).toHaveLength(1);
    expect((await pollOf(alphaEvents[1]!, ana))!.total_votes).toBe(1);
  });

  it("refuses a vote on another channel's poll, and reading or closing it from there, as if it did not exist", async () => {
    const poll = await openPoll(alphaEvents[2]!);
    const bravoViewer = await registerViewer(t, 'bravo');
    refusal(await viewer('POST', `/polls/${poll.id}/vote`, bravoViewer, { answer: 0 }), 404, ENGAGEMENT_CODES.pollNotFound, 'id');
    refusal(await viewer('GET', `/events/${alphaEvents[2]}/poll`, bravoViewer), 404, ENGAGEMENT_CODES.eventNotFound);
    refusal(await call('POST', `/polls/${poll.id}/close`, undefined, session.bravoProducer, 'bravo'), 404, ENGAGEMENT_CODES.pollNotFound);
    refusal(await call('POST', `/events/${alphaEvents[2]}/polls`, { question: 'Q?', answers: ['a', 'b'] }, session.bravoProducer, 'bravo'), 404, ENGAGEMENT_CODES.eventNotFound);
    expect(await t.app.db.selectFrom('poll_votes').select('id').where('poll_id', '=', poll.id).execute()).toHaveLength(0);
    // The bravo producer's own event works.
    const own = await call('POST', `/events/${bravoEvent}/polls`, { question: 'Q?', answers: ['a', 'b'] }, session.bravoProducer, 'bravo');
    expect(own.statusCode, own.body).toBe(200);
  });

  it('opens one poll at a time per event, takes 2–5 answers and an answer index that exists', async () => {
    const eventId = alphaEvents[3]!;
    const poll = await openPoll(eventId, ['a', 'b', 'c']);
    refusal(await call('POST', `/events/${eventId}/polls`, { question: 'Again?', answers: ['a', 'b'] }), 409, ENGAGEMENT_CODES.pollOpen);
    for (const answers of [['only one'], ['1', '2', '3', '4', '5', '6']]) {
      const refused = await call('POST', `/events/${alphaEvents[4]}/polls`, { question: 'Q?', answers });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(ApiErrorBody.parse(refused.json()).field).toBe('answers');
    }
    const blank = await call('POST', `/events/${alphaEvents[4]}/polls`, { question: '   ', answers: ['a', 'b'] });
    expect(blank.statusCode).toBe(400);
    expect(ApiErrorBody.parse(blank.json()).field).toBe('question');
    refusal(await call('POST', '/events/999999/polls', { question: 'Q?', answers: ['a', 'b'] }), 404, ENGAGEMENT_CODES.eventNotFound);
    const ana = await registerViewer(t);
    refusal(await viewer('POST', `/polls/${poll.id}/vote`, ana, { answer: 3 }), 422, ENGAGEMENT_CODES.badAnswer, 'answer');
    const negative = await viewer('POST', `/polls/${poll.id}/vote`, ana, { answer: -1 });
    expect(negative.statusCode).toBe(400);
    // Closed, the next one may open; the viewers see the open one first.
    await call('POST', `/polls/${poll.id}/close`);
    const next = await openPoll(eventId);
    expect((await pollOf(eventId, ana))!.id).toBe(next.id);
  });

  it('answers a thousand reads from one address with one database read, and limits a viewer’s votes', async () => {
    const eventId = alphaEvents[5]!;
    const poll = await openPoll(eventId);
    const visitor = await t.keyFor('alpha');
    const before = t.app.engagement.polls.loads;
    for (let batch = 0; batch < 10; batch += 1) {
      const answers = await Promise.all(Array.from({ length: 100 }, () => viewer('GET', `/events/${eventId}/poll`, visitor)));
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    }
    expect(t.app.engagement.polls.loads - before).toBeLessThanOrEqual(1);
    // Unknown events too: a thousand asks for one cost one read.
    const unknownBefore = t.app.engagement.polls.loads;
    for (let i = 0; i < 200; i += 1) expect((await viewer('GET', '/events/999998/poll', visitor)).statusCode).toBe(404);
    expect(t.app.engagement.polls.loads - unknownBefore).toBe(1);

    const ana = await registerViewer(t);
    const statuses: number[] = [];
    for (let i = 0; i <= VOTE_RATE_LIMIT; i += 1) statuses.push((await viewer('POST', `/polls/${poll.id}/vote`, ana, { answer: 0 })).statusCode);
    expect(statuses[0]).toBe(200);
    expect(statuses.slice(1, VOTE_RATE_LIMIT)).toEqual(Array(VOTE_RATE_LIMIT - 1).fill(409));
    expect(statuses[VOTE_RATE_LIMIT]).toBe(429);
  });
});

describe('popups', () => {
  async function createPopup(overrides: Record<string, unknown> = {}, credential = session.producer) {
    const response = await call('POST', '/popups', popupBody(overrides), credential);
    expect(response.statusCode, response.body).toBe(200);
    return ConsolePopupResponse.parse(response.json()).popup;
  }
  async function popupsFor(key: string, page = 'home') {
    const response = await viewer('GET', `/popups?page=${page}`, key);
    expect(response.statusCode, response.body).toBe(200);
    return PopupsResponse.parse(response.json()).data.map((p) => p.id);
  }

  it('shows each popup to its audience, on its pages, between its start and end, until a viewer dismisses it', async () => {
    const forVisitors = await createPopup({ pages: ['home', 'vod'] });
    const forViewers = await createPopup({ audience: 'viewers', pages: ['home', 'watch'] });
    const later = await createPopup({ startsAt: at(hour), endsAt: at(2 * hour) });
    const over = await createPopup({ startsAt: at(-2 * hour), endsAt: at(-hour) });
    expect([later.state, over.state, forVisitors.state]).toEqual(['scheduled', 'ended', 'showing']);

    const visitor = await t.keyFor('alpha');
    const ana = await registerViewer(t);
    const ben = await registerViewer(t);
    expect(await popupsFor(visitor)).toContain(forVisitors.id);
    expect(await popupsFor(visitor)).not.toContain(forViewers.id);
    expect(await popupsFor(visitor, 'watch')).not.toContain(forVisitors.id);
    expect(await popupsFor(visitor, 'vod')).toContain(forVisitors.id);
    for (const id of [later.id, over.id]) expect(await popupsFor(visitor)).not.toContain(id);
    expect(await popupsFor(ana)).toContain(forViewers.id);
    expect(await popupsFor(ana)).not.toContain(forVisitors.id);

    const dismissed = await viewer('POST', `/popups/${forViewers.id}/dismiss`, ana);
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(await popupsFor(ana)).not.toContain(forViewers.id);
    expect(await popupsFor(ana, 'watch')).not.toContain(forViewers.id);
    expect(await popupsFor(ben)).toContain(forViewers.id);
    // A visitor's dismissal is kept in their browser: the server has no one to remember it for.
    refusal(await viewer('POST', `/popups/${forVisitors.id}/dismiss`, visitor), 401, ENGAGEMENT_CODES.loginRequired);
    const listed = ConsolePopupsResponse.parse((await call('GET', '/popups')).json());
    expect(listed.popups.find((p) => p.id === forViewers.id)!.dismissals).toBe(1);
  });

  it("shows a holders' popup to the holders of its offer only", async () => {
    const offers = ConsolePopupsResponse.parse((await call('GET', '/popups')).json()).offers;
    const offer = offers.find((o) => o.type === 'subscription') ?? offers[0]!;
    const popup = await createPopup({ audience: 'holders', offer: { type: offer.type, id: offer.id } });
    expect(popup.offer).toEqual(offer);
    const holder = await registerViewer(t);
    const other = await registerViewer(t);
    await t.app.db
      .insertInto('orders')
      .values({
        channel_id: alpha,
        user_id: await userIdOf(t, holder),
        type: offer.type,
        status: 'paid',
        activity_status: 'active',
        product_id: offer.id,
        product_name: offer.name,
        amount: 5,
        currency: 'USD',
        idempotency_key: randomUUID(),
        request_fingerprint: randomUUID(),
        paid_at: new Date(),
      })
      .execute();
    expect(await popupsFor(holder)).toContain(popup.id);
    expect(await popupsFor(other)).not.toContain(popup.id);
    expect(await popupsFor(await t.keyFor('alpha'))).not.toContain(popup.id);
  });

  it('names the field of a bad popup, and keeps popups to their channel', async () => {
    const bad = async (overrides: Record<string, unknown>, status: number, field: string) => {
      const response = await call('POST', '/popups', popupBody(overrides));
      expect(response.statusCode, response.body).toBe(status);
      expect(ApiErrorBody.parse(response.json()).field).toBe(field);
    };
    await bad({ endsAt: at(-2 * hour) }, 422, 'endsAt');
    await bad({ audience: 'holders' }, 422, 'offer');
    await bad({ audience: 'holders', offer: { type: 'package', id: 999_999 } }, 422, 'offer');
    await bad({ link: 'javascript:alert(1)' }, 400, 'link');
    await bad({ link: '//evil.example/x' }, 400, 'link');
    await bad({ pages: [] }, 400, 'pages');
    await bad({ title: '' }, 400, 'title');
    await bad({ startsAt: 'tomorrow' }, 400, 'startsAt');

    const popup = await createPopup();
    const bravoViewer = await registerViewer(t, 'bravo');
    expect(await popupsFor(await t.keyFor('bravo'))).not.toContain(popup.id);
    refusal(await viewer('POST', `/popups/${popup.id}/dismiss`, bravoViewer), 404, ENGAGEMENT_CODES.popupNotFound);
    refusal(await call('PATCH', `/popups/${popup.id}`, { title: 'Mine now' }, session.bravoProducer, 'bravo'), 404, ENGAGEMENT_CODES.popupNotFound);
    refusal(await call('DELETE', `/popups/${popup.id}`, undefined, session.bravoProducer, 'bravo'), 404, ENGAGEMENT_CODES.popupNotFound);
  });

  it('edits and deletes a popup, each change in the audit log, and viewers see the change at once', async () => {
    const popup = await createPopup({}, session.owner);
    const visitor = await t.keyFor('alpha');
    expect(await popupsFor(visitor)).toContain(popup.id);
    const edited = await call('PATCH', `/popups/${popup.id}`, { title: 'Tonight: the final', pages: ['watch'] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(ConsolePopupResponse.parse(edited.json()).popup).toMatchObject({ title: 'Tonight: the final', pages: ['watch'], text: popup.text });
    expect(await popupsFor(visitor)).not.toContain(popup.id);
    expect(await popupsFor(visitor, 'watch')).toContain(popup.id);
    refusal(await call('PATCH', `/popups/${popup.id}`, { endsAt: at(-3 * hour) }), 422, ENGAGEMENT_CODES.invalid, 'endsAt');
    const deleted = await call('DELETE', `/popups/${popup.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await popupsFor(visitor, 'watch')).not.toContain(popup.id);
    expect((await auditOf(`popup:${popup.id}`)).map((a) => [a.action, a.actor_label])).toEqual([
      ['popup.create', 'owner@engagement-alpha.test'],
      ['popup.update', 'producer@engagement-alpha.test'],
      ['popup.delete', 'producer@engagement-alpha.test'],
    ]);
  });
});

import { randomUUID } from 'node:crypto';
import { ApiErrorBody, EventDetailResponse, PrerollSeenResponse, VodMediaItemResponse } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { registerViewer } from '../../../test/support/commerce.ts';
import { userIdOf } from '../../../test/support/clipViewers.ts';

// spec §4 prerolls and §6 `no_ads`: the server chooses the prerolls handed out with a stream, so a
// viewer holding `no_ads` (on their account, or through a running pass) is handed none, live and on
// demand, whatever the site asks; a logged-in viewer's played preroll stays hidden for them and that
// event on every device (preroll_views), a visitor's in their browser.
let t: TestApp;
let liveEvent: number;
let finishedEvent: number;
let freeItem: number;
let everywhere: number;
const alpha = () => t.channel('alpha');

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const events = db.selectFrom('events').select(['id', 'name']).where('channel_id', '=', alpha().id);
  liveEvent = (await events.where('name', '=', 'North vs South').executeTakeFirstOrThrow()).id;
  finishedEvent = (await events.where('name', '=', 'Last season final').executeTakeFirstOrThrow()).id;
  freeItem = (await db.selectFrom('vod_media_items').select('id').where('channel_id', '=', alpha().id).where('ref', '=', 'season-review-2025').executeTakeFirstOrThrow()).id;
  // A preroll aimed at nothing, for live and on demand: it may play before any stream of the channel.
  everywhere = (
    await db
      .insertInto('prerolls')
      .values({ channel_id: alpha().id, url: '/media/prerolls/everywhere.m3u8', weight: 2, location_id: null, event_category_ids: '[]', for_vod: true, for_live: true })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => t?.close());

async function eventPrerolls(key: string, eventId: number) {
  const response = await t.app.inject({ url: `/api/events/${eventId}?api_key=${key}` });
  expect(response.statusCode, response.body).toBe(200);
  const stream = EventDetailResponse.parse(response.json()).data.stream;
  expect(stream).not.toBeNull();
  return (stream?.prerolls ?? null)?.map((p) => p.id) ?? null;
}

async function itemPrerolls(key: string, itemId: number) {
  const response = await t.app.inject({ url: `/api/vod-media-items/${itemId}?api_key=${key}` });
  expect(response.statusCode, response.body).toBe(200);
  const stream = VodMediaItemResponse.parse(response.json()).data.stream;
  expect(stream).not.toBeNull();
  return (stream?.prerolls ?? null)?.map((p) => p.id) ?? null;
}

const seen = (key: string, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/prerolls/seen', payload: { api_key: key, ...body } });

describe('the prerolls handed out with a stream', () => {
  it('are the channel’s prerolls for the stream’s kind, place and sport', async () => {
    const key = await registerViewer(t);
    const promo = await t.database.db.selectFrom('prerolls').select('id').where('channel_id', '=', alpha().id).where('url', '=', '/media/prerolls/promo.m3u8').executeTakeFirstOrThrow();
    // The live game is in the gym, a basketball game: the fixture's promo (gym, basketball) and the untargeted one.
    expect(await eventPrerolls(key, liveEvent)).toEqual([promo.id, everywhere]);
    // The finished soccer game: only the untargeted one.
    expect(await eventPrerolls(key, finishedEvent)).toEqual([everywhere]);
    // An on-demand item has no place nor sport.
    expect(await itemPrerolls(key, freeItem)).toEqual([everywhere]);
  });

  it('are none for an event whose prerolls the channel turned off', async () => {
    const key = await registerViewer(t);
    await t.database.db.updateTable('events').set({ prerolls: false }).where('id', '=', finishedEvent).execute();
    try {
      expect(await eventPrerolls(key, finishedEvent)).toEqual([]);
    } finally {
      await t.database.db.updateTable('events').set({ prerolls: true }).where('id', '=', finishedEvent).execute();
    }
  });

  it('are none, live and on demand, for a viewer whose account holds no_ads', async () => {
    const key = await registerViewer(t);
    expect(await eventPrerolls(key, liveEvent)).not.toEqual([]);
    await t.database.db.updateTable('users').set({ capabilities: JSON.stringify(['NO_ADS']) }).where('id', '=', await userIdOf(t, key)).execute();
    expect(await eventPrerolls(key, liveEvent)).toEqual([]);
    expect(await eventPrerolls(key, finishedEvent)).toEqual([]);
    expect(await itemPrerolls(key, freeItem)).toEqual([]);
  });

  it('are none while a pass granting no_ads runs, and come back when it has ended', async () => {
    const key = await registerViewer(t);
    const db = t.database.db;
    const pass = await db
      .insertInto('packages')
      .values({ channel_id: alpha().id, name: 'Ad-free pass', base_price: 3, service_fee: 0, scope: 'category', event_category_ids: '[]', is_team_pass: false, offer: 'monthly', period: 1, weight: 0, capabilities: JSON.stringify(['no_ads']) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = await db
      .insertInto('orders')
      .values({
        channel_id: alpha().id,
        user_id: await userIdOf(t, key),
        type: 'package',
        status: 'paid',
        activity_status: 'active',
        product_id: pass.id,
        product_name: 'Ad-free pass',
        amount: 3,
        currency: 'USD',
        idempotency_key: randomUUID(),
        request_fingerprint: randomUUID(),
        paid_at: new Date(),
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await eventPrerolls(key, liveEvent)).toEqual([]);
    expect(await itemPrerolls(key, freeItem)).toEqual([]);
    await db.updateTable('orders').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', order.id).execute();
    expect(await itemPrerolls(key, freeItem)).toEqual([everywhere]);
  });
});

describe('a played preroll, hidden per viewer and subject on every device', () => {
  it('is left out for that viewer and event, from any of their sessions, and not for another event or viewer', async () => {
    const key = await registerViewer(t);
    const response = await seen(key, { preroll_id: everywhere, event_id: finishedEvent });
    expect(response.statusCode, response.body).toBe(200);
    const hiddenUntil = new Date(PrerollSeenResponse.parse(response.json()).data.hidden_until).getTime();
    // spec §9: the channel sets no preroll time, so an hour.
    expect(hiddenUntil - Date.now()).toBeGreaterThan(3_590_000);
    expect(hiddenUntil - Date.now()).toBeLessThanOrEqual(3_600_000);
    expect(await eventPrerolls(key, finishedEvent)).toEqual([]);
    expect(await eventPrerolls(key, liveEvent)).toContain(everywhere);
    expect(await itemPrerolls(key, freeItem)).toEqual([everywhere]);
    // The same viewer on another device: a second session of theirs.
    const email = (await t.database.db.selectFrom('users').select('email').where('id', '=', await userIdOf(t, key)).executeTakeFirstOrThrow()).email;
    const login = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { api_key: await t.keyFor('alpha'), email, password: 'touchline-42-blue' } });
    expect(login.statusCode, login.body).toBe(200);
    const otherDevice = (login.json() as { data: { api_key: string } }).data.api_key;
    expect(otherDevice).not.toBe(key);
    expect(await eventPrerolls(otherDevice, finishedEvent)).toEqual([]);
    // Someone else still gets it.
    expect(await eventPrerolls(await registerViewer(t), finishedEvent)).toEqual([everywhere]);
  });

  it('hides an on-demand item’s preroll for that item, and shows it again once the preroll time has passed', async () => {
    const key = await registerViewer(t);
    expect((await seen(key, { preroll_id: everywhere, vod_id: freeItem })).statusCode).toBe(200);
    expect(await itemPrerolls(key, freeItem)).toEqual([]);
    await t.database.db.updateTable('preroll_views').set({ hidden_until: new Date(Date.now() - 1) }).where('user_id', '=', await userIdOf(t, key)).execute();
    expect(await itemPrerolls(key, freeItem)).toEqual([everywhere]);
  });

  it('follows the channel’s preroll time', async () => {
    const key = await registerViewer(t);
    const db = t.database.db;
    const before = (await db.selectFrom('channels').select('settings').where('id', '=', alpha().id).executeTakeFirstOrThrow()).settings;
    await db.updateTable('channels').set({ settings: JSON.stringify({ ...before, preroll_time: 60_000 }) }).where('id', '=', alpha().id).execute();
    try {
      const response = await seen(key, { preroll_id: everywhere, event_id: liveEvent });
      const left = new Date(PrerollSeenResponse.parse(response.json()).data.hidden_until).getTime() - Date.now();
      expect(left).toBeGreaterThan(50_000);
      expect(left).toBeLessThanOrEqual(60_000);
    } finally {
      await db.updateTable('channels').set({ settings: JSON.stringify(before) }).where('id', '=', alpha().id).execute();
    }
  });

  it('is a logged-in viewer’s call: a visitor keeps the hiding in the browser', async () => {
    const response = await seen(await t.keyFor('alpha'), { preroll_id: everywhere, event_id: liveEvent });
    expect(response.statusCode).toBe(401);
    expect(ApiErrorBody.parse(response.json()).field).toBe('api_key');
  });

  it('refuses a call naming no subject, both, or what is not the channel’s, naming the field', async () => {
    const key = await registerViewer(t);
    const bravoEvent = (await t.database.db.selectFrom('events').select('id').where('channel_id', '=', t.channel('bravo').id).executeTakeFirstOrThrow()).id;
    const bravoPreroll = (
      await t.database.db
        .insertInto('prerolls')
        .values({ channel_id: t.channel('bravo').id, url: '/media/prerolls/bravo.m3u8', weight: 1, location_id: null, event_category_ids: '[]', for_vod: true, for_live: true })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ preroll_id: everywhere }, 400, 'event_id'],
      [{ preroll_id: everywhere, event_id: liveEvent, vod_id: freeItem }, 400, 'event_id'],
      [{ preroll_id: 'x', event_id: liveEvent }, 400, 'preroll_id'],
      [{ preroll_id: everywhere, event_id: bravoEvent }, 404, 'event_id'],
      [{ preroll_id: everywhere, vod_id: 999_999 }, 404, 'vod_id'],
      [{ preroll_id: bravoPreroll, event_id: liveEvent }, 404, 'preroll_id'],
    ];
    for (const [body, status, field] of cases) {
      const response = await seen(key, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(ApiErrorBody.parse(response.json()).field, JSON.stringify(body)).toBe(field);
    }
  });
});

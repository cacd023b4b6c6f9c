import {
  ApiErrorBody,
  ApplyCouponResponse,
  ChannelSettingsResponse,
  EventDetailResponse,
  EventsForHomepageResponse,
  EventsResponse,
  PackageResponse,
  PackagesResponse,
  SessionResponse,
  SubscriptionResponse,
  UserAccessResponse,
  SubscriptionsResponse,
  WRONG_PROMO_CODE,
} from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentSettings } from './catalog/paymentSettings.ts';
import { loadConfig } from '../../config.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

// Commerce, the catalog half: the fixture channel alpha sells a single-event package, a basketball
// pass (3 months), a team pass (North Boys or South Girls, basketball), a soccer pass and two
// subscriptions; bravo sells its own. Paid orders are inserted directly: buying is another suite's.
let t: TestApp;
let alphaKey: string;
let bravoKey: string;
let alpha: number;
const ids: Record<string, number> = {};
/** The events (and bravo's package) the tests ask about. */
const ev = { paidBasketball: 0, paidSoccer: 0, ppv: 0, free: 0, bravoPackage: 0 };
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  [alphaKey, bravoKey] = await Promise.all([t.keyFor('alpha'), t.keyFor('bravo')]);
  alpha = t.channel('alpha').id;
  const { db } = t.database;
  for (const row of await db.selectFrom('packages').select(['id', 'name']).where('channel_id', '=', alpha).execute()) ids[row.name] = row.id;
  for (const row of await db.selectFrom('subscriptions').select(['id', 'name']).where('channel_id', '=', alpha).execute()) ids[row.name] = row.id;
  for (const row of await db.selectFrom('participants').select(['id', 'alias']).where('channel_id', '=', alpha).execute()) ids[row.alias!] = row.id;
  for (const row of await db.selectFrom('event_categories').select(['id', 'alias']).where('channel_id', '=', alpha).execute()) ids[`category:${row.alias}`] = row.id;
  ev.ppv = (await db.selectFrom('events').select('id').where('channel_id', '=', alpha).where('access_type', '=', 'ppv').executeTakeFirstOrThrow()).id;
  ev.free = (await db.selectFrom('events').select('id').where('channel_id', '=', alpha).where('access_type', '=', 'free').executeTakeFirstOrThrow()).id;
  ev.bravoPackage = (await db.selectFrom('packages').select('id').where('channel_id', '=', t.channel('bravo').id).where('scope', '=', 'category').executeTakeFirstOrThrow()).id;

  // Paid, live events: one in Boys Varsity (a sub-category of basketball) between North Boys and
  // South Girls, one in soccer with no teams.
  const now = Math.floor(Date.now() / 1000);
  const addEvent = async (name: string, category: string, teams: string[]) => {
    const row = await db
      .insertInto('events')
      .values({
        channel_id: alpha,
        name,
        type: 'paid',
        access_type: 'paid',
        event_utc_ts: now - 600,
        end_utc_ts: now + 3600,
        time_zone: 'America/New_York',
        stream_status: 'live',
        event_category_id: ids[`category:${category}`]!,
        location_id: null,
        base_price: 7.99,
        service_fee: 1,
        image: null,
        homepage: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [index, team] of teams.entries()) {
      await db.insertInto('event_participants').values({ channel_id: alpha, event_id: row.id, participant_id: ids[team]!, side: index === 0 ? 'home' : 'away' }).execute();
    }
    return row.id;
  };
  ev.paidBasketball = await addEvent('Paid basketball', 'boys-varsity', ['north-boys', 'south-girls']);
  ev.paidSoccer = await addEvent('Paid soccer', 'soccer', []);
});
afterAll(async () => t.close());

async function newUser(): Promise<{ key: string; userId: number }> {
  const password = 'season-ticket-77';
  const email = `buyer-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v2/auth/register',
    payload: { api_key: await t.keyFor('alpha'), email, password, password_confirmation: password, first_name: 'Pat', last_name: 'Buyer', terms: true },
  });
  const key = SessionResponse.parse(response.json()).data.api_key;
  const row = await t.database.db.selectFrom('users').select('id').where('channel_id', '=', alpha).where('email', '=', email).executeTakeFirstOrThrow();
  return { key, userId: row.id };
}

type OrderFields = { type: 'event' | 'package' | 'subscription'; product_id: number } & Partial<{
  status: string;
  activity_status: string;
  participant_id: number | null;
  expires_at: Date | null;
  sub_status: string | null;
  current_period_end: Date | null;
}>;

/** A paid, active order unless told otherwise (what fulfilment leaves behind). */
async function addOrder(userId: number, order: OrderFields): Promise<void> {
  await t.database.db
    .insertInto('orders')
    .values({
      channel_id: alpha,
      user_id: userId,
      type: order.type,
      status: order.status ?? 'paid',
      activity_status: order.activity_status ?? 'active',
      product_id: order.product_id,
      product_name: 'Test product',
      participant_id: order.participant_id ?? null,
      event_category_id: null,
      amount: 10,
      currency: 'USD',
      coupon_code: null,
      idempotency_key: `test-${Math.random().toString(36).slice(2)}`,
      request_fingerprint: 'test',
      provider: 'sandbox',
      provider_ref: null,
      next_action_url: null,
      failure_reason: null,
      paid_at: new Date(),
      expires_at: order.expires_at ?? null,
      sub_status: order.sub_status ?? null,
      auto_renew: order.type === 'subscription' ? true : null,
      trial_ends_at: null,
      current_period_end: order.current_period_end ?? null,
    })
    .execute();
}

const get = (url: string, key: string) => t.app.inject({ url: `${url}${url.includes('?') ? '&' : '?'}api_key=${key}` });
const packagesOf = async (key: string, query = '') => PackagesResponse.parse((await get(`/api/packages${query}`, key)).json()).data;
const detailOf = async (eventId: number, key: string) => EventDetailResponse.parse((await get(`/api/events/${eventId}`, key)).json()).data;
const listedAccess = async (eventId: number, key: string) =>
  EventsResponse.parse((await get('/api/events?stream_status=live&limit=100', key)).json()).data.find((e) => e.id === eventId)?.has_access;

describe('packages', () => {
  it('lists the channel’s packages by weight with their prices, teams and no purchase for a visitor', async () => {
    const packages = await packagesOf(alphaKey);
    expect(packages.map((p) => p.name)).toEqual(['Single event', 'Alpha Basketball Pass', 'Alpha Team Pass', 'Alpha Soccer Pass']);
    const pass = packages[1]!;
    expect(pass).toMatchObject({ scope: 'category', base_price: 30, service_fee: 2, price: 32, offer: 'month', period: 3, is_team_pass: false, purchased: false });
    expect(pass.event_categories).toEqual([ids['category:basketball']]);
    expect(packages[2]?.participants).toEqual([
      { id: ids['north-boys'], name: 'Alpha North Boys' },
      { id: ids['south-girls'], name: 'Alpha South Girls' },
    ]);
    // The single-event package is priced by the event it buys.
    expect(packages[0]).toMatchObject({ scope: 'single', price: 0, offer: null, period: null });
    expect(packages.every((p) => !p.purchased)).toBe(true);
  });

  it('answers one package, and another channel’s as not found', async () => {
    const one = PackageResponse.parse((await get(`/api/packages/${ids['Alpha Soccer Pass']}`, alphaKey)).json()).data;
    expect(one).toMatchObject({ name: 'Alpha Soccer Pass', price: 10.5 });
    const foreign = await get(`/api/packages/${ev.bravoPackage}`, alphaKey);
    expect(foreign.statusCode).toBe(404);
    expect(ApiErrorBody.parse(foreign.json())).toMatchObject({ message: 'Package not found.', field: 'id' });
    expect((await packagesOf(bravoKey)).map((p) => p.name)).toEqual(['Single event', 'Bravo Basketball Pass']);
  });

  it('for an event, lists only what would give access to it', async () => {
    const forBasketball = await packagesOf(alphaKey, `?event_id=${ev.paidBasketball}`);
    // Boys Varsity is under basketball; the soccer pass does not cover it.
    expect(forBasketball.map((p) => p.name)).toEqual(['Single event', 'Alpha Basketball Pass', 'Alpha Team Pass']);
    const forSoccer = await packagesOf(alphaKey, `?event_id=${ev.paidSoccer}`);
    // No team of the pass plays in it: the team pass does not cover it.
    expect(forSoccer.map((p) => p.name)).toEqual(['Single event', 'Alpha Soccer Pass']);
    // spec §6: a ppv event is bought only by itself.
    expect((await packagesOf(alphaKey, `?event_id=${ev.ppv}`)).map((p) => p.scope)).toEqual(['single']);
    expect(await packagesOf(alphaKey, `?event_id=${ev.free}`)).toEqual([]);
    const unknown = await get('/api/packages?event_id=999999', alphaKey);
    expect(unknown.statusCode).toBe(404);
    expect(ApiErrorBody.parse(unknown.json()).field).toBe('event_id');
  });

  it('narrows a team pass to the event’s teams', async () => {
    const { db } = t.database;
    const event = await db
      .insertInto('events')
      .values({ channel_id: alpha, name: 'Boys only', type: 'paid', access_type: 'paid', event_utc_ts: 1, end_utc_ts: 2, time_zone: 'UTC', stream_status: 'finished', event_category_id: ids['category:boys-varsity']!, location_id: null, base_price: 5, service_fee: 0, image: null, homepage: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('event_participants').values({ channel_id: alpha, event_id: event.id, participant_id: ids['north-boys']!, side: 'home' }).execute();
    const teamPass = (await packagesOf(alphaKey, `?event_id=${event.id}`)).find((p) => p.is_team_pass);
    expect(teamPass?.participants.map((p) => p.id)).toEqual([ids['north-boys']]);
  });
});

describe('subscriptions', () => {
  it('lists the channel’s subscriptions with trial days, and one by id', async () => {
    const list = SubscriptionsResponse.parse((await get('/api/subscriptions', alphaKey)).json()).data;
    expect(list.map((s) => [s.name, s.offer, s.trial_period, s.price])).toEqual([
      ['Alpha Monthly', 'monthly', 7, 10.5],
      ['Alpha Annual', 'annual', 0, 100],
    ]);
    const one = SubscriptionResponse.parse((await get(`/api/subscriptions/${ids['Alpha Annual']}`, alphaKey)).json()).data;
    expect(one).toMatchObject({ name: 'Alpha Annual', purchased: false });
    expect((await get(`/api/subscriptions/${ids['Alpha Annual']}`, bravoKey)).statusCode).toBe(404);
  });
});

describe('apply_coupon', () => {
  const quote = (query: string, key = alphaKey) => get(`/api/apply_coupon?${query}`, key);

  it('discounts the base price by a percentage, whatever the code’s case; the fee stays', async () => {
    const response = await quote(`code=alpha10&type=package&id=${ids['Alpha Basketball Pass']}`);
    expect(response.statusCode).toBe(200);
    expect(ApplyCouponResponse.parse(response.json()).data).toEqual({ code: 'ALPHA10', original_price: 32, price: 29, discount: 3 });
    const event = ApplyCouponResponse.parse((await quote(`code=ALPHA10&type=event&id=${ev.paidBasketball}`)).json()).data;
    // 10 % of 7.99 is 0.799, rounded to the cent.
    expect(event).toEqual({ code: 'ALPHA10', original_price: 8.99, price: 8.19, discount: 0.8 });
  });

  it('never takes an amount off below zero', async () => {
    const data = ApplyCouponResponse.parse((await quote(`code=PACKAGE50&type=package&id=${ids['Alpha Basketball Pass']}`)).json()).data;
    expect(data).toEqual({ code: 'PACKAGE50', original_price: 32, price: 2, discount: 30 });
  });

  it.each([
    ['an unknown code', 'NOPE'],
    ['an expired code', 'EXPIRED10'],
    ['another channel’s code', 'BRAVO10'],
  ])('refuses %s with "Wrong promo code" on the code field', async (_what, code) => {
    const response = await quote(`code=${code}&type=subscription&id=${ids['Alpha Monthly']}`);
    expect(response.statusCode).toBe(400);
    expect(ApiErrorBody.parse(response.json())).toMatchObject({ message: WRONG_PROMO_CODE, field: 'code' });
  });

  it('refuses a code for another kind of purchase, and one used up', async () => {
    const kind = await quote(`code=PACKAGE50&type=subscription&id=${ids['Alpha Monthly']}`);
    expect(ApiErrorBody.parse(kind.json())).toMatchObject({ message: WRONG_PROMO_CODE, field: 'code' });
    expect((await quote(`code=ONCE&type=subscription&id=${ids['Alpha Monthly']}`)).statusCode).toBe(200);
    await t.database.db.updateTable('coupons').set({ redemptions: 1 }).where('channel_id', '=', alpha).where('code', '=', 'ONCE').execute();
    expect((await quote(`code=ONCE&type=subscription&id=${ids['Alpha Monthly']}`)).statusCode).toBe(400);
  });

  it('answers 404 for something not for sale', async () => {
    const response = await quote(`code=ALPHA10&type=package&id=${ids['Single event']}`);
    expect(response.statusCode).toBe(404);
    expect(ApiErrorBody.parse(response.json()).field).toBe('id');
    expect((await quote(`code=ALPHA10&type=event&id=${ev.free}`)).statusCode).toBe(404);
  });
});

describe('settings.payments', () => {
  it('names the sandbox by default, with no public key', async () => {
    const settings = ChannelSettingsResponse.parse((await get('/api/settings', alphaKey)).json()).data;
    expect(settings.payments).toEqual({ provider: 'sandbox', publishable_key: null });
  });

  it('names stripe and its publishable key when configured, and refuses an unknown provider', () => {
    expect(paymentSettings({ defaultProvider: 'stripe', publishableKey: 'pk_test_123' })).toEqual({ provider: 'stripe', publishable_key: 'pk_test_123' });
    expect(paymentSettings({ defaultProvider: 'sandbox', publishableKey: 'pk_test_123' })).toEqual({ provider: 'sandbox', publishable_key: null });
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
  });
});

describe('access from purchases', () => {
  it('a user without purchases may not watch a paid event', async () => {
    const { key } = await newUser();
    const detail = await detailOf(ev.paidBasketball, key);
    expect(detail.access).toMatchObject({ allowed: false });
    expect(detail.stream).toBeNull();
    expect(await listedAccess(ev.paidBasketball, key)).toBe(false);
  });

  it('a bought event opens it in the detail, the listing and the homepage, for that user only', async () => {
    const other = await newUser();
    const buyer = await newUser();
    // The users' listing is cached before the purchase: the purchase still shows.
    expect(await listedAccess(ev.paidBasketball, buyer.key)).toBe(false);
    await addOrder(buyer.userId, { type: 'event', product_id: ev.paidBasketball });
    const detail = await detailOf(ev.paidBasketball, buyer.key);
    expect(detail.access).toEqual({ allowed: true, geo_blocked: false, options: [] });
    expect(detail.has_access).toBe(true);
    expect(detail.stream?.url).toMatch(/index\.m3u8$/);
    expect(await listedAccess(ev.paidBasketball, buyer.key)).toBe(true);
    const homepage = EventsForHomepageResponse.parse((await get('/api/events-for-homepage', buyer.key)).json()).data;
    expect(homepage.find((e) => e.id === ev.paidBasketball)?.has_access).toBe(true);
    expect(await listedAccess(ev.paidBasketball, other.key)).toBe(false);
    expect((await detailOf(ev.paidBasketball, other.key)).access.allowed).toBe(false);
    expect(await listedAccess(ev.paidSoccer, buyer.key)).toBe(false);
  });

  it('a ppv event opens only with its own order', async () => {
    const { key, userId } = await newUser();
    await addOrder(userId, { type: 'subscription', product_id: ids['Alpha Monthly']!, sub_status: 'active', current_period_end: new Date(Date.now() + 30 * DAY_MS) });
    await addOrder(userId, { type: 'package', product_id: ids['Alpha Basketball Pass']!, expires_at: new Date(Date.now() + DAY_MS) });
    expect((await detailOf(ev.ppv, key)).access.allowed).toBe(false);
    await addOrder(userId, { type: 'event', product_id: ev.ppv });
    expect((await detailOf(ev.ppv, key)).access.allowed).toBe(true);
  });

  it('a category package opens the paid events of its categories and their sub-categories until it expires', async () => {
    const live = await newUser();
    await addOrder(live.userId, { type: 'package', product_id: ids['Alpha Basketball Pass']!, expires_at: new Date(Date.now() + 30 * DAY_MS) });
    expect((await detailOf(ev.paidBasketball, live.key)).access.allowed).toBe(true);
    expect(await listedAccess(ev.paidBasketball, live.key)).toBe(true);
    expect((await detailOf(ev.paidSoccer, live.key)).access.allowed).toBe(false);

    const expired = await newUser();
    await addOrder(expired.userId, { type: 'package', product_id: ids['Alpha Basketball Pass']!, expires_at: new Date(Date.now() - DAY_MS) });
    expect((await detailOf(ev.paidBasketball, expired.key)).access.allowed).toBe(false);
  });

  it('a team pass opens the events its team plays in the package’s categories', async () => {
    const fan = await newUser();
    await addOrder(fan.userId, { type: 'package', product_id: ids['Alpha Team Pass']!, participant_id: ids['south-girls']!, expires_at: new Date(Date.now() + 30 * DAY_MS) });
    expect((await detailOf(ev.paidBasketball, fan.key)).access.allowed).toBe(true);
    expect(await listedAccess(ev.paidBasketball, fan.key)).toBe(true);

    // A team that does not play this game gives nothing.
    const other = await newUser();
    await addOrder(other.userId, { type: 'package', product_id: ids['Alpha Team Pass']!, participant_id: ids['north-boys-jv']!, expires_at: new Date(Date.now() + 30 * DAY_MS) });
    expect((await detailOf(ev.paidBasketball, other.key)).access.allowed).toBe(false);
  });

  it('GET /user/access tells what the purchases open, as the events apply it', async () => {
    const fan = await newUser();
    const empty = UserAccessResponse.parse((await get('/api/user/access', fan.key)).json()).data;
    expect(empty).toEqual({ event_ids: [], package_ids: [], subscription_ids: [], event_category_ids: [], team_passes: [], all_paid_events: false });
    await addOrder(fan.userId, { type: 'event', product_id: ev.paidSoccer });
    await addOrder(fan.userId, { type: 'package', product_id: ids['Alpha Team Pass']!, participant_id: ids['south-girls']!, expires_at: new Date(Date.now() + 30 * DAY_MS) });
    await addOrder(fan.userId, { type: 'subscription', product_id: ids['Alpha Monthly']!, sub_status: 'active', current_period_end: new Date(Date.now() + 30 * DAY_MS) });
    const access = UserAccessResponse.parse((await get('/api/user/access', fan.key)).json()).data;
    expect(access).toMatchObject({ event_ids: [ev.paidSoccer], package_ids: [ids['Alpha Team Pass']], subscription_ids: [ids['Alpha Monthly']], all_paid_events: true });
    expect(access.team_passes.map((pass) => pass.participant_id)).toEqual([ids['south-girls']]);
  });

  it('a subscription opens every paid event while active, and once cancelled until its period ends', async () => {
    const active = await newUser();
    await addOrder(active.userId, { type: 'subscription', product_id: ids['Alpha Monthly']!, sub_status: 'active', current_period_end: new Date(Date.now() + 30 * DAY_MS) });
    expect((await detailOf(ev.paidSoccer, active.key)).access.allowed).toBe(true);
    expect(await listedAccess(ev.paidBasketball, active.key)).toBe(true);

    const cancelled = await newUser();
    await addOrder(cancelled.userId, { type: 'subscription', product_id: ids['Alpha Monthly']!, sub_status: 'canceled', current_period_end: new Date(Date.now() + DAY_MS) });
    expect((await detailOf(ev.paidSoccer, cancelled.key)).access.allowed).toBe(true);

    const over = await newUser();
    await addOrder(over.userId, { type: 'subscription', product_id: ids['Alpha Monthly']!, sub_status: 'canceled', current_period_end: new Date(Date.now() - 1000) });
    expect((await detailOf(ev.paidSoccer, over.key)).access.allowed).toBe(false);

    const expired = await newUser();
    await addOrder(expired.userId, { type: 'subscription', product_id: ids['Alpha Monthly']!, sub_status: 'expired', activity_status: 'inactive' });
    expect((await detailOf(ev.paidSoccer, expired.key)).access.allowed).toBe(false);
  });

  it('orders that are not paid give nothing', async () => {
    const { key, userId } = await newUser();
    await addOrder(userId, { type: 'event', product_id: ev.paidBasketball, status: 'failed', activity_status: 'inactive' });
    await addOrder(userId, { type: 'event', product_id: ev.paidBasketball, status: 'created', activity_status: 'inactive' });
    expect((await detailOf(ev.paidBasketball, key)).access.allowed).toBe(false);
    expect(await listedAccess(ev.paidBasketball, key)).toBe(false);
  });
});

describe('purchased flags (spec §4)', () => {
  it('mark a subscription with an active order, and packages whose categories or teams are all covered', async () => {
    const { key, userId } = await newUser();
    await addOrder(userId, { type: 'subscription', product_id: ids['Alpha Annual']!, sub_status: 'active', current_period_end: new Date(Date.now() + 365 * DAY_MS) });
    await addOrder(userId, { type: 'package', product_id: ids['Alpha Soccer Pass']!, expires_at: new Date(Date.now() + DAY_MS) });
    const subscriptions = SubscriptionsResponse.parse((await get('/api/subscriptions', key)).json()).data;
    expect(subscriptions.map((s) => [s.name, s.purchased])).toEqual([
      ['Alpha Monthly', false],
      ['Alpha Annual', true],
    ]);
    const packages = await packagesOf(key);
    expect(packages.filter((p) => p.purchased).map((p) => p.name)).toEqual(['Alpha Soccer Pass']);

    // Both teams of the team pass bought: the team pass is purchased, the category pass is not.
    for (const team of ['north-boys', 'south-girls']) {
      await addOrder(userId, { type: 'package', product_id: ids['Alpha Team Pass']!, participant_id: ids[team]!, expires_at: new Date(Date.now() + DAY_MS) });
    }
    expect((await packagesOf(key)).filter((p) => p.purchased).map((p) => p.name)).toEqual(['Alpha Team Pass', 'Alpha Soccer Pass']);
    expect(PackageResponse.parse((await get(`/api/packages/${ids['Alpha Team Pass']}`, key)).json()).data.purchased).toBe(true);

    // The basketball pass covers the team pass's category too.
    await addOrder(userId, { type: 'package', product_id: ids['Alpha Basketball Pass']!, expires_at: new Date(Date.now() + DAY_MS) });
    expect((await packagesOf(key)).filter((p) => p.purchased).map((p) => p.name)).toEqual(['Alpha Basketball Pass', 'Alpha Team Pass', 'Alpha Soccer Pass']);
  });

  it('mark the single-event package for an event already bought', async () => {
    const { key, userId } = await newUser();
    expect((await packagesOf(key, `?event_id=${ev.ppv}`))[0]?.purchased).toBe(false);
    await addOrder(userId, { type: 'event', product_id: ev.ppv });
    expect((await packagesOf(key, `?event_id=${ev.ppv}`))[0]?.purchased).toBe(true);
  });
});

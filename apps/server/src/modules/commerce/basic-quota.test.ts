import { randomUUID } from 'node:crypto';
import { BuyResponse, EventDetailResponse, PackagesResponse, PickedEventResponse, SubscriptionsResponse } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { registerViewer, sandboxCard, settledOrder } from '../../../test/support/commerce.ts';
import { passCapabilities } from './entitlements.ts';

// spec §2 "The basic pass is free and upgradable"; spec §6 "Package access may be limited by a quota".
let t: TestApp;
let alpha: number;
beforeAll(async () => {
  t = await buildTestApp();
  alpha = t.channel('alpha').id;
});
afterAll(async () => t.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const buy = (key: string, body: object) => post('/api/sandbox/buy', { api_key: key, idempotency_key: randomUUID(), type: 'package', ...body });

async function category(alias: string): Promise<number> {
  return (await t.database.db.selectFrom('event_categories').select('id').where('channel_id', '=', alpha).where('alias', '=', alias).executeTakeFirstOrThrow()).id;
}

async function newPackage(values: { name: string; categories: number[]; price?: number; basic?: boolean; quota?: number | null; capabilities?: string[] }): Promise<number> {
  const row = await t.database.db
    .insertInto('packages')
    .values({
      channel_id: alpha,
      name: values.name,
      description: null,
      scope: 'category',
      event_category_ids: JSON.stringify(values.categories),
      base_price: values.price ?? 0,
      service_fee: 0,
      offer: 'month',
      period: 1,
      is_basic: values.basic ?? false,
      quota: values.quota ?? null,
      capabilities: JSON.stringify(values.capabilities ?? []),
      origin: 'console',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A paid event of the category, made for the test. */
async function paidEvent(categoryId: number, accessType: 'paid' | 'ppv' = 'paid'): Promise<number> {
  const now = Math.floor(Date.now() / 1000);
  const row = await t.database.db
    .insertInto('events')
    .values({
      channel_id: alpha,
      name: `Game ${randomUUID().slice(0, 6)}`,
      type: 'paid',
      access_type: accessType,
      event_utc_ts: now + 3600,
      end_utc_ts: now + 7200,
      time_zone: 'UTC',
      stream_status: 'upcoming',
      event_category_id: categoryId,
      location_id: null,
      base_price: 5,
      service_fee: 0,
      image: null,
      homepage: false,
      origin: 'console',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function packagesOf(key: string) {
  const response = await t.app.inject({ url: `/api/packages?api_key=${key}` });
  expect(response.statusCode, response.body).toBe(200);
  return PackagesResponse.parse(response.json()).data;
}

async function hasAccess(key: string, eventId: number): Promise<boolean> {
  const response = await t.app.inject({ url: `/api/events/${eventId}?api_key=${key}` });
  expect(response.statusCode, response.body).toBe(200);
  return EventDetailResponse.parse(response.json()).data.has_access;
}

async function paidPass(key: string, packageId: number): Promise<number> {
  const response = await buy(key, { package_id: packageId, payment_method: await sandboxCard(t, key) });
  expect(response.statusCode, response.body).toBe(200);
  const order = await settledOrder(t, key, BuyResponse.parse(response.json()).data.order.id);
  expect(order.status).toBe('paid');
  return order.id;
}

describe('the basic pass', () => {
  let basicId: number;
  let premiumId: number;
  let addOnId: number;
  beforeAll(async () => {
    basicId = await newPackage({ name: 'Alpha Basic', categories: [await category('soccer')], basic: true });
    premiumId = await newPackage({ name: 'Alpha Premium', categories: [await category('basketball')], price: 20 });
    addOnId = await newPackage({ name: 'Alpha Ad-Free', categories: [], price: 2, capabilities: ['no_ads'] });
  });

  it('is in the offers’ answer as free and basic, with what every offer grants', async () => {
    const key = await registerViewer(t);
    const list = await packagesOf(key);
    expect(list.find((p) => p.id === basicId)).toMatchObject({ basic: true, price: 0, purchased: false, quota: null, quota_left: null });
    expect(list.find((p) => p.id === premiumId)).toMatchObject({ basic: false });
    expect(list.find((p) => p.id === addOnId)).toMatchObject({ capabilities: ['no_ads'], purchased: false });
    const subscriptions = SubscriptionsResponse.parse((await t.app.inject({ url: `/api/subscriptions?api_key=${key}` })).json()).data;
    expect(subscriptions.every((s) => Array.isArray(s.capabilities))).toBe(true);
  });

  it('is taken by a registered viewer in one call, without a card; a visitor is asked to log in', async () => {
    const visitor = await post('/api/sandbox/buy', { api_key: await t.keyFor('alpha'), idempotency_key: randomUUID(), type: 'package', package_id: basicId });
    expect(visitor.statusCode).toBe(401);

    const key = await registerViewer(t);
    const taken = await buy(key, { package_id: basicId });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(BuyResponse.parse(taken.json()).data.order).toMatchObject({ status: 'paid', amount: 0 });
    expect((await packagesOf(key)).find((p) => p.id === basicId)?.purchased).toBe(true);
  });

  it('is replaced by a premium pass bought, and cannot be taken again beside it; an add-on replaces nothing', async () => {
    const key = await registerViewer(t);
    const basicOrder = BuyResponse.parse((await buy(key, { package_id: basicId })).json()).data.order.id;

    await paidPass(key, addOnId);
    expect((await packagesOf(key)).find((p) => p.id === basicId)?.purchased).toBe(true);

    const premiumOrder = await paidPass(key, premiumId);
    const basic = await t.database.db.selectFrom('orders').select(['activity_status', 'replaced_by']).where('id', '=', basicOrder).executeTakeFirstOrThrow();
    expect(basic).toEqual({ activity_status: 'inactive', replaced_by: premiumOrder });
    const list = await packagesOf(key);
    expect(list.find((p) => p.id === basicId)?.purchased).toBe(false);
    expect(list.find((p) => p.id === premiumId)?.purchased).toBe(true);

    const again = await buy(key, { package_id: basicId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ field: 'package_id' });
  });
});

describe('a quota pass', () => {
  let basketball: number;
  let passId: number;
  beforeAll(async () => {
    basketball = await category('basketball');
    passId = await newPackage({ name: 'Alpha 2-Game Pass', categories: [basketball], price: 9, quota: 2 });
  });

  const pick = (key: string, eventId: number, packageId = passId) => post(`/api/packages/${packageId}/picks`, { api_key: key, event_id: eventId });

  it('opens no game by itself: the viewer picks games of its scope, sees how many are left, and a picked game stays theirs', async () => {
    const key = await registerViewer(t);
    const [first, second, third] = [await paidEvent(basketball), await paidEvent(basketball), await paidEvent(basketball)];
    const orderId = await paidPass(key, passId);
    expect((await packagesOf(key)).find((p) => p.id === passId)).toMatchObject({ purchased: true, quota: 2, quota_left: 2 });
    expect(await hasAccess(key, first)).toBe(false);

    const picked = await pick(key, first);
    expect(picked.statusCode, picked.body).toBe(200);
    expect(PickedEventResponse.parse(picked.json()).data).toEqual({ package_id: passId, event_id: first, quota_left: 1 });
    expect(await hasAccess(key, first)).toBe(true);
    expect(await hasAccess(key, second)).toBe(false);
    // The same game again spends nothing.
    expect(PickedEventResponse.parse((await pick(key, first)).json()).data.quota_left).toBe(1);

    expect(PickedEventResponse.parse((await pick(key, second)).json()).data.quota_left).toBe(0);
    const third_ = await pick(key, third);
    expect(third_.statusCode).toBe(409);
    expect(third_.json()).toMatchObject({ field: 'id', code: 'quota_used_up' });
    expect(await hasAccess(key, third)).toBe(false);

    // The pass runs out: its picked games stay the viewer's.
    await t.database.db.updateTable('orders').set({ expires_at: new Date(Date.now() - 1000), activity_status: 'inactive' }).where('id', '=', orderId).execute();
    expect(await hasAccess(key, first)).toBe(true);
    expect(await hasAccess(key, second)).toBe(true);
  });

  it('never picks more than its quota, however many picks arrive at once', async () => {
    const key = await registerViewer(t);
    const events = await Promise.all(Array.from({ length: 6 }, () => paidEvent(basketball)));
    await paidPass(key, passId);
    const answers = await Promise.all(events.map((eventId) => pick(key, eventId)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(4);
    const user = (await t.database.db.selectFrom('orders').select('user_id').where('product_id', '=', passId).where('type', '=', 'package').orderBy('id', 'desc').executeTakeFirstOrThrow()).user_id;
    const picks = await t.database.db.selectFrom('package_picks').select('event_id').where('user_id', '=', user).execute();
    expect(picks).toHaveLength(2);
    let open = 0;
    for (const eventId of events) if (await hasAccess(key, eventId)) open++;
    expect(open).toBe(2);
  });

  it('picks the same game once when both picks arrive together', async () => {
    const key = await registerViewer(t);
    const [game, other] = [await paidEvent(basketball), await paidEvent(basketball)];
    await paidPass(key, passId);
    const answers = await Promise.all([pick(key, game), pick(key, game), pick(key, game)]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(PickedEventResponse.parse((await pick(key, other)).json()).data.quota_left).toBe(0);
    // The pass is full now: the same game picked at once by two more requests is still theirs, not "used up".
    const last = await paidEvent(basketball);
    const again = await Promise.all([pick(key, other), pick(key, other)]);
    for (const answer of again) expect(answer.statusCode, answer.body).toBe(200);
    expect((await pick(key, last)).json()).toMatchObject({ code: 'quota_used_up' });
  });

  it('refuses what is outside the pass, not held, not a quota pass, or watchable already, naming the field', async () => {
    const key = await registerViewer(t);
    const soccerGame = await paidEvent(await category('soccer'));
    const ppvGame = await paidEvent(basketball, 'ppv');
    const game = await paidEvent(basketball);
    const notHeld = await pick(key, game);
    expect(notHeld.statusCode).toBe(403);
    expect(notHeld.json()).toMatchObject({ field: 'id', code: 'pass_not_held' });
    expect((await post(`/api/packages/${passId}/picks`, { api_key: await t.keyFor('alpha'), event_id: game })).statusCode).toBe(401);

    await paidPass(key, passId);
    expect((await pick(key, soccerGame)).json()).toMatchObject({ field: 'event_id', code: 'event_not_in_pass' });
    expect((await pick(key, ppvGame)).json()).toMatchObject({ field: 'event_id', code: 'event_not_in_pass' });
    expect((await pick(key, 2_000_000_000)).json()).toMatchObject({ field: 'event_id', code: 'event_not_found' });
    const plain = await newPackage({ name: 'Alpha Plain', categories: [basketball], price: 3 });
    expect((await pick(key, game, plain)).json()).toMatchObject({ field: 'id', code: 'package_has_no_quota' });
    const bad = await post(`/api/packages/${passId}/picks`, { api_key: key, event_id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'event_id' });

    const bought = await post('/api/sandbox/buy', { api_key: key, idempotency_key: randomUUID(), type: 'event', event_id: game, single_event_package_id: await singlePackage(), payment_method: await sandboxCard(t, key) });
    expect(bought.statusCode, bought.body).toBe(200);
    await settledOrder(t, key, BuyResponse.parse(bought.json()).data.order.id);
    expect((await pick(key, game)).json()).toMatchObject({ field: 'event_id', code: 'event_already_watchable' });
    expect((await packagesOf(key)).find((p) => p.id === passId)?.quota_left).toBe(2);
  });
});

async function singlePackage(): Promise<number> {
  const existing = await t.database.db.selectFrom('packages').select('id').where('channel_id', '=', alpha).where('scope', '=', 'single').where('retired_at', 'is', null).executeTakeFirstOrThrow();
  return existing.id;
}

describe('what passes grant', () => {
  it('gives a running pass’s capabilities to its holder, and no more once it ended', async () => {
    const key = await registerViewer(t);
    const adFree = await newPackage({ name: 'Alpha No Ads', categories: [], price: 1, capabilities: ['no_ads', 'vod_media'] });
    const orderId = await paidPass(key, adFree);
    const { user_id: userId } = await t.database.db.selectFrom('orders').select('user_id').where('id', '=', orderId).executeTakeFirstOrThrow();
    expect([...(await passCapabilities(t.database.db, alpha, userId))].sort()).toEqual(['no_ads', 'vod_media']);
    expect((await packagesOf(key)).find((p) => p.id === adFree)?.purchased).toBe(true);
    await t.database.db.updateTable('orders').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', orderId).execute();
    expect(await passCapabilities(t.database.db, alpha, userId)).toEqual(new Set());
  });
});

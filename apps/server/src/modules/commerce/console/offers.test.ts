import { randomUUID } from 'node:crypto';
import {
  ApiErrorBody,
  AuditResponse,
  BuyResponse,
  CONSOLE_CODES,
  ConsoleOffersResponse,
  ConsolePackageResponse,
  ConsolePromoCodeResponse,
  ConsolePromoCodesResponse,
  ConsoleSubscriptionResponse,
  EventDetailResponse,
  PackagesResponse,
  SubscriptionsResponse,
  WRONG_PROMO_CODE,
} from '@grandstand/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { fetchOrder, registerViewer, sandboxCard, settledOrder } from '../../../../test/support/commerce.ts';
import { seedChannel } from '../../channels/seed.ts';
import { consoleCall, makeOperator, signIn } from '../../operators/testing.ts';
import { runRenewals } from '../orders/index.ts';

// The owner's offers and promo codes in the control room, and what checkout and renewals make of them.
let t: TestApp;
let alpha: number;
let bravo: number;
const session: Record<'owner' | 'producer' | 'support' | 'analyst' | 'bravoOwner', string> = { owner: '', producer: '', support: '', analyst: '', bravoOwner: '' };
/** Alpha's ppv game of North Boys and South Girls, made a paid one so passes cover it. */
let gameId: number;
let northBoys: number;
let southGirls: number;
let basketball: number;
let bravoTeam: number;
let bravoPackage: number;

beforeAll(async () => {
  t = await buildTestApp({
    rateLimit: { max: 10_000, resetPerEmailMax: 10_000, resetPerClientMax: 10_000, couponMax: 10_000 },
    commerce: { renewalIntervalMs: 0 },
  });
  alpha = t.channel('alpha').id;
  bravo = t.channel('bravo').id;
  for (const role of ['owner', 'producer', 'support', 'analyst'] as const) {
    await makeOperator(t.app, `${role}@offers-alpha.test`, [[alpha, role]]);
    session[role] = await signIn(t.app, 'alpha', `${role}@offers-alpha.test`);
  }
  await makeOperator(t.app, 'owner@offers-bravo.test', [[bravo, 'owner']]);
  session.bravoOwner = await signIn(t.app, 'bravo', 'owner@offers-bravo.test');
  const db = t.database.db;
  const game = await db
    .updateTable('events')
    .set({ access_type: 'paid' })
    .where('channel_id', '=', alpha)
    .where('name', '=', 'South vs North')
    .returning(['id', 'participant_ids'])
    .executeTakeFirstOrThrow();
  t.app.dataChanged.emit(alpha);
  gameId = game.id;
  const team = async (channelId: number, name: string) => (await db.selectFrom('participants').select('id').where('channel_id', '=', channelId).where('name', '=', name).executeTakeFirstOrThrow()).id;
  northBoys = await team(alpha, 'Alpha North Boys');
  southGirls = await team(alpha, 'Alpha South Girls');
  basketball = (await db.selectFrom('event_categories').select('id').where('channel_id', '=', alpha).where('name', '=', 'Alpha Basketball').executeTakeFirstOrThrow()).id;
  bravoTeam = (await db.selectFrom('participants').select('id').where('channel_id', '=', bravo).executeTakeFirstOrThrow()).id;
  bravoPackage = (await db.selectFrom('packages').select('id').where('channel_id', '=', bravo).where('scope', '=', 'category').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PATCH';
function call(method: Method, url: string, payload?: unknown, credential: string = session.owner, slug = 'alpha') {
  return consoleCall(t.app, slug, { method, url, payload, credential });
}

async function ok<T>(parser: { parse(value: unknown): T }, method: Method, url: string, payload?: unknown): Promise<T> {
  const response = await call(method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return parser.parse(response.json());
}

function refused(response: { statusCode: number; body: string; json(): unknown }, status: number, field: string, code?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = ApiErrorBody.parse(response.json());
  expect(body.field).toBe(field);
  if (code !== undefined) expect(body.code).toBe(code);
}

const teamPass = (overrides: Record<string, unknown> = {}) =>
  ok(ConsolePackageResponse, 'POST', '/offers/packages', { kind: 'team_pass', name: `Team pass ${randomUUID().slice(0, 6)}`, teamIds: [northBoys, southGirls], price: 40, serviceFee: 2, billing: 'annual', period: 1, ...overrides }).then(
    (r) => r.package,
  );
const monthly = (overrides: Record<string, unknown> = {}) =>
  ok(ConsoleSubscriptionResponse, 'POST', '/offers/subscriptions', { name: `Monthly ${randomUUID().slice(0, 6)}`, price: 12, serviceFee: 1, billing: 'monthly', ...overrides }).then((r) => r.subscription);
const promo = (overrides: Record<string, unknown> = {}) =>
  ok(ConsolePromoCodeResponse, 'POST', '/promo-codes', { code: `C${randomUUID().slice(0, 8)}`, percentOff: 20, ...overrides }).then((r) => r.promoCode);

const buy = async (key: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/sandbox/buy', payload: { api_key: key, idempotency_key: randomUUID(), payment_method: await sandboxCard(t, key), ...body } });
async function bought(key: string, body: Record<string, unknown>) {
  const response = await buy(key, body);
  expect(response.statusCode, response.body).toBe(200);
  const order = await settledOrder(t, key, BuyResponse.parse(response.json()).data.order.id);
  expect(order.status).toBe('paid');
  return order;
}
const watchable = async (key: string) => EventDetailResponse.parse((await t.app.inject({ url: `/api/events/${gameId}?api_key=${key}` })).json()).data.access.allowed;

describe('who may use the offers and promo codes (owners only)', () => {
  let packageId: number;
  let subscriptionId: number;
  let promoId: number;
  beforeAll(async () => {
    packageId = (await teamPass({ name: 'Access check pass' })).id;
    subscriptionId = (await monthly({ name: 'Access check monthly' })).id;
    promoId = (await promo({ code: 'ACCESSCHECK' })).id;
  });

  const routes = () => [
    { method: 'GET' as const, url: '/offers' },
    { method: 'POST' as const, url: '/offers/packages', payload: { kind: 'team_pass', name: 'Should not exist', teamIds: [northBoys], price: 1, billing: 'month', period: 1 } },
    { method: 'PATCH' as const, url: `/offers/packages/${packageId}`, payload: { name: 'Should not be renamed' }, id: true },
    { method: 'POST' as const, url: `/offers/packages/${packageId}/retire`, id: true },
    { method: 'POST' as const, url: `/offers/packages/${packageId}/restore`, id: true },
    { method: 'POST' as const, url: '/offers/subscriptions', payload: { name: 'Should not exist', price: 1, billing: 'monthly' } },
    { method: 'PATCH' as const, url: `/offers/subscriptions/${subscriptionId}`, payload: { name: 'Should not be renamed' }, id: true },
    { method: 'POST' as const, url: `/offers/subscriptions/${subscriptionId}/retire`, id: true },
    { method: 'POST' as const, url: `/offers/subscriptions/${subscriptionId}/restore`, id: true },
    { method: 'GET' as const, url: '/promo-codes' },
    { method: 'POST' as const, url: '/promo-codes', payload: { code: 'SHOULDNOTEXIST', percentOff: 50 } },
    { method: 'PATCH' as const, url: `/promo-codes/${promoId}`, payload: { percentOff: 100 }, id: true },
  ];

  async function unchanged() {
    const db = t.database.db;
    expect(await db.selectFrom('packages').select(['name', 'retired_at']).where('id', '=', packageId).executeTakeFirstOrThrow()).toEqual({ name: 'Access check pass', retired_at: null });
    expect(await db.selectFrom('subscriptions').select(['name', 'retired_at']).where('id', '=', subscriptionId).executeTakeFirstOrThrow()).toEqual({ name: 'Access check monthly', retired_at: null });
    expect(await db.selectFrom('coupons').select('percent_off').where('id', '=', promoId).executeTakeFirstOrThrow()).toEqual({ percent_off: 20 });
    expect(await db.selectFrom('packages').select('id').where('name', '=', 'Should not exist').execute()).toEqual([]);
    expect(await db.selectFrom('subscriptions').select('id').where('name', '=', 'Should not exist').execute()).toEqual([]);
    expect(await db.selectFrom('coupons').select('id').where('code', '=', 'SHOULDNOTEXIST').execute()).toEqual([]);
  }

  it('refuses every route without a session (401)', async () => {
    for (const route of routes()) {
      const response = await consoleCall(t.app, 'alpha', { method: route.method, url: route.url, payload: route.payload });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json()).toMatchObject({ code: CONSOLE_CODES.signedOut });
    }
    await unchanged();
  });

  for (const role of ['producer', 'support', 'analyst'] as const) {
    it(`refuses a ${role} every route (403)`, async () => {
      for (const route of routes()) {
        const response = await call(route.method, route.url, route.payload, session[role]);
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(response.json()).toMatchObject({ code: CONSOLE_CODES.forbidden });
      }
      await unchanged();
    });
  }

  it("refuses another channel's owner on this channel's host, and knows none of this channel's offers on their own", async () => {
    for (const route of routes()) {
      const response = await call(route.method, route.url, route.payload, session.bravoOwner);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
    for (const route of routes().filter((r) => r.id)) {
      const response = await call(route.method, route.url, route.payload, session.bravoOwner, 'bravo');
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
      expect(ApiErrorBody.parse(response.json()).field).toBe('id');
    }
    const listed = ConsoleOffersResponse.parse((await call('GET', '/offers', undefined, session.bravoOwner, 'bravo')).json());
    expect(listed.packages.map((p) => p.id)).not.toContain(packageId);
    const codes = ConsolePromoCodesResponse.parse((await call('GET', '/promo-codes', undefined, session.bravoOwner, 'bravo')).json());
    expect(codes.promoCodes.map((c) => c.id)).not.toContain(promoId);
    await unchanged();
  });
});

describe('packages and subscriptions', () => {
  it('creates a team pass and a subscription that viewers are offered, each change in the audit log', async () => {
    const pass = await teamPass({ name: 'North and South pass', capabilities: ['vod_media', 'vod_media', 'no_ads'] });
    expect(pass).toMatchObject({ kind: 'team_pass', teamIds: [northBoys, southGirls], price: 40, serviceFee: 2, billing: 'annual', period: 1, capabilities: ['vod_media', 'no_ads'], retiredAt: null, holders: 0 });
    const sub = await monthly({ name: 'Everything monthly', trialDays: 7, capabilities: ['download'] });
    expect(sub).toMatchObject({ billing: 'monthly', period: 1, trialDays: 7, price: 12, serviceFee: 1, capabilities: ['download'] });

    const key = await registerViewer(t);
    const packages = PackagesResponse.parse((await t.app.inject({ url: `/api/packages?api_key=${key}` })).json()).data;
    expect(packages.find((p) => p.id === pass.id)).toMatchObject({ name: 'North and South pass', is_team_pass: true, price: 42, base_price: 40, service_fee: 2, offer: 'annual' });
    const subs = SubscriptionsResponse.parse((await t.app.inject({ url: `/api/subscriptions?api_key=${key}` })).json()).data;
    expect(subs.find((s) => s.id === sub.id)).toMatchObject({ price: 13, trial_period: 7 });

    const audit = AuditResponse.parse((await call('GET', '/audit?limit=200')).json());
    const actions = audit.entries.map((e) => `${e.action} ${e.subject}`);
    expect(actions).toContain(`package.create package:${pass.id}`);
    expect(actions).toContain(`subscription.create subscription:${sub.id}`);
  });

  it('names the field at fault and refuses what is not the channel’s', async () => {
    refused(await call('POST', '/offers/packages', { kind: 'category', name: 'No category', price: 5, billing: 'month', period: 1 }), 400, 'categoryIds', 'OFFER_INVALID');
    refused(await call('POST', '/offers/packages', { kind: 'team_pass', name: 'No team', price: 5, billing: 'month', period: 1 }), 400, 'teamIds', 'OFFER_INVALID');
    refused(await call('POST', '/offers/packages', { kind: 'team_pass', name: 'Bravo team', teamIds: [bravoTeam], price: 5 }), 422, 'teamIds', 'UNKNOWN_TEAM');
    refused(await call('POST', '/offers/packages', { kind: 'category', name: 'Unknown', categoryIds: [2_000_000], price: 5 }), 422, 'categoryIds', 'UNKNOWN_CATEGORY');
    refused(await call('POST', '/offers/packages', { kind: 'single', name: 'Priced single', price: 5 }), 400, 'price', 'OFFER_INVALID');
    refused(await call('POST', '/offers/packages', { kind: 'category', name: 'Free pass', categoryIds: [basketball], billing: null }), 400, 'billing', 'OFFER_INVALID');
    refused(await call('POST', '/offers/packages', { kind: 'category', name: 'x', categoryIds: [basketball], price: -1 }), 400, 'price');
    refused(await call('POST', '/offers/packages', { kind: 'category', name: 'x', categoryIds: [basketball], capabilities: ['everything'] }), 400, 'capabilities');
    refused(await call('POST', '/offers/subscriptions', { name: 'No billing', price: 3 }), 400, 'billing');
    refused(await call('PATCH', '/offers/packages/2000000', { name: 'Missing' }), 404, 'id', 'OFFER_NOT_FOUND');
    // An edit that breaks the rules across fields is refused as a creation would be.
    const pass = await teamPass();
    refused(await call('PATCH', `/offers/packages/${pass.id}`, { teamIds: [] }), 400, 'teamIds', 'OFFER_INVALID');
    refused(await call('PATCH', `/offers/packages/${pass.id}`, { kind: 'single' }), 400, 'body');
  });

  it('makes and edits the basic pass and a quota pass, which viewers are offered as such', async () => {
    const basic = (await ok(ConsolePackageResponse, 'POST', '/offers/packages', { kind: 'category', name: 'Alpha Basic Pass', categoryIds: [basketball], basic: true })).package;
    expect(basic).toMatchObject({ basic: true, price: 0, quota: null });
    const quota = (await ok(ConsolePackageResponse, 'POST', '/offers/packages', { kind: 'category', name: 'Alpha 5-Game Pass', categoryIds: [basketball], price: 15, quota: 5 })).package;
    expect(quota).toMatchObject({ basic: false, quota: 5 });
    const edited = (await ok(ConsolePackageResponse, 'PATCH', `/offers/packages/${quota.id}`, { quota: 3 })).package;
    expect(edited.quota).toBe(3);
    const listed = (await ok(ConsoleOffersResponse, 'GET', '/offers')).packages;
    expect(listed.find((p) => p.id === basic.id)?.basic).toBe(true);
    const viewers = PackagesResponse.parse((await t.app.inject({ url: `/api/packages?api_key=${await t.keyFor('alpha')}` })).json()).data;
    expect(viewers.find((p) => p.id === basic.id)).toMatchObject({ basic: true, price: 0 });
    expect(viewers.find((p) => p.id === quota.id)).toMatchObject({ quota: 3, quota_left: null });
    // The basic pass is free; the single-event package has neither.
    refused(await call('PATCH', `/offers/packages/${basic.id}`, { price: 4 }), 400, 'price', 'OFFER_INVALID');
    refused(await call('POST', '/offers/packages', { kind: 'category', name: 'Paid basic', categoryIds: [basketball], basic: true, serviceFee: 1 }), 400, 'serviceFee', 'OFFER_INVALID');
    refused(await call('POST', '/offers/packages', { kind: 'single', name: 'Basic single', basic: true }), 400, 'basic', 'OFFER_INVALID');
    refused(await call('POST', '/offers/packages', { kind: 'single', name: 'Quota single', quota: 2 }), 400, 'quota', 'OFFER_INVALID');
    refused(await call('POST', '/offers/packages', { kind: 'category', name: 'Zero quota', categoryIds: [basketball], quota: 0 }), 400, 'quota');
    for (const id of [basic.id, quota.id]) await ok(ConsolePackageResponse, 'POST', `/offers/packages/${id}/retire`);
  });

  it("keeps the channel's last single-event package on sale", async () => {
    const singles = (await ok(ConsoleOffersResponse, 'GET', '/offers')).packages.filter((p) => p.kind === 'single' && p.retiredAt === null);
    expect(singles.length).toBeGreaterThan(0);
    for (const single of singles.slice(1)) await ok(ConsolePackageResponse, 'POST', `/offers/packages/${single.id}/retire`);
    refused(await call('POST', `/offers/packages/${singles[0]!.id}/retire`), 409, 'id', 'SINGLE_EVENT_PACKAGE_REQUIRED');
    for (const single of singles.slice(1)) await ok(ConsolePackageResponse, 'POST', `/offers/packages/${single.id}/restore`);
  });

  it('a price change leaves what a holder paid, when it renews and what the renewal charges as they were', async () => {
    const sub = await monthly({ name: 'Locked monthly', price: 10, serviceFee: 0.5 });
    const key = await registerViewer(t);
    const order = await bought(key, { type: 'subscription', subscription_id: sub.id, save_card: true });
    expect(order.amount).toBe(10.5);
    const before = await t.database.db.selectFrom('orders').select(['amount', 'current_period_end', 'locked_base_price', 'locked_service_fee']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(Number(before.locked_base_price)).toBe(10);

    const changed = await ok(ConsoleSubscriptionResponse, 'PATCH', `/offers/subscriptions/${sub.id}`, { price: 25, serviceFee: 3 });
    expect(changed.subscription).toMatchObject({ price: 25, serviceFee: 3, holders: 1 });
    // New buyers pay the new price; the holder's order is untouched.
    const subs = SubscriptionsResponse.parse((await t.app.inject({ url: `/api/subscriptions?api_key=${await registerViewer(t)}` })).json()).data;
    expect(subs.find((s) => s.id === sub.id)?.price).toBe(28);
    const after = await t.database.db.selectFrom('orders').select(['amount', 'current_period_end', 'locked_base_price', 'locked_service_fee']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect((await fetchOrder(t, key, order.id)).amount).toBe(10.5);

    // At the period's end the renewal charges the locked price.
    await t.database.db.updateTable('orders').set({ current_period_end: new Date(Date.now() - 60_000) }).where('id', '=', order.id).execute();
    await runRenewals(t.app, new Date());
    const renewal = await t.database.db.selectFrom('transactions').select('amount').where('order_id', '=', order.id).where('kind', '=', 'Subscription Renewal').executeTakeFirstOrThrow();
    expect(Number(renewal.amount)).toBe(10.5);
    // The audit row says what the price was and what it became.
    const audit = AuditResponse.parse((await call('GET', '/audit?limit=200')).json());
    const entry = audit.entries.find((e) => e.action === 'subscription.update' && e.subject === `subscription:${sub.id}`);
    expect(entry).toMatchObject({ before: { price: 10 }, after: { price: 25 } });
  });

  it('a retired pass leaves the lists and checkout; its holder keeps watching, and a retired subscription still renews at its price', async () => {
    const pass = await teamPass({ name: 'Soon retired pass' });
    const holder = await registerViewer(t);
    expect(await watchable(holder)).toBe(false);
    await bought(holder, { type: 'package', package_id: pass.id, participant_id: northBoys });
    expect(await watchable(holder)).toBe(true);

    const retired = (await ok(ConsolePackageResponse, 'POST', `/offers/packages/${pass.id}/retire`)).package;
    expect(retired.retiredAt).not.toBeNull();
    expect(retired.holders).toBe(1);
    const newcomer = await registerViewer(t);
    const listed = PackagesResponse.parse((await t.app.inject({ url: `/api/packages?api_key=${newcomer}` })).json()).data;
    expect(listed.map((p) => p.id)).not.toContain(pass.id);
    const forGame = PackagesResponse.parse((await t.app.inject({ url: `/api/packages?event_id=${gameId}&api_key=${newcomer}` })).json()).data;
    expect(forGame.map((p) => p.id)).not.toContain(pass.id);
    refused(await buy(newcomer, { type: 'package', package_id: pass.id, participant_id: northBoys }), 400, 'package_id');
    expect(await watchable(holder)).toBe(true);
    expect(await watchable(newcomer)).toBe(false);
    // Still in the console's list, and back on sale when restored.
    expect((await ok(ConsoleOffersResponse, 'GET', '/offers')).packages.find((p) => p.id === pass.id)?.retiredAt).not.toBeNull();
    await ok(ConsolePackageResponse, 'POST', `/offers/packages/${pass.id}/restore`);
    expect(PackagesResponse.parse((await t.app.inject({ url: `/api/packages?api_key=${newcomer}` })).json()).data.map((p) => p.id)).toContain(pass.id);

    const sub = await monthly({ name: 'Soon retired monthly', price: 8, serviceFee: 0 });
    const subscriber = await registerViewer(t);
    const order = await bought(subscriber, { type: 'subscription', subscription_id: sub.id, save_card: true });
    await ok(ConsoleSubscriptionResponse, 'POST', `/offers/subscriptions/${sub.id}/retire`);
    expect(SubscriptionsResponse.parse((await t.app.inject({ url: `/api/subscriptions?api_key=${newcomer}` })).json()).data.map((s) => s.id)).not.toContain(sub.id);
    refused(await buy(newcomer, { type: 'subscription', subscription_id: sub.id }), 400, 'subscription_id');
    expect(await watchable(subscriber)).toBe(true);
    await t.database.db.updateTable('orders').set({ current_period_end: new Date(Date.now() - 60_000) }).where('id', '=', order.id).execute();
    await runRenewals(t.app, new Date());
    const renewal = await t.database.db.selectFrom('transactions').select('amount').where('order_id', '=', order.id).where('kind', '=', 'Subscription Renewal').executeTakeFirstOrThrow();
    expect(Number(renewal.amount)).toBe(8);
  });
});

describe('promo codes', () => {
  const quote = (key: string, code: string, type: string, id: number) => t.app.inject({ url: `/api/apply_coupon?api_key=${key}&code=${encodeURIComponent(code)}&type=${type}&id=${id}` });

  it('a 20 % code on a team pass: the quote, the charge and the use counted', async () => {
    const pass = await teamPass({ price: 50, serviceFee: 2 });
    const code = await promo({ code: 'Team20', percentOff: 20, appliesTo: 'offers', packageIds: [pass.id] });
    expect(code).toMatchObject({ code: 'Team20', percentOff: 20, amountOff: null, appliesTo: 'offers', packageIds: [pass.id], uses: 0 });
    const key = await registerViewer(t);
    const quoted = await quote(key, 'team20', 'package', pass.id);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toMatchObject({ data: { original_price: 52, price: 42, discount: 10 } });
    const order = await bought(key, { type: 'package', package_id: pass.id, participant_id: southGirls, coupon: 'TEAM20' });
    expect(order.amount).toBe(42);
    expect(await watchable(key)).toBe(true);
    const listed = ConsolePromoCodesResponse.parse((await call('GET', '/promo-codes')).json()).promoCodes.find((c) => c.id === code.id);
    expect(listed?.uses).toBe(1);
    // Not good for another pass or a subscription.
    const other = await teamPass();
    const sub = await monthly();
    refused(await quote(key, 'TEAM20', 'package', other.id), 400, 'code');
    refused(await quote(key, 'TEAM20', 'subscription', sub.id), 400, 'code');
    refused(await buy(await registerViewer(t), { type: 'package', package_id: other.id, participant_id: southGirls, coupon: 'TEAM20' }), 400, 'coupon');
  });

  it('an amount off, on every subscription only', async () => {
    const sub = await monthly({ price: 12, serviceFee: 1 });
    await promo({ code: 'SUBS5', percentOff: null, amountOff: 5, appliesTo: 'subscription' });
    const key = await registerViewer(t);
    expect((await quote(key, 'SUBS5', 'subscription', sub.id)).json()).toMatchObject({ data: { price: 8, discount: 5 } });
    refused(await quote(key, 'SUBS5', 'package', (await teamPass()).id), 400, 'code');
  });

  it('honours its dates: not before it starts, not after it ends', async () => {
    const pass = await teamPass();
    const hour = 3_600_000;
    await promo({ code: 'LATER', validFrom: new Date(Date.now() + hour).toISOString() });
    await promo({ code: 'OVER', validFrom: new Date(Date.now() - 2 * hour).toISOString(), validUntil: new Date(Date.now() - hour).toISOString() });
    const now = await promo({ code: 'NOW', validFrom: new Date(Date.now() - hour).toISOString(), validUntil: new Date(Date.now() + hour).toISOString() });
    const key = await registerViewer(t);
    for (const code of ['LATER', 'OVER']) {
      const response = await quote(key, code, 'package', pass.id);
      refused(response, 400, 'code');
      expect(ApiErrorBody.parse(response.json()).message).toBe(WRONG_PROMO_CODE);
      refused(await buy(key, { type: 'package', package_id: pass.id, participant_id: northBoys, coupon: code }), 400, 'coupon');
    }
    expect((await quote(key, 'NOW', 'package', pass.id)).statusCode).toBe(200);
    // Ended from the console: refused from then on.
    await ok(ConsolePromoCodeResponse, 'PATCH', `/promo-codes/${now.id}`, { validUntil: new Date(Date.now() - 1000).toISOString() });
    refused(await quote(key, 'NOW', 'package', pass.id), 400, 'code');
  });

  it('honours its total limit', async () => {
    const pass = await teamPass({ price: 10, serviceFee: 0 });
    await promo({ code: 'FIRSTTWO', percentOff: 10, maxUses: 2 });
    for (let i = 0; i < 2; i++) await bought(await registerViewer(t), { type: 'package', package_id: pass.id, participant_id: northBoys, coupon: 'FIRSTTWO' });
    const late = await registerViewer(t);
    refused(await quote(late, 'FIRSTTWO', 'package', pass.id), 400, 'code');
    refused(await buy(late, { type: 'package', package_id: pass.id, participant_id: northBoys, coupon: 'FIRSTTWO' }), 400, 'coupon');
    expect((ConsolePromoCodesResponse.parse((await call('GET', '/promo-codes')).json()).promoCodes.find((c) => c.code === 'FIRSTTWO'))?.uses).toBe(2);
  });

  it('honours its per-viewer limit, counted from the viewer’s orders', async () => {
    const first = await teamPass({ price: 10, serviceFee: 0 });
    const second = await teamPass({ price: 10, serviceFee: 0 });
    await promo({ code: 'ONCEEACH', percentOff: 10, perViewer: 1 });
    const key = await registerViewer(t);
    await bought(key, { type: 'package', package_id: first.id, participant_id: northBoys, coupon: 'ONCEEACH' });
    refused(await quote(key, 'ONCEEACH', 'package', second.id), 400, 'code');
    refused(await buy(key, { type: 'package', package_id: second.id, participant_id: northBoys, coupon: 'ONCEEACH' }), 400, 'coupon');
    // Another viewer still has theirs.
    await bought(await registerViewer(t), { type: 'package', package_id: second.id, participant_id: northBoys, coupon: 'ONCEEACH' });
  });

  it('attack: one viewer buying two passes at once with a once-each code uses it once', async () => {
    const passes = await Promise.all([teamPass({ price: 10, serviceFee: 0 }), teamPass({ price: 10, serviceFee: 0 }), teamPass({ price: 10, serviceFee: 0 })]);
    await promo({ code: 'RACEONCE', percentOff: 50, perViewer: 1 });
    const key = await registerViewer(t);
    const card = await sandboxCard(t, key);
    const responses = await Promise.all(
      passes.map((pass) =>
        t.app.inject({
          method: 'POST',
          url: '/api/sandbox/buy',
          payload: { api_key: key, idempotency_key: randomUUID(), payment_method: card, type: 'package', package_id: pass.id, participant_id: northBoys, coupon: 'RACEONCE' },
        }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 200)) refused(response, 400, 'coupon');
    const uses = await t.database.db.selectFrom('orders').select('id').where('channel_id', '=', alpha).where(sql<string>`lower(coupon_code)`, '=', 'raceonce').execute();
    expect(uses).toHaveLength(1);
  });

  it('names the field at fault, refuses a taken code whatever its case, and offers of another channel', async () => {
    await promo({ code: 'TAKEN1' });
    refused(await call('POST', '/promo-codes', { code: 'taken1', percentOff: 5 }), 409, 'code', 'PROMO_CODE_TAKEN');
    refused(await call('POST', '/promo-codes', { code: 'NOKIND' }), 400, 'percentOff', 'OFFER_INVALID');
    refused(await call('POST', '/promo-codes', { code: 'BOTHKINDS', percentOff: 5, amountOff: 5 }), 400, 'amountOff', 'OFFER_INVALID');
    refused(await call('POST', '/promo-codes', { code: 'PCT', percentOff: 101 }), 400, 'percentOff');
    refused(await call('POST', '/promo-codes', { code: 'no spaces', percentOff: 5 }), 400, 'code');
    const from = new Date(Date.now() + 86_400_000).toISOString();
    refused(await call('POST', '/promo-codes', { code: 'BACKWARDS', percentOff: 5, validFrom: from, validUntil: new Date().toISOString() }), 400, 'validUntil', 'OFFER_INVALID');
    refused(await call('POST', '/promo-codes', { code: 'NOOFFERS', percentOff: 5, appliesTo: 'offers' }), 400, 'packageIds', 'OFFER_INVALID');
    refused(await call('POST', '/promo-codes', { code: 'BRAVOPASS', percentOff: 5, appliesTo: 'offers', packageIds: [bravoPackage] }), 422, 'packageIds', 'UNKNOWN_OFFER');
    refused(await call('POST', '/promo-codes', { code: 'STRAYIDS', percentOff: 5, appliesTo: 'all', subscriptionIds: [1] }), 400, 'subscriptionIds', 'OFFER_INVALID');
    refused(await call('PATCH', '/promo-codes/2000000', { percentOff: 5 }), 404, 'id', 'PROMO_CODE_NOT_FOUND');
    // A code made on bravo is not alpha's: the same text is free there, and alpha's is not bravo's to edit.
    const alphaCode = await promo({ code: 'SHARED' });
    expect((await call('POST', '/promo-codes', { code: 'SHARED', percentOff: 5 }, session.bravoOwner, 'bravo')).statusCode).toBe(200);
    refused(await call('PATCH', `/promo-codes/${alphaCode.id}`, { percentOff: 90 }, session.bravoOwner, 'bravo'), 404, 'id');
    // Switching a code to an amount drops its percentage in the same edit.
    const switched = await ok(ConsolePromoCodeResponse, 'PATCH', `/promo-codes/${alphaCode.id}`, { amountOff: 3 });
    expect(switched.promoCode).toMatchObject({ percentOff: null, amountOff: 3 });
  });
});

describe('a re-seed (npm start runs one)', () => {
  it("keeps the offers and codes the owner made or changed, and puts the seed's own back", async () => {
    const before = await ok(ConsoleOffersResponse, 'GET', '/offers');
    const seedMonthly = before.subscriptions.find((s) => s.name === 'Alpha Monthly')!;
    await ok(ConsoleSubscriptionResponse, 'PATCH', `/offers/subscriptions/${seedMonthly.id}`, { price: 11.5 });
    const made = await teamPass({ name: 'Owner-made pass' });
    const code = await promo({ code: 'OWNERMADE' });
    const seedCode = (await ok(ConsolePromoCodesResponse, 'GET', '/promo-codes')).promoCodes.find((c) => c.code === 'ALPHA10')!;
    await ok(ConsolePromoCodeResponse, 'PATCH', `/promo-codes/${seedCode.id}`, { percentOff: 15 });

    await seedChannel(t.database.db, t.channel('alpha'));

    const after = await ok(ConsoleOffersResponse, 'GET', '/offers');
    const monthlies = after.subscriptions.filter((s) => s.name === 'Alpha Monthly');
    expect(monthlies).toEqual([expect.objectContaining({ id: seedMonthly.id, price: 11.5 })]);
    expect(after.packages.find((p) => p.id === made.id)).toMatchObject({ name: 'Owner-made pass' });
    // The seed's offers nobody changed are back (under new ids, as every re-seed makes them).
    expect(after.subscriptions.filter((s) => s.name === 'Alpha Annual')).toHaveLength(1);
    expect(after.packages.filter((p) => p.name === 'Alpha Basketball Pass')).toHaveLength(1);
    const codes = (await ok(ConsolePromoCodesResponse, 'GET', '/promo-codes')).promoCodes;
    expect(codes.find((c) => c.id === code.id)).toMatchObject({ code: 'OWNERMADE' });
    expect(codes.filter((c) => c.code.toLowerCase() === 'alpha10')).toEqual([expect.objectContaining({ id: seedCode.id, percentOff: 15 })]);
    expect(codes.filter((c) => c.code === 'PACKAGE50')).toHaveLength(1);
  });
});

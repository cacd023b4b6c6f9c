import { randomUUID } from 'node:crypto';
import {
  ApiErrorBody,
  BuyResponse,
  CardsResponse,
  COMMERCE_MESSAGES,
  type Order,
  OrderResponse,
  OrdersResponse,
  SANDBOX_TEST_CARDS,
  UNAUTHENTICATED_MESSAGE,
  UnsubscribeResponse,
  WRONG_PROMO_CODE,
} from '@grandstand/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reserveCouponRedemption } from './catalog/coupons.ts';
import { ABANDONED_ORDER_AFTER_MS, ALREADY_OWNED_MESSAGE, applyPaymentEvent, PAYMENT_NOT_COMPLETED_MESSAGE, runRenewals, UNSUBSCRIBE_MESSAGE } from './orders/index.ts';
import { type PaymentEvent, signSandboxPayload } from '../payments/index.ts';
import { buildTestApp, engine, type TestApp } from '../../../test/helper.ts';
import { registerViewer, sandboxCard } from '../../../test/support/commerce.ts';

let t: TestApp;
let channelId: number;
let eventId: number;
let singlePackageId: number;
let passId: number;
let feeFreePassId: number;
let teamPassId: number;
let teamId: number;
let subscriptionId: number;
let trialSubscriptionId: number;

beforeAll(async () => {
  t = await buildTestApp();
  channelId = t.channel('alpha').id;
  const db = t.database.db;
  const event = await db.selectFrom('events').select(['id', 'event_category_id']).where('channel_id', '=', channelId).where('access_type', 'in', ['paid', 'ppv']).where('base_price', '>', 0).executeTakeFirstOrThrow();
  eventId = event.id;
  const team = await db.selectFrom('participants').select('id').where('channel_id', '=', channelId).executeTakeFirstOrThrow();
  teamId = team.id;
  const category = event.event_category_id ?? (await db.selectFrom('event_categories').select('id').where('channel_id', '=', channelId).executeTakeFirstOrThrow()).id;
  const pkg = (values: object) =>
    db
      .insertInto('packages')
      .values({ channel_id: channelId, name: 'Pass', description: null, scope: 'category', base_price: 0, service_fee: 0, offer: null, period: null, ...values })
      .returning('id')
      .executeTakeFirstOrThrow();
  singlePackageId = (await pkg({ name: 'Test single event', scope: 'single' })).id;
  passId = (await pkg({ name: 'Season pass', event_category_ids: JSON.stringify([category]), base_price: 49.99, service_fee: 2.5, offer: 'month', period: 3 })).id;
  feeFreePassId = (await pkg({ name: 'Fee-free pass', event_category_ids: JSON.stringify([category]), base_price: 20, service_fee: 0, offer: 'month', period: 1 })).id;
  teamPassId = (await pkg({ name: 'Team pass', is_team_pass: true, event_category_ids: JSON.stringify([category]), participant_ids: JSON.stringify([teamId]), base_price: 19, service_fee: 1, offer: 'annual', period: 1 })).id;
  const sub = (values: object) =>
    db
      .insertInto('subscriptions')
      .values({ channel_id: channelId, name: 'Monthly', description: null, base_price: 9.99, service_fee: 0, offer: 'monthly', period: 1, trial_period: 0, ...values })
      .returning('id')
      .executeTakeFirstOrThrow();
  subscriptionId = (await sub({})).id;
  trialSubscriptionId = (await sub({ name: 'Monthly with trial', trial_period: 7 })).id;
  await db.insertInto('coupons').values({ channel_id: channelId, code: 'FREEPASS', percent_off: 100, applies_to: 'package' }).execute();
  await db.insertInto('coupons').values({ channel_id: channelId, code: 'FIVEOFF', amount_off: 5, applies_to: null }).execute();
});
afterAll(async () => t.close());

type Reply = { statusCode: number; json(): unknown; body: string };
function expectFieldError(response: Reply, status: number, field: string, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = ApiErrorBody.parse(response.json());
  expect(body.field).toBe(field);
  if (message !== undefined) expect(body.message).toBe(message);
}

// The fixture channel's buyers and cards, made as the site makes them (test/support/commerce.ts).
const viewer = () => registerViewer(t);
const card = (key: string, number?: string) => sandboxCard(t, key, number);

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const buy = (key: string, body: object) => post('/api/sandbox/buy', { api_key: key, idempotency_key: randomUUID(), ...body });

async function order(key: string, id: number): Promise<Order> {
  const response = await t.app.inject({ url: `/api/orders/${id}?api_key=${key}` });
  expect(response.statusCode, response.body).toBe(200);
  return OrderResponse.parse(response.json()).data;
}

/** Polls like the site does (spec §4) until the webhook has settled the order. */
async function settled(key: string, id: number, until: (o: Order) => boolean = (o) => o.status !== 'created'): Promise<Order> {
  for (let i = 0; i < 200; i++) {
    const current = await order(key, id);
    if (until(current)) return current;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`order ${id} never settled`);
}

const chargeCount = () => t.app.payments.sandbox.chargeCount(channelId);

/** The sandbox's webhook as it would send it: signed with its secret, dated `at` (unix seconds). */
function webhook(event: PaymentEvent, at = Math.floor(Date.now() / 1000), secret = t.app.payments.sandbox.webhookSecret) {
  const body = JSON.stringify(event);
  return t.app.inject({ method: 'POST', url: '/api/sandbox/webhook', headers: { 'content-type': 'application/json', 'grandstand-signature': signSandboxPayload(body, secret, at) }, payload: body });
}

/** An order waiting for its webhook, made without the sandbox so only the test's webhooks reach it. */
async function pendingOrder(key: string): Promise<{ orderId: number; intentId: string }> {
  const profile = await t.app.inject({ url: `/api/profile?api_key=${key}` });
  const userId = (profile.json() as { data: { id: number } }).data.id;
  const db = t.database.db;
  const row = await db
    .insertInto('orders')
    .values({ channel_id: channelId, user_id: userId, type: 'event', product_id: eventId, product_name: 'South vs North', amount: 11.49, currency: 'USD', idempotency_key: randomUUID(), request_fingerprint: 'test', provider: 'sandbox', provider_ref: `pi_${randomUUID()}` })
    .returning(['id', 'provider_ref'])
    .executeTakeFirstOrThrow();
  await db.insertInto('transactions').values({ channel_id: channelId, order_id: row.id, kind: 'Purchase', amount: 11.49, currency: 'USD', provider_ref: row.provider_ref }).execute();
  return { orderId: row.id, intentId: row.provider_ref as string };
}

function paymentEvent({ orderId, intentId }: { orderId: number; intentId: string }, type: PaymentEvent['type'], id = `evt_${randomUUID()}`): PaymentEvent {
  return { id, type, created: Math.floor(Date.now() / 1000), intentId, orderId, channelId, card: { brand: 'visa', last4: '4242' }, failureReason: type === 'payment.failed' ? 'Your card was declined.' : null };
}

describe('a visitor', () => {
  it('gets 401 on every viewer call', async () => {
    const key = await t.keyFor('alpha');
    for (const response of [
      await t.app.inject({ url: `/api/orders?api_key=${key}` }),
      await t.app.inject({ url: `/api/orders/1?api_key=${key}` }),
      await t.app.inject({ url: `/api/sandbox/list-cards?api_key=${key}` }),
      await t.app.inject({ url: `/api/sandbox/customer-portal?api_key=${key}` }),
      await buy(key, { type: 'event', event_id: eventId, single_event_package_id: singlePackageId, payment_method: 'pm_x' }),
      await post('/api/sandbox/unsubscribe', { api_key: key, order_id: 1 }),
    ]) {
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json()).toMatchObject({ message: UNAUTHENTICATED_MESSAGE });
    }
  });
});

describe('buying an event', () => {
  it('50 concurrent identical buys with one key make one order and one charge', async () => {
    const key = await viewer();
    const pm = await card(key);
    const before = await chargeCount();
    const body = { api_key: key, idempotency_key: randomUUID(), type: 'event', event_id: eventId, single_event_package_id: singlePackageId, payment_method: pm };
    const responses = await Promise.all(Array.from({ length: 50 }, () => post('/api/sandbox/buy', body)));
    const ids = new Set(
      responses.map((r) => {
        expect(r.statusCode, r.body).toBe(200);
        return BuyResponse.parse(r.json()).data.order.id;
      }),
    );
    expect(ids.size).toBe(1);
    expect(await chargeCount()).toBe(before + 1);
    const [id] = [...ids] as [number];
    const rows = await t.database.db.selectFrom('orders').select('id').where('idempotency_key', '=', body.idempotency_key).execute();
    expect(rows).toHaveLength(1);
    const paid = await settled(key, id);
    expect(paid).toMatchObject({ status: 'paid', activity_status: 'active', label: 'Paid', popup: false, amount: 11.49, type: 'event' });
    expect(paid.transactions).toHaveLength(1);
    expect(paid.transactions[0]).toMatchObject({ kind: 'Purchase', status: 'succeeded', amount: 11.49 });
    // The same key again, later: the same order, still one charge.
    const again = await post('/api/sandbox/buy', body);
    expect(BuyResponse.parse(again.json()).data.order).toMatchObject({ id, status: 'paid' });
    expect(await chargeCount()).toBe(before + 1);
    // All sales are final: buying the event again under a new key is refused, not charged.
    expectFieldError(await buy(key, { type: 'event', event_id: eventId, single_event_package_id: singlePackageId, payment_method: pm }), 409, 'event_id', ALREADY_OWNED_MESSAGE);
    expect(await chargeCount()).toBe(before + 1);
  });

  it('refuses the same key with another body (409, idempotency_key)', async () => {
    const key = await viewer();
    const pm = await card(key);
    const idempotency_key = randomUUID();
    const first = await buy(key, { idempotency_key, type: 'event', event_id: eventId, single_event_package_id: singlePackageId, payment_method: pm });
    expect(first.statusCode, first.body).toBe(200);
    const other = await buy(key, { idempotency_key, type: 'package', package_id: passId, payment_method: pm });
    expectFieldError(other, 409, 'idempotency_key');
  });

  it('a declined card fails the order with the popup and the reason', async () => {
    const key = await viewer();
    const response = await buy(key, { type: 'event', event_id: eventId, single_event_package_id: singlePackageId, payment_method: await card(key, SANDBOX_TEST_CARDS.declined) });
    expect(response.statusCode, response.body).toBe(200);
    const failed = await settled(key, BuyResponse.parse(response.json()).data.order.id);
    expect(failed).toMatchObject({ status: 'failed', popup: true, failure_reason: 'Your card was declined.', label: 'Inactive' });
    expect(failed.transactions[0]).toMatchObject({ status: 'failed' });
    // A failed order is final; another attempt (a new key) is a new order.
    const retry = await buy(key, { type: 'event', event_id: eventId, single_event_package_id: singlePackageId, payment_method: await card(key) });
    const paid = await settled(key, BuyResponse.parse(retry.json()).data.order.id);
    expect(paid.id).not.toBe(failed.id);
    expect(paid.status).toBe('paid');
    expect((await order(key, failed.id)).status).toBe('failed');
  });

  it('an authenticating card answers the next action on the channel’s public origin, never the request’s host, with the return path', async () => {
    const key = await viewer();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/buy',
      headers: { host: 'alpha.example.test:8080' },
      payload: { api_key: key, idempotency_key: randomUUID(), type: 'event', event_id: eventId, single_event_package_id: singlePackageId, payment_method: await card(key, SANDBOX_TEST_CARDS.authenticate), return_path: '/buy?event_id=1' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { order: created, next_action: next } = BuyResponse.parse(response.json()).data;
    expect(created.status).toBe('created');
    expect(next?.url).toMatch(/^http:\/\/localhost:8080\/sandbox\/authenticate\//);
    // After the step the viewer comes back to the return path, which names the order to follow.
    const passed = await t.app.inject({ method: 'POST', url: new URL(next!.url).pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=complete' });
    expect(passed.statusCode).toBe(303);
    expect(passed.headers.location).toBe(`http://localhost:8080/buy?event_id=1&order_id=${created.id}`);
  });

  it('names the missing or wrong field', async () => {
    const key = await viewer();
    const pm = await card(key);
    expectFieldError(await buy(key, { type: 'event', payment_method: pm }), 400, 'event_id', COMMERCE_MESSAGES.idNotSelected);
    expectFieldError(await buy(key, { type: 'event', event_id: eventId, payment_method: pm }), 400, 'single_event_package_id', COMMERCE_MESSAGES.idNotSelected);
    expectFieldError(await buy(key, { type: 'event', event_id: eventId, single_event_package_id: singlePackageId }), 400, 'payment_method', COMMERCE_MESSAGES.selectCard);
    expectFieldError(await buy(key, { type: 'package', package_id: teamPassId, payment_method: pm }), 400, 'participant_id', COMMERCE_MESSAGES.teamNotSelected);
    expectFieldError(await buy(key, { type: 'package', package_id: passId, payment_method: pm, coupon: 'NOPE' }), 400, 'coupon', WRONG_PROMO_CODE);
    expectFieldError(await post('/api/paypal/buy', { api_key: key }), 400, 'provider');
  });
});

describe('packages and coupons', () => {
  it('a 100 % code makes a free total: paid at once, no charge', async () => {
    const key = await viewer();
    const before = await chargeCount();
    const response = await buy(key, { type: 'package', package_id: feeFreePassId, coupon: 'freepass' });
    expect(response.statusCode, response.body).toBe(200);
    const paid = BuyResponse.parse(response.json()).data.order;
    expect(paid).toMatchObject({ status: 'paid', label: 'Active', amount: 0, coupon: 'FREEPASS', popup: false });
    expect(paid.transactions).toMatchObject([{ kind: 'Purchase', status: 'succeeded', amount: 0, card: null }]);
    expect(await chargeCount()).toBe(before);
  });

  it('the code takes the base price only: the service fee stays', async () => {
    const key = await viewer();
    expectFieldError(await buy(key, { type: 'package', package_id: passId, coupon: 'freepass' }), 400, 'payment_method', COMMERCE_MESSAGES.selectCard);
    const response = await buy(key, { type: 'package', package_id: passId, coupon: 'freepass', payment_method: await card(key) });
    expect(BuyResponse.parse(response.json()).data.order.amount).toBe(2.5);
  });

  it('a team pass for the chosen team, at the discounted price, lasting its period', async () => {
    const key = await viewer();
    const response = await buy(key, { type: 'package', package_id: teamPassId, participant_id: teamId, coupon: 'fiveoff', payment_method: await card(key) });
    expect(response.statusCode, response.body).toBe(200);
    const paid = await settled(key, BuyResponse.parse(response.json()).data.order.id);
    expect(paid).toMatchObject({ status: 'paid', label: 'Active', amount: 15, product: { participant_id: teamId } });
    const year = new Date(paid.paid_at as string);
    year.setUTCMonth(year.getUTCMonth() + 12);
    expect(paid.expires_at).toBe(year.toISOString());
  });
});

/** A promo code for every kind of purchase that can be redeemed `max` times. */
async function limitedCoupon(code: string, max: number): Promise<void> {
  await t.database.db.insertInto('coupons').values({ channel_id: channelId, code, percent_off: 10, applies_to: null, max_redemptions: max }).execute();
}
async function redemptions(code: string): Promise<number> {
  return (await t.database.db.selectFrom('coupons').select('redemptions').where('channel_id', '=', channelId).where('code', '=', code).executeTakeFirstOrThrow()).redemptions;
}

describe('promo code limits', () => {
  it('10 concurrent buys of a code redeemable once: one order carries it, the others get "Wrong promo code"', async () => {
    await limitedCoupon('ONCEONLY', 1);
    const buyers = [];
    for (let i = 0; i < 10; i++) {
      const key = await viewer();
      buyers.push({ api_key: key, idempotency_key: randomUUID(), type: 'package', package_id: passId, coupon: 'onceonly', payment_method: await card(key) });
    }
    const responses = await Promise.all(buyers.map((body) => post('/api/sandbox/buy', body)));
    const won = responses.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const lost of responses.filter((r) => r.statusCode !== 200)) expectFieldError(lost, 400, 'coupon', WRONG_PROMO_CODE);
    const winner = BuyResponse.parse(won[0]?.json()).data.order;
    expect(winner.coupon).toBe('ONCEONLY');
    const carrying = await t.database.db.selectFrom('orders').select('id').where('channel_id', '=', channelId).where('coupon_code', '=', 'ONCEONLY').execute();
    expect(carrying.map((o) => o.id)).toEqual([winner.id]);
    expect(await redemptions('ONCEONLY')).toBe(1);
    // A replay of the winning key answers the same order without reserving again.
    const winningBody = buyers[responses.indexOf(won[0] as (typeof responses)[number])];
    const replayed = await post('/api/sandbox/buy', winningBody as object);
    expect(BuyResponse.parse(replayed.json()).data.order.id).toBe(winner.id);
    // Fulfilment does not count the code a second time.
    const paid = await settled(winningBody?.api_key as string, winner.id);
    expect(paid.status).toBe('paid');
    expect(await redemptions('ONCEONLY')).toBe(1);
  });

  it('the reservation is one conditional update: transactions open at once take the last redemption once', async () => {
    // The buys above race through HTTP handling whose timing varies; this pins the primitive they
    // rely on. On PostgreSQL every transaction is open before any reserves (a barrier); PGlite has
    // one connection, so its transactions cannot overlap and each passes the barrier alone.
    await limitedCoupon('LASTONE', 3);
    await t.database.db.updateTable('coupons').set({ redemptions: 2 }).where('channel_id', '=', channelId).where('code', '=', 'LASTONE').execute();
    const { id } = await t.database.db.selectFrom('coupons').select('id').where('channel_id', '=', channelId).where('code', '=', 'LASTONE').executeTakeFirstOrThrow();
    const racers = 5;
    const together = engine === 'postgres' ? racers : 1;
    let open = 0;
    let release: () => void = () => undefined;
    const allOpen = new Promise<void>((resolve) => (release = resolve));
    const taken = await Promise.all(
      Array.from({ length: racers }, () =>
        t.database.db.transaction().execute(async (tx) => {
          await sql`select 1`.execute(tx);
          if (++open >= together) release();
          if (together > 1) await allOpen;
          // No per-viewer limit on this code: whose order it is does not matter here.
          return reserveCouponRedemption(tx, id, { channel_id: channelId, user_id: 0 });
        }),
      ),
    );
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(await redemptions('LASTONE')).toBe(3);
  });

  it('a declined order gives its redemption back', async () => {
    await limitedCoupon('GIVEBACK', 1);
    const key = await viewer();
    const body = { api_key: key, idempotency_key: randomUUID(), type: 'package', package_id: passId, coupon: 'giveback', payment_method: await card(key, SANDBOX_TEST_CARDS.declined) };
    const response = await post('/api/sandbox/buy', body);
    expect(response.statusCode, response.body).toBe(200);
    const failed = await settled(key, BuyResponse.parse(response.json()).data.order.id);
    expect(failed).toMatchObject({ status: 'failed', popup: true, coupon: 'GIVEBACK' });
    expect(await redemptions('GIVEBACK')).toBe(0);
    // Replaying the failed order's key neither reserves nor releases again.
    expect(BuyResponse.parse((await post('/api/sandbox/buy', body)).json()).data.order.id).toBe(failed.id);
    expect(await redemptions('GIVEBACK')).toBe(0);
    // The given-back redemption is usable by the next buyer.
    const next = await viewer();
    const taken = await buy(next, { type: 'package', package_id: passId, coupon: 'giveback', payment_method: await card(next) });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(BuyResponse.parse(taken.json()).data.order.coupon).toBe('GIVEBACK');
    expect(await redemptions('GIVEBACK')).toBe(1);
  });
});

describe('abandoned extra authentication', () => {
  it('the renewal job fails an order left in created past the limit, frees its code, and a late success stays refused', async () => {
    await limitedCoupon('ABANDON', 1);
    const key = await viewer();
    const response = await buy(key, { type: 'event', event_id: eventId, single_event_package_id: singlePackageId, coupon: 'abandon', payment_method: await card(key, SANDBOX_TEST_CARDS.authenticate) });
    expect(response.statusCode, response.body).toBe(200);
    const { order: created, next_action: next } = BuyResponse.parse(response.json()).data;
    expect(created.status).toBe('created');
    expect(next).not.toBeNull();
    expect(await redemptions('ABANDON')).toBe(1);
    const createdAt = new Date(created.created_at).getTime();

    await runRenewals(t.app, new Date(createdAt + ABANDONED_ORDER_AFTER_MS - 60_000));
    expect((await order(key, created.id)).status).toBe('created');

    const summary = await runRenewals(t.app, new Date(createdAt + ABANDONED_ORDER_AFTER_MS + 1000));
    expect(summary.abandoned).toBeGreaterThanOrEqual(1);
    const failed = await order(key, created.id);
    expect(failed).toMatchObject({ status: 'failed', popup: true, failure_reason: PAYMENT_NOT_COMPLETED_MESSAGE, label: 'Inactive' });
    expect(failed.transactions.map((tx) => tx.status)).toEqual(['failed']);
    expect(await redemptions('ABANDON')).toBe(0);

    // The viewer completes the step after all: the success webhook is acknowledged but the order
    // stays failed (transitions only from created); support refunds the charge (README, Orders).
    const row = await t.database.db.selectFrom('orders').select('provider_ref').where('id', '=', created.id).executeTakeFirstOrThrow();
    const pending = { orderId: created.id, intentId: row.provider_ref as string };
    expect((await webhook(paymentEvent(pending, 'payment.succeeded'))).statusCode).toBe(200);
    expect(await order(key, created.id)).toMatchObject({ status: 'failed', popup: true, failure_reason: PAYMENT_NOT_COMPLETED_MESSAGE });
    expect(await applyPaymentEvent(t.database.db, 'sandbox', paymentEvent(pending, 'payment.succeeded'))).toBe('late_success');
    expect(await redemptions('ABANDON')).toBe(0);
  });
});

describe('the webhook', () => {
  it('refuses a forged signature and one older than 5 minutes (400, signature)', async () => {
    const key = await viewer();
    const pending = await pendingOrder(key);
    const { orderId } = pending;
    expectFieldError(await webhook(paymentEvent(pending, 'payment.succeeded'), undefined, 'not-the-secret'), 400, 'signature');
    expectFieldError(await webhook(paymentEvent(pending, 'payment.succeeded'), Math.floor(Date.now() / 1000) - 301), 400, 'signature');
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/sandbox/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(paymentEvent(pending, 'payment.succeeded')) });
    expectFieldError(unsigned, 400, 'signature');
    expect((await order(key, orderId)).status).toBe('created');
  });

  it('the same webhook ten times fulfils once', async () => {
    const key = await viewer();
    const pending = await pendingOrder(key);
    const { orderId } = pending;
    const event = paymentEvent(pending, 'payment.succeeded');
    const responses = await Promise.all(Array.from({ length: 10 }, () => webhook(event)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const paid = await order(key, orderId);
    expect(paid.status).toBe('paid');
    expect(paid.transactions.filter((tx) => tx.status === 'succeeded')).toHaveLength(1);
    const recorded = await t.database.db.selectFrom('webhook_events').select('event_id').where('event_id', '=', event.id).execute();
    expect(recorded).toHaveLength(1);
  });

  it('a failure arriving after the success keeps the order paid', async () => {
    const key = await viewer();
    const pending = await pendingOrder(key);
    const { orderId } = pending;
    expect((await webhook(paymentEvent(pending, 'payment.succeeded'))).statusCode).toBe(200);
    expect((await webhook(paymentEvent(pending, 'payment.failed'))).statusCode).toBe(200);
    const paid = await order(key, orderId);
    expect(paid).toMatchObject({ status: 'paid', popup: false, failure_reason: null });
    expect(paid.transactions.map((tx) => tx.status)).toEqual(['succeeded']);
  });
});

describe('subscriptions', () => {
  it('cancelling auto-renewal keeps access to the period end, then the subscription expires', async () => {
    const key = await viewer();
    const response = await buy(key, { type: 'subscription', subscription_id: subscriptionId, payment_method: await card(key), save_card: true });
    const paid = await settled(key, BuyResponse.parse(response.json()).data.order.id);
    expect(paid).toMatchObject({ status: 'paid', label: 'Active', subscription: { status: 'active', auto_renew: true, renewal_label: 'Auto-Renewal' } });
    expect(paid.transactions[0]).toMatchObject({ kind: 'New subscription', status: 'succeeded' });
    const cancel = await post('/api/sandbox/unsubscribe', { api_key: key, order_id: paid.id });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelled = UnsubscribeResponse.parse(cancel.json());
    expect(cancelled.message).toBe(UNSUBSCRIBE_MESSAGE);
    expect(cancelled.data).toMatchObject({ label: 'Active', subscription: { status: 'canceled', auto_renew: false, renewal_label: 'Auto-Renewal Cancelled' } });
    const end = new Date(paid.subscription?.current_period_end as string);
    await runRenewals(t.app, new Date(end.getTime() - 1000));
    expect((await order(key, paid.id)).activity_status).toBe('active');
    await runRenewals(t.app, new Date(end.getTime() + 1000));
    expect(await order(key, paid.id)).toMatchObject({ activity_status: 'inactive', label: 'Inactive', subscription: { status: 'expired' } });
  });

  it('renews a due subscription off-session with the saved card', async () => {
    const key = await viewer();
    const response = await buy(key, { type: 'subscription', subscription_id: subscriptionId, payment_method: await card(key), save_card: true });
    const paid = await settled(key, BuyResponse.parse(response.json()).data.order.id);
    const cards = CardsResponse.parse((await t.app.inject({ url: `/api/sandbox/list-cards?api_key=${key}` })).json()).data;
    expect(cards).toHaveLength(1);
    const end = new Date(paid.subscription?.current_period_end as string);
    await runRenewals(t.app, new Date(end.getTime() + 1000));
    // The renewal's charge and the period it buys are written one after the other: wait for both.
    const renewed = await settled(key, paid.id, (o) => o.transactions.length === 2 && o.transactions[1]?.status !== 'pending' && o.subscription?.current_period_end !== paid.subscription?.current_period_end);
    expect(renewed.transactions[1]).toMatchObject({ kind: 'Subscription Renewal', status: 'succeeded', amount: 9.99 });
    expect(renewed.subscription?.current_period_end).toBe(new Date(end.getTime() + 30 * 86_400_000).toISOString());
  });

  it('a trial checks the card, starts at 0, is offered once, and charges when it ends', async () => {
    const key = await viewer();
    const pm = await card(key);
    const response = await post('/api/sandbox/subscription/start_trial', { api_key: key, idempotency_key: randomUUID(), subscription_id: trialSubscriptionId, payment_method: pm });
    expect(response.statusCode, response.body).toBe(200);
    const trial = await settled(key, BuyResponse.parse(response.json()).data.order.id);
    expect(trial).toMatchObject({ status: 'paid', amount: 0, label: 'Active', subscription: { status: 'active', auto_renew: true } });
    const trialEnd = new Date(trial.subscription?.trial_ends_at as string);
    expect(trialEnd.getTime() - new Date(trial.paid_at as string).getTime()).toBe(7 * 86_400_000);
    const again = await post('/api/sandbox/subscription/start_trial', { api_key: key, idempotency_key: randomUUID(), subscription_id: trialSubscriptionId, payment_method: pm });
    expectFieldError(again, 400, 'subscription_id');
    await runRenewals(t.app, new Date(trialEnd.getTime() + 1000));
    const charged = await settled(key, trial.id, (o) => o.transactions.some((tx) => tx.status === 'succeeded'));
    expect(charged.transactions).toHaveLength(1);
    expect(charged.transactions[0]).toMatchObject({ kind: 'New subscription', status: 'succeeded', amount: 9.99 });
  });
});

describe('GET orders', () => {
  it('lists every order of the viewer (no_limit) and filters by activity', async () => {
    const key = await viewer();
    const pm = await card(key);
    await settled(key, BuyResponse.parse((await buy(key, { type: 'event', event_id: eventId, single_event_package_id: singlePackageId, payment_method: pm })).json()).data.order.id);
    await settled(key, BuyResponse.parse((await buy(key, { type: 'package', package_id: passId, payment_method: await card(key, SANDBOX_TEST_CARDS.declined) })).json()).data.order.id);
    const all = OrdersResponse.parse((await t.app.inject({ url: `/api/orders?api_key=${key}&no_limit=1` })).json());
    expect(all.meta).toMatchObject({ total: 2, limit: null });
    const active = OrdersResponse.parse((await t.app.inject({ url: `/api/orders?api_key=${key}&activity_status=active` })).json());
    expect(active.data.map((o) => o.status)).toEqual(['paid']);
    const other = await viewer();
    const foreign = await t.app.inject({ url: `/api/orders/${all.data[0]?.id}?api_key=${other}` });
    expectFieldError(foreign, 404, 'order_id');
  });
});

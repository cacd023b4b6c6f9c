import { randomUUID } from 'node:crypto';
import {
  BuyResponse,
  EventDetailResponse,
  EventsResponse,
  SANDBOX_TEST_CARDS,
  UserAccessResponse,
} from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RENEWAL_TIMEOUT_MS } from './orders/config.ts';
import { ABANDONED_ORDER_AFTER_MS, PAYMENT_NOT_COMPLETED_MESSAGE, runRenewals } from './orders/index.ts';
import { type PaymentEvent, signSandboxPayload } from '../payments/index.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { fetchOrder, registerViewer, sandboxCard } from '../../../test/support/commerce.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhookReceiver.ts';

// Renewals whose webhook never comes, and abandoned payments (what a purchase covers, and until when). The sandbox's
// webhooks go to a local receiver that keeps them: the test decides which ones reach the site, so a
// lost webhook is one the receiver never forwards.
let t: TestApp;
let receiver: WebhookReceiver;
/** The webhooks the sandbox sent (they reached the receiver, not the site). */
const caught = (): PaymentEvent[] => receiver.received.map((r) => JSON.parse(r.body) as PaymentEvent);
let channelId: number;
let paidEventId: number;
let paidEventName: string;
let subscriptionId: number;
let singlePackageId: number;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const webhookUrl = receiver.url;
  t = await buildTestApp({ payments: { sandbox: { webhookUrl, deliveryDelayMs: 0, retryDelaysMs: [] } }, commerce: { renewalIntervalMs: 0 } });
  channelId = t.channel('alpha').id;
  const db = t.database.db;
  // The fixture's priced event, made a paid one: a subscription covers paid events (not ppv).
  const event = await db.updateTable('events').set({ access_type: 'paid' }).where('channel_id', '=', channelId).where('access_type', '=', 'ppv').where('base_price', '>', 0).returning(['id', 'name']).executeTakeFirstOrThrow();
  t.app.dataChanged.emit(channelId);
  paidEventId = event.id;
  paidEventName = event.name;
  subscriptionId = (
    await db
      .insertInto('subscriptions')
      .values({ channel_id: channelId, name: 'Monthly renewals', description: null, base_price: 9.99, service_fee: 0, offer: 'monthly', period: 1, trial_period: 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  singlePackageId = (
    await db
      .insertInto('packages')
      .values({ channel_id: channelId, name: 'Single event', description: null, scope: 'single', base_price: 0, service_fee: 0, offer: null, period: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

// The fixture channel's buyers, cards and orders, made as the site makes them (test/support/commerce.ts).
const viewer = () => registerViewer(t);
const card = (key: string, number?: string) => sandboxCard(t, key, number);
const order = (key: string, id: number) => fetchOrder(t, key, id);

/** The webhook the sandbox sent for this intent (it reached the receiver, not the site). */
async function caughtFor(intentId: string, type: PaymentEvent['type']): Promise<PaymentEvent> {
  for (let i = 0; i < 200; i++) {
    const found = caught().find((e) => e.intentId === intentId && e.type === type);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no ${type} webhook for ${intentId}`);
}

/** Hands a caught webhook to the site, signed now as the sandbox would sign it. */
async function forward(event: PaymentEvent) {
  const body = JSON.stringify(event);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/webhook',
    headers: { 'content-type': 'application/json', 'grandstand-signature': signSandboxPayload(body, t.app.payments.sandbox.webhookSecret, Math.floor(Date.now() / 1000)) },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A paid monthly subscription with its card saved; its first webhook delivered. */
async function subscriber(): Promise<{ key: string; orderId: number }> {
  const key = await viewer();
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/buy',
    payload: { api_key: key, idempotency_key: randomUUID(), type: 'subscription', subscription_id: subscriptionId, payment_method: await card(key), save_card: true },
  });
  expect(response.statusCode, response.body).toBe(200);
  const created = BuyResponse.parse(response.json()).data.order;
  const intent = await t.database.db.selectFrom('orders').select('provider_ref').where('id', '=', created.id).executeTakeFirstOrThrow();
  await forward(await caughtFor(intent.provider_ref as string, 'payment.succeeded'));
  expect(await order(key, created.id)).toMatchObject({ status: 'paid', subscription: { status: 'active' } });
  return { key, orderId: created.id };
}

/** The period ended a minute ago (what the clock does to every subscription, without waiting a month). */
async function endPeriod(orderId: number): Promise<Date> {
  const end = new Date(Date.now() - 60_000);
  await t.database.db.updateTable('orders').set({ current_period_end: end, expires_at: end }).where('id', '=', orderId).execute();
  return end;
}

/** What every access-deciding answer says about the subscription's paid event, for this viewer. */
async function access(key: string): Promise<{ detail: boolean; listing: boolean | undefined; allPaid: boolean; subscriptions: number[] }> {
  const detail = EventDetailResponse.parse((await t.app.inject({ url: `/api/events/${paidEventId}?api_key=${key}` })).json()).data;
  const listing = EventsResponse.parse((await t.app.inject({ url: `/api/events?search=${encodeURIComponent(paidEventName)}&limit=100&api_key=${key}` })).json()).data;
  const user = UserAccessResponse.parse((await t.app.inject({ url: `/api/user/access?api_key=${key}` })).json()).data;
  return { detail: detail.access.allowed, listing: listing.find((e) => e.id === paidEventId)?.has_access, allPaid: user.all_paid_events, subscriptions: user.subscription_ids };
}

const renewals = (orderId: number) =>
  t.database.db.selectFrom('transactions').select(['status', 'provider_ref', 'kind']).where('order_id', '=', orderId).where('kind', '=', 'Subscription Renewal').orderBy('id').execute();

describe('a renewal whose webhook never arrives', () => {
  it('ends access at the period end; after the timeout the provider is asked, and the late webhook extends nothing', async () => {
    const { key, orderId } = await subscriber();
    expect(await access(key)).toEqual({ detail: true, listing: true, allPaid: true, subscriptions: [subscriptionId] });

    const end = await endPeriod(orderId);
    const charges = await t.app.payments.sandbox.chargeCount(channelId);
    expect((await runRenewals(t.app, new Date())).charged).toBeGreaterThanOrEqual(1);
    const [attempt] = await renewals(orderId);
    expect(attempt).toMatchObject({ status: 'pending' });
    // The sandbox took the money and sent its webhook, which is lost on the way.
    const lost = await caughtFor(attempt!.provider_ref as string, 'payment.succeeded');

    // The subscription still says active, but its paid period is over: no access anywhere.
    expect((await order(key, orderId)).subscription?.status).toBe('active');
    expect(await access(key)).toEqual({ detail: false, listing: false, allPaid: false, subscriptions: [] });

    // Before the timeout nothing moves and nothing is charged again.
    await runRenewals(t.app, new Date(Date.now() + DEFAULT_RENEWAL_TIMEOUT_MS - 60_000));
    expect(await renewals(orderId)).toMatchObject([{ status: 'pending' }]);
    expect(await t.app.payments.sandbox.chargeCount(channelId)).toBe(charges + 1);
    expect(await access(key)).toMatchObject({ detail: false });

    // After it the provider says the charge succeeded: the renewal is settled, once, without a second charge.
    const summary = await runRenewals(t.app, new Date(Date.now() + DEFAULT_RENEWAL_TIMEOUT_MS + 1000));
    expect(summary.timedOut).toBeGreaterThanOrEqual(1);
    expect(await t.app.payments.sandbox.chargeCount(channelId)).toBe(charges + 1);
    const nextEnd = new Date(end.getTime() + 30 * 86_400_000).toISOString();
    expect((await order(key, orderId)).subscription).toMatchObject({ status: 'active', current_period_end: nextEnd });
    expect(await access(key)).toEqual({ detail: true, listing: true, allPaid: true, subscriptions: [subscriptionId] });

    // The lost webhook turns up after all: acknowledged, and the period is not extended again.
    await forward(lost);
    await forward({ ...lost, id: `evt_${randomUUID()}` });
    expect((await order(key, orderId)).subscription?.current_period_end).toBe(nextEnd);
    expect(await renewals(orderId)).toMatchObject([{ status: 'succeeded', provider_ref: attempt!.provider_ref }]);
  });

  it('a charge never answered is retried after the timeout under a new idempotency key, then the renewal fails', async () => {
    const { key, orderId } = await subscriber();
    // The newest saved card is charged: one whose payments fail for lack of funds (a card check passes).
    const saved = await t.app.inject({ method: 'POST', url: '/api/sandbox/setup-intent', payload: { api_key: key, payment_method: await card(key, SANDBOX_TEST_CARDS.insufficientFunds) } });
    expect(saved.statusCode, saved.body).toBe(200);
    await endPeriod(orderId);
    // A run stopped between recording the attempt and reaching the provider: pending, no intent.
    const startedAt = new Date();
    await t.database.db.insertInto('transactions').values({ channel_id: channelId, order_id: orderId, kind: 'Subscription Renewal', amount: 9.99, currency: 'USD', created_at: startedAt }).execute();
    const charges = await t.app.payments.sandbox.chargeCount(channelId);

    expect(await access(key)).toMatchObject({ detail: false, allPaid: false });
    await runRenewals(t.app, new Date(startedAt.getTime() + DEFAULT_RENEWAL_TIMEOUT_MS - 1000));
    expect(await renewals(orderId)).toMatchObject([{ status: 'pending' }]);
    expect(await t.app.payments.sandbox.chargeCount(channelId)).toBe(charges);

    const summary = await runRenewals(t.app, new Date(startedAt.getTime() + DEFAULT_RENEWAL_TIMEOUT_MS + 1000));
    expect(summary.timedOut).toBeGreaterThanOrEqual(1);
    // Retried once, off-session, under the second attempt's key; the card's refusal ends the subscription.
    expect(await t.app.payments.sandbox.chargeCount(channelId)).toBe(charges + 1);
    const retry = await t.database.db.selectFrom('sandbox_intents').select(['idempotency_key', 'off_session', 'status']).where('order_id', '=', orderId).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(retry).toMatchObject({ off_session: true, status: 'failed' });
    expect(retry.idempotency_key).toMatch(/^renewal-\d+-\d+-2$/);
    expect(await renewals(orderId)).toMatchObject([{ status: 'failed' }, { status: 'failed' }]);
    expect((await order(key, orderId)).subscription).toMatchObject({ status: 'expired', auto_renew: false });
    expect(await access(key)).toEqual({ detail: false, listing: false, allPaid: false, subscriptions: [] });
  });

  it('stops after the configured number of attempts without charging again', async () => {
    const { key, orderId } = await subscriber();
    await endPeriod(orderId);
    const startedAt = new Date();
    await t.database.db.insertInto('transactions').values({ channel_id: channelId, order_id: orderId, kind: 'Subscription Renewal', amount: 9.99, currency: 'USD', created_at: startedAt }).execute();
    const charges = await t.app.payments.sandbox.chargeCount(channelId);
    await runRenewals(t.app, new Date(startedAt.getTime() + 5 * 60_000 + 1000), { chargeTimeoutMs: 5 * 60_000, chargeAttempts: 1 });
    expect(await t.app.payments.sandbox.chargeCount(channelId)).toBe(charges);
    expect(await renewals(orderId)).toMatchObject([{ status: 'failed' }]);
    expect((await order(key, orderId)).subscription).toMatchObject({ status: 'expired' });
  });
});

describe('an abandoned extra authentication', () => {
  it('is cancelled at the provider: completing it later charges nothing and gives no access', async () => {
    const key = await viewer();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/buy',
      payload: { api_key: key, idempotency_key: randomUUID(), type: 'event', event_id: paidEventId, single_event_package_id: singlePackageId, payment_method: await card(key, SANDBOX_TEST_CARDS.authenticate) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { order: created, next_action: next } = BuyResponse.parse(response.json()).data;
    expect(next).not.toBeNull();
    await runRenewals(t.app, new Date(new Date(created.created_at).getTime() + ABANDONED_ORDER_AFTER_MS + 1000));
    expect(await order(key, created.id)).toMatchObject({ status: 'failed', failure_reason: PAYMENT_NOT_COMPLETED_MESSAGE });
    const { provider_ref: intentId } = await t.database.db.selectFrom('orders').select('provider_ref').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect((await t.database.db.selectFrom('sandbox_intents').select('status').where('id', '=', intentId as string).executeTakeFirstOrThrow()).status).toBe('canceled');

    // The viewer finishes the step in the tab left open: the page refuses, nothing is charged.
    const page = await t.app.inject({ url: new URL(next!.url).pathname });
    expect(page.statusCode).toBe(409);
    expect(page.body).not.toContain('Complete authentication');
    const completed = await t.app.inject({ method: 'POST', url: new URL(next!.url).pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=complete' });
    expect(completed.statusCode).toBe(409);
    expect(completed.body).toContain('Nothing was charged');
    expect((await t.database.db.selectFrom('sandbox_intents').select('status').where('id', '=', intentId as string).executeTakeFirstOrThrow()).status).toBe('canceled');
    await t.app.payments.sandbox.flushWebhooks();
    expect(caught().filter((e) => e.intentId === intentId)).toEqual([]);
    expect(await order(key, created.id)).toMatchObject({ status: 'failed' });
    const detail = EventDetailResponse.parse((await t.app.inject({ url: `/api/events/${paidEventId}?api_key=${key}` })).json()).data;
    expect(detail.access.allowed).toBe(false);
    expect(UserAccessResponse.parse((await t.app.inject({ url: `/api/user/access?api_key=${key}` })).json()).data.event_ids).toEqual([]);
  });

  it('an order whose payment had succeeded (its webhook lost) is paid when abandoned, not failed', async () => {
    const key = await viewer();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/buy',
      payload: { api_key: key, idempotency_key: randomUUID(), type: 'event', event_id: paidEventId, single_event_package_id: singlePackageId, payment_method: await card(key) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const created = BuyResponse.parse(response.json()).data.order;
    const { provider_ref: intentId } = await t.database.db.selectFrom('orders').select('provider_ref').where('id', '=', created.id).executeTakeFirstOrThrow();
    const lost = await caughtFor(intentId as string, 'payment.succeeded');
    expect((await order(key, created.id)).status).toBe('created');
    await runRenewals(t.app, new Date(new Date(created.created_at).getTime() + ABANDONED_ORDER_AFTER_MS + 1000));
    expect(await order(key, created.id)).toMatchObject({ status: 'paid', popup: false, transactions: [{ status: 'succeeded' }] });
    expect(EventDetailResponse.parse((await t.app.inject({ url: `/api/events/${paidEventId}?api_key=${key}` })).json()).data.access.allowed).toBe(true);
    // The webhook turning up later changes nothing.
    await forward(lost);
    expect(await order(key, created.id)).toMatchObject({ status: 'paid', transactions: [{ status: 'succeeded' }] });
  });
});

import { randomUUID } from 'node:crypto';
import { ApiErrorBody, OrdersResponse, SANDBOX_TEST_CARDS } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCardEntry } from './cards.ts';
import { type PaymentEvent, signSandboxPayload } from './index.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { ppvEvent, registerViewer, sandboxCard, settledOrder } from '../../../test/support/commerce.ts';

// A Stripe channel as `serve` builds it. The key is never used: nothing here reaches Stripe
// (the sandbox routes must refuse before any provider is called).
const stripe = { secretKey: 'sk_test_not_a_real_key', webhookSecret: 'whsec_test_0123456789abcdef' };

function expectProviderRefused(response: { statusCode: number; body: string; json(): unknown }) {
  expect(response.statusCode, response.body).toBe(400);
  expect(ApiErrorBody.parse(response.json()).field).toBe('provider');
}

describe('with Stripe as the provider, the sandbox grants nothing', () => {
  let t: TestApp;
  let channelId: number;
  let event: { eventId: number; singlePackageId: number };
  beforeAll(async () => {
    t = await buildTestApp({ payments: { defaultProvider: 'stripe', stripe } });
    channelId = t.channel('alpha').id;
    event = await ppvEvent(t);
  });
  afterAll(async () => t.close());

  it('refuses every sandbox route and charges and grants nothing', async () => {
    const key = await registerViewer(t);
    expect(t.app.payments.defaultProvider).toBe('stripe');
    expect(t.app.payments.sandboxEnabled).toBe(false);

    // The card entry is not served.
    const entry = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/payment_methods',
      payload: { api_key: key, number: SANDBOX_TEST_CARDS.succeeds, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' },
    });
    expect(entry.statusCode, entry.body).toBe(404);

    // Even with a sandbox payment method in hand (made behind the routes' back), buy is refused.
    const user = await t.database.db.selectFrom('users').select('id').where('channel_id', '=', channelId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const checked = checkCardEntry({ number: SANDBOX_TEST_CARDS.succeeds, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' }, new Date());
    if ('field' in checked) throw new Error(checked.message);
    const pm = await t.app.payments.sandbox.provider.createPaymentMethod(channelId, user.id, checked, 12, new Date().getUTCFullYear() + 2);
    const body = { api_key: key, type: 'event', event_id: event.eventId, single_event_package_id: event.singlePackageId, payment_method: pm.id };
    expectProviderRefused(await t.app.inject({ method: 'POST', url: '/api/sandbox/buy', payload: { ...body, idempotency_key: randomUUID() } }));
    expectProviderRefused(await t.app.inject({ method: 'POST', url: '/api/sandbox/subscription/start_trial', payload: { api_key: key, idempotency_key: randomUUID(), subscription_id: 1, payment_method: pm.id } }));
    expectProviderRefused(await t.app.inject({ method: 'POST', url: '/api/sandbox/setup-intent', payload: { api_key: key, payment_method: pm.id } }));
    expectProviderRefused(await t.app.inject({ method: 'POST', url: '/api/sandbox/unsubscribe', payload: { api_key: key, order_id: 1 } }));
    expectProviderRefused(await t.app.inject({ url: `/api/sandbox/list-cards?api_key=${key}` }));
    expectProviderRefused(await t.app.inject({ url: `/api/sandbox/customer-portal?api_key=${key}` }));

    // A webhook signed with the sandbox's own secret is not accepted either.
    const forged: PaymentEvent = { id: `evt_${randomUUID()}`, type: 'payment.succeeded', created: Math.floor(Date.now() / 1000), channelId, orderId: 1, intentId: 'pi_x', card: null, failureReason: null };
    const raw = JSON.stringify(forged);
    expectProviderRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/sandbox/webhook',
        headers: { 'content-type': 'application/json', 'grandstand-signature': signSandboxPayload(raw, t.app.payments.sandbox.webhookSecret, forged.created) },
        payload: raw,
      }),
    );

    // The processor's pages are not served.
    expect((await t.app.inject({ url: '/sandbox/authenticate/si_anything' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/authenticate/si_anything', payload: 'outcome=complete', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/sandbox/portal/any-token' })).statusCode).toBe(404);

    await t.app.payments.sandbox.flushWebhooks();
    expect(await t.app.payments.sandbox.chargeCount()).toBe(0);
    const orders = OrdersResponse.parse((await t.app.inject({ url: `/api/orders?api_key=${key}` })).json());
    expect(orders.data).toEqual([]);
    const access = await t.app.inject({ url: `/api/events/${event.eventId}?api_key=${key}` });
    expect(access.statusCode, access.body).toBe(200);
    expect(JSON.stringify(access.json())).not.toMatch(/"has_access":true/);
  });
});

describe('a Stripe channel with the sandbox enabled for a demo', () => {
  let t: TestApp;
  let event: { eventId: number; singlePackageId: number };
  beforeAll(async () => {
    t = await buildTestApp({ payments: { defaultProvider: 'stripe', stripe, sandboxEnabled: true } });
    event = await ppvEvent(t);
  });
  afterAll(async () => t.close());

  it('keeps the sandbox working beside Stripe', async () => {
    const key = await registerViewer(t);
    const pm = await sandboxCard(t, key);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/buy',
      payload: { api_key: key, idempotency_key: randomUUID(), type: 'event', event_id: event.eventId, single_event_package_id: event.singlePackageId, payment_method: pm },
    });
    expect(response.statusCode, response.body).toBe(200);
    const id = (response.json() as { data: { order: { id: number } } }).data.order.id;
    expect((await settledOrder(t, key, id)).status).toBe('paid');
  });
});

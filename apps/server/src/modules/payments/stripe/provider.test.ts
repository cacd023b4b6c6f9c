import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import { RefundRefusedError, WebhookSignatureError } from '../types.ts';
import { StripeProvider, toMinorUnits, UnhandledWebhookEventError } from './provider.ts';

const webhookSecret = 'whsec_test_0123456789abcdef';
// The key is never used: webhook verification is local (no network in these tests).
const provider = new StripeProvider({ secretKey: 'sk_test_not_a_real_key', webhookSecret });

function stripeEvent(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
  return JSON.stringify({ id: `evt_${type}`, object: 'event', type, created, api_version: '2026-10-28.endive', data: { object } });
}

function signed(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecret, timestamp: options.timestamp });
  return { 'stripe-signature': header };
}

describe('Stripe webhook verification', () => {
  it('maps a verified payment_intent.succeeded to payment.succeeded with the order from the metadata', () => {
    const payload = stripeEvent('payment_intent.succeeded', {
      id: 'pi_123',
      object: 'payment_intent',
      metadata: { channel_id: '3', user_id: '9', order_id: '41' },
      payment_method: { id: 'pm_1', object: 'payment_method', card: { brand: 'visa', last4: '4242' } },
      last_payment_error: null,
    });
    const event = provider.verifyWebhook(payload, signed(payload));
    expect(event).toMatchObject({ id: 'evt_payment_intent.succeeded', type: 'payment.succeeded', intentId: 'pi_123', orderId: 41, channelId: 3, card: { brand: 'visa', last4: '4242' }, failureReason: null });
  });

  it('carries the decline message of a payment_intent.payment_failed', () => {
    const payload = stripeEvent('payment_intent.payment_failed', {
      id: 'pi_456',
      object: 'payment_intent',
      metadata: { channel_id: '3', order_id: '42' },
      payment_method: 'pm_2',
      last_payment_error: { message: 'Your card has insufficient funds.', payment_method: { id: 'pm_2', card: { brand: 'visa', last4: '9995' } } },
    });
    expect(provider.verifyWebhook(payload, signed(payload))).toMatchObject({ type: 'payment.failed', failureReason: 'Your card has insufficient funds.', card: { last4: '9995' } });
  });

  it('maps setup intents (a trial card check)', () => {
    const payload = stripeEvent('setup_intent.succeeded', { id: 'seti_1', object: 'setup_intent', metadata: { channel_id: '1', order_id: '' }, payment_method: 'pm_3' });
    expect(provider.verifyWebhook(payload, signed(payload))).toMatchObject({ type: 'setup.succeeded', intentId: 'seti_1', orderId: null, channelId: 1 });
  });

  it('refuses a forged signature, a changed body and a missing header', () => {
    const payload = stripeEvent('payment_intent.succeeded', { id: 'pi_1', metadata: { channel_id: '1' } });
    expect(() => provider.verifyWebhook(payload, signed(payload, { secret: 'whsec_forged' }))).toThrow(WebhookSignatureError);
    expect(() => provider.verifyWebhook(payload.replace('pi_1', 'pi_2'), signed(payload))).toThrow(WebhookSignatureError);
    expect(() => provider.verifyWebhook(payload, {})).toThrow(WebhookSignatureError);
  });

  it('refuses a webhook signed more than 300 s ago', () => {
    const payload = stripeEvent('payment_intent.succeeded', { id: 'pi_1', metadata: { channel_id: '1' } });
    const now = Math.floor(Date.now() / 1000);
    expect(() => provider.verifyWebhook(payload, signed(payload, { timestamp: now - 290 }))).not.toThrow();
    expect(() => provider.verifyWebhook(payload, signed(payload, { timestamp: now - 301 }))).toThrow(WebhookSignatureError);
  });

  it('tells genuine events it does not act on apart from forgeries', () => {
    const other = stripeEvent('customer.created', { id: 'cus_1', object: 'customer', metadata: {} });
    expect(() => provider.verifyWebhook(other, signed(other))).toThrow(UnhandledWebhookEventError);
    const foreign = stripeEvent('payment_intent.succeeded', { id: 'pi_9', metadata: {} });
    expect(() => provider.verifyWebhook(foreign, signed(foreign))).toThrow(UnhandledWebhookEventError);
  });
});

describe('amounts', () => {
  it('are sent in minor units, zero-decimal currencies as they are', () => {
    expect(toMinorUnits(9.99, 'USD')).toBe(999);
    expect(toMinorUnits(19.1, 'eur')).toBe(1910);
    expect(toMinorUnits(500, 'JPY')).toBe(500);
  });
});

/**
 * Stripe's API is the outside boundary: a fake client with the calls the provider makes. A card made
 * by Stripe.js in the browser (pm_…) is confirmed at once with the site's return address, so a card
 * that needs 3-D Secure answers a redirect the checkout follows (its next_action).
 */
function fakeStripe(intent: Record<string, unknown>) {
  const paymentIntents = { create: vi.fn(async (..._args: unknown[]) => intent) };
  const setupIntents = { create: vi.fn(async (..._args: unknown[]) => intent) };
  const client = {
    customers: { search: vi.fn(async () => ({ data: [{ id: 'cus_1' }] })), create: vi.fn() },
    paymentIntents,
    setupIntents,
  } as unknown as Stripe;
  return { client, paymentIntents, setupIntents };
}

const chargeInput = {
  channelId: 1,
  userId: 7,
  email: 'fan@example.com',
  orderId: 41,
  amount: 10.99,
  currency: 'USD',
  paymentMethod: 'pm_from_stripe_js',
  idempotencyKey: 'order-41',
  saveCard: true,
  offSession: false,
  returnUrl: 'https://northfield.example/buy?event_id=12&single_event_package_id=1&order_id=41',
  description: 'Single event',
  kind: 'payment' as const,
};

const threeDSecure = {
  id: 'pi_3ds',
  status: 'requires_action',
  next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'https://hooks.stripe.com/3d_secure_2/hosted?x=1', return_url: chargeInput.returnUrl } },
  payment_method: { id: 'pm_from_stripe_js', card: { brand: 'visa', last4: '3220' } },
};

describe('Stripe charges of a card entered with Stripe.js', () => {
  it('confirm the browser’s payment method with the return address and answer 3-D Secure as a redirect', async () => {
    const fake = fakeStripe(threeDSecure);
    const stripe = new StripeProvider({ secretKey: 'sk_test_not_used', webhookSecret, client: fake.client });
    const result = await stripe.charge(chargeInput);
    expect(fake.paymentIntents.create.mock.calls[0]?.[0]).toMatchObject({
      amount: 1099,
      currency: 'usd',
      customer: 'cus_1',
      payment_method: 'pm_from_stripe_js',
      confirm: true,
      setup_future_usage: 'off_session',
      return_url: chargeInput.returnUrl,
      metadata: { channel_id: '1', user_id: '7', order_id: '41' },
    });
    expect(result).toEqual({ intentId: 'pi_3ds', status: 'requires_action', nextActionUrl: 'https://hooks.stripe.com/3d_secure_2/hosted?x=1', card: { brand: 'visa', last4: '3220' }, failureReason: null });
  });

  it('do the same for a trial’s card check (setup intent)', async () => {
    const fake = fakeStripe({ ...threeDSecure, id: 'seti_3ds' });
    const stripe = new StripeProvider({ secretKey: 'sk_test_not_used', webhookSecret, client: fake.client });
    const result = await stripe.setup({ channelId: 1, userId: 7, email: 'fan@example.com', paymentMethod: 'pm_from_stripe_js', orderId: 42, idempotencyKey: 'order-42', returnUrl: chargeInput.returnUrl });
    expect(fake.setupIntents.create.mock.calls[0]?.[0]).toMatchObject({ payment_method: 'pm_from_stripe_js', confirm: true, usage: 'off_session', return_url: chargeInput.returnUrl });
    expect(result).toMatchObject({ intentId: 'seti_3ds', status: 'requires_action', nextActionUrl: 'https://hooks.stripe.com/3d_secure_2/hosted?x=1' });
  });
});

/**
 * Cancelling goes through the real SDK over HTTP to a local server standing in for api.stripe.com
 * (the SDK's own `host`/`port`/`protocol` settings): no network call leaves the machine.
 */
describe('Stripe cancel', () => {
  interface Seen {
    method: string | undefined;
    path: string | undefined;
    body: string;
  }
  const intent = (id: string, status: string, channel = '1') => ({
    id,
    object: id.startsWith('seti_') ? 'setup_intent' : 'payment_intent',
    status,
    metadata: { channel_id: channel, order_id: '41' },
    payment_method: { id: 'pm_1', object: 'payment_method', card: { brand: 'visa', last4: '3220' } },
  });
  const routes: Record<string, [number, unknown]> = {
    'POST /v1/payment_intents/pi_open/cancel': [200, intent('pi_open', 'canceled')],
    'POST /v1/payment_intents/pi_paid/cancel': [
      400,
      { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'You cannot cancel this PaymentIntent because it has a status of succeeded.' } },
    ],
    'GET /v1/payment_intents/pi_paid': [200, intent('pi_paid', 'succeeded')],
    'POST /v1/setup_intents/seti_open/cancel': [200, intent('seti_open', 'canceled')],
    'POST /v1/payment_intents/pi_other/cancel': [200, intent('pi_other', 'canceled', '2')],
    'POST /v1/payment_intents/pi_down/cancel': [500, { error: { type: 'api_error', message: 'Stripe is down.' } }],
  };

  async function localStripe(): Promise<{ stripe: StripeProvider; seen: Seen[]; close: () => Promise<void> }> {
    const seen: Seen[] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        const path = request.url?.split('?')[0];
        seen.push({ method: request.method, path, body });
        const [status, answer] = routes[`${request.method} ${path}`] ?? [404, { error: { type: 'invalid_request_error', message: 'No such route.' } }];
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_local' });
        response.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = new Stripe('sk_test_local', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
    return { stripe: new StripeProvider({ secretKey: 'sk_test_local', webhookSecret, client }), seen, close: () => new Promise((resolve) => server.close(() => resolve())) };
  }

  it('cancels an open payment intent as abandoned', async () => {
    const local = await localStripe();
    try {
      expect(await local.stripe.cancel({ channelId: 1, userId: 7, intentId: 'pi_open' })).toEqual({ intentId: 'pi_open', status: 'canceled', card: { brand: 'visa', last4: '3220' } });
      expect(local.seen).toHaveLength(1);
      expect(local.seen[0]).toMatchObject({ method: 'POST', path: '/v1/payment_intents/pi_open/cancel' });
      expect(new URLSearchParams(local.seen[0]!.body).get('cancellation_reason')).toBe('abandoned');
    } finally {
      await local.close();
    }
  });

  it('cancels a trial’s setup intent through setupIntents', async () => {
    const local = await localStripe();
    try {
      expect(await local.stripe.cancel({ channelId: 1, userId: 7, intentId: 'seti_open' })).toMatchObject({ status: 'canceled' });
      expect(local.seen.map((s) => s.path)).toEqual(['/v1/setup_intents/seti_open/cancel']);
    } finally {
      await local.close();
    }
  });

  it('answers succeeded for an intent that had already taken the money (Stripe refuses the cancel)', async () => {
    const local = await localStripe();
    try {
      expect(await local.stripe.cancel({ channelId: 1, userId: 7, intentId: 'pi_paid' })).toMatchObject({ intentId: 'pi_paid', status: 'succeeded' });
      expect(local.seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /v1/payment_intents/pi_paid/cancel', 'GET /v1/payment_intents/pi_paid']);
    } finally {
      await local.close();
    }
  });

  it('throws when Stripe fails or the intent is another channel’s', async () => {
    const local = await localStripe();
    try {
      await expect(local.stripe.cancel({ channelId: 1, userId: 7, intentId: 'pi_down' })).rejects.toThrow(/Stripe is down/);
      await expect(local.stripe.cancel({ channelId: 1, userId: 7, intentId: 'pi_other' })).rejects.toThrow(/not this channel/);
    } finally {
      await local.close();
    }
  });
});

/** Refunds through the real SDK to a local stand-in for api.stripe.com, as the cancel tests above. */
describe('Stripe refund', () => {
  interface Seen {
    method: string | undefined;
    path: string | undefined;
    body: string;
    idempotencyKey: string | undefined;
  }
  const intent = (id: string, channel: string) => ({ id, object: 'payment_intent', status: 'succeeded', metadata: { channel_id: channel, order_id: '41' }, latest_charge: { id: 'ch_1', object: 'charge', refunded: false } });
  const routes: Record<string, [number, unknown]> = {
    'GET /v1/payment_intents/pi_paid': [200, intent('pi_paid', '1')],
    'GET /v1/payment_intents/pi_other': [200, intent('pi_other', '2')],
    'GET /v1/payment_intents/pi_refunded': [200, intent('pi_refunded', '1')],
    'GET /v1/payment_intents/pi_down': [200, intent('pi_down', '1')],
  };
  const refunds: Record<string, [number, unknown]> = {
    pi_paid: [200, { id: 're_1', object: 'refund', status: 'succeeded', amount: 1099, currency: 'usd', payment_intent: 'pi_paid' }],
    pi_refunded: [400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge ch_1 has already been refunded.' } }],
    pi_down: [500, { error: { type: 'api_error', message: 'Stripe is down.' } }],
  };

  async function localStripe(): Promise<{ stripe: StripeProvider; seen: Seen[]; close: () => Promise<void> }> {
    const seen: Seen[] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        const path = request.url?.split('?')[0];
        const key = request.headers['idempotency-key'];
        seen.push({ method: request.method, path, body, idempotencyKey: typeof key === 'string' ? key : undefined });
        const refundOf = new URLSearchParams(body).get('payment_intent') ?? '';
        const [status, answer] = path === '/v1/refunds' ? (refunds[refundOf] ?? [404, { error: { type: 'invalid_request_error', message: 'No such payment_intent.' } }]) : (routes[`${request.method} ${path}`] ?? [404, { error: { type: 'invalid_request_error', message: 'No such route.' } }]);
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_local' });
        response.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = new Stripe('sk_test_local', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
    return { stripe: new StripeProvider({ secretKey: 'sk_test_local', webhookSecret, client }), seen, close: () => new Promise((resolve) => server.close(() => resolve())) };
  }

  const input = { channelId: 1, orderId: 41, reason: 'The game was cancelled', idempotencyKey: 'order-41' };

  it('refunds this channel’s payment in full under the order’s idempotency key', async () => {
    const local = await localStripe();
    try {
      expect(await local.stripe.refund({ ...input, intentId: 'pi_paid' })).toEqual({ refundId: 're_1', status: 'succeeded', amount: 10.99 });
      const created = local.seen.find((s) => s.path === '/v1/refunds')!;
      const form = new URLSearchParams(created.body);
      expect(form.get('payment_intent')).toBe('pi_paid');
      expect(form.get('amount')).toBeNull();
      expect(form.get('metadata[order_id]')).toBe('41');
      expect(created.idempotencyKey).toBe('refund-1-order-41');
    } finally {
      await local.close();
    }
  });

  it('refuses another channel’s payment without asking for a refund, and says when Stripe refuses', async () => {
    const local = await localStripe();
    try {
      await expect(local.stripe.refund({ ...input, intentId: 'pi_other' })).rejects.toBeInstanceOf(RefundRefusedError);
      expect(local.seen.some((s) => s.path === '/v1/refunds')).toBe(false);
      await expect(local.stripe.refund({ ...input, intentId: 'pi_refunded' })).rejects.toThrow(/already been refunded/);
      await expect(local.stripe.refund({ ...input, intentId: 'pi_missing' })).rejects.toBeInstanceOf(RefundRefusedError);
      // Stripe unreachable or failing is no refusal: the caller says "try again".
      const down = local.stripe.refund({ ...input, intentId: 'pi_down' });
      await expect(down).rejects.toThrow(/Stripe is down/);
      await expect(down).rejects.not.toBeInstanceOf(RefundRefusedError);
    } finally {
      await local.close();
    }
  });

  it('reads the payment back for support: its status and whether it was refunded', async () => {
    const local = await localStripe();
    try {
      expect(await local.stripe.lookup(1, 'pi_paid')).toEqual({ status: 'succeeded', refunded: false });
      expect(await local.stripe.lookup(1, 'pi_other')).toBeNull();
    } finally {
      await local.close();
    }
  });
});

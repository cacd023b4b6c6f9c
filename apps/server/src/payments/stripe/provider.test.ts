import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../types.ts';
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

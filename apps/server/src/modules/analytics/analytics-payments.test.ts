import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RETRY_FIRST_MS } from './forget.ts';
import { applyPaymentEvent } from '../commerce/orders/index.ts';
import { type PaymentEvent, signSandboxPayload } from '../payments/index.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { registerViewer } from '../../../test/support/commerce.ts';

/**
 * Every charge this server settles is told to the analytics service (`src/modules/analytics/payments.ts`),
 * whose revenue reports count nothing else. The service is a real HTTP server on a local port
 * standing in for its `POST /admin/payment`: it checks the bearer token, stores each charge once by
 * its id as the service does, and keeps every call it receives.
 */

const TOKEN = 'payments-test-token-0123456789abcdef';

interface PaymentCall {
  authorization: string | undefined;
  body: Record<string, unknown>;
  status: number;
}

let server: Server;
let url = '';
const calls: PaymentCall[] = [];
const stored = new Map<string, Record<string, unknown>>();
let answer: 200 | 500 = 200;

function send(response: ServerResponse, status: number, body: object) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
async function handle(request: IncomingMessage, response: ServerResponse) {
  let raw = '';
  for await (const chunk of request) raw += String(chunk);
  if (request.method !== 'POST' || request.url !== '/admin/payment') return send(response, 404, { message: 'No route.', field: 'url' });
  const body = JSON.parse(raw) as Record<string, unknown>;
  const call: PaymentCall = { authorization: request.headers.authorization, body, status: 0 };
  calls.push(call);
  call.status = request.headers.authorization !== `Bearer ${TOKEN}` ? 401 : answer;
  if (call.status !== 200) return send(response, call.status, { message: `answered ${call.status}`, field: 'authorization' });
  const key = `${String(body.channel)}/${String(body.payment_id)}`;
  const isNew = !stored.has(key);
  if (isNew) stored.set(key, body);
  return send(response, 200, { data: { stored: isNew } });
}

let t: TestApp;
let channelId: number;
let eventId: number;

beforeAll(async () => {
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await buildTestApp({ analyticsForget: { url, adminToken: TOKEN, intervalMs: 0 } });
  channelId = t.channel('alpha').id;
  eventId = (await t.database.db.selectFrom('events').select('id').where('channel_id', '=', channelId).executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(async () => {
  // Each test starts with every earlier charge told and a service that answers.
  await t.database.db.updateTable('transactions').set({ analytics_reported_at: new Date() }).where('analytics_reported_at', 'is', null).execute();
  calls.length = 0;
  answer = 200;
});

/**
 * An order of a viewer of alpha, waiting for its webhook, settled by `type`: by the fulfilment
 * itself, or through the provider's signed webhook (`viaWebhook`), as the sandbox would.
 */
async function settledOrder(type: PaymentEvent['type'], amount = 11.49, viaWebhook = false): Promise<{ orderId: number; transactionId: number }> {
  const key = await registerViewer(t);
  const profile = await t.app.inject({ url: `/api/profile?api_key=${key}` });
  const userId = (profile.json() as { data: { id: number } }).data.id;
  const db = t.database.db;
  const intentId = `pi_${randomUUID()}`;
  const order = await db
    .insertInto('orders')
    .values({ channel_id: channelId, user_id: userId, type: 'event', product_id: eventId, product_name: 'South vs North', amount, currency: 'USD', idempotency_key: randomUUID(), request_fingerprint: 'test', provider: 'sandbox', provider_ref: intentId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const transaction = await db.insertInto('transactions').values({ channel_id: channelId, order_id: order.id, kind: 'Purchase', amount, currency: 'USD', provider_ref: intentId }).returning('id').executeTakeFirstOrThrow();
  const event: PaymentEvent = {
    id: `evt_${randomUUID()}`,
    type,
    created: Math.floor(Date.now() / 1000),
    intentId,
    orderId: order.id,
    channelId,
    card: { brand: 'visa', last4: '4242' },
    failureReason: type === 'payment.failed' ? 'Your card was declined.' : null,
  };
  if (viaWebhook) {
    const body = JSON.stringify(event);
    const signature = signSandboxPayload(body, t.app.payments.sandbox.webhookSecret, Math.floor(Date.now() / 1000));
    const response = await t.app.inject({ method: 'POST', url: '/api/sandbox/webhook', headers: { 'content-type': 'application/json', 'grandstand-signature': signature }, payload: body });
    expect(response.statusCode, response.body).toBe(200);
  } else {
    expect(await applyPaymentEvent(db, 'sandbox', event)).toBe('applied');
  }
  return { orderId: order.id, transactionId: transaction.id };
}

describe('telling the analytics service about settled charges', () => {
  it('a paid order is told once, with the channel, the charge id, the amount and the product, under the admin token', async () => {
    const { orderId, transactionId } = await settledOrder('payment.succeeded', 11.49);
    expect(await t.app.analyticsPayments!.run()).toEqual({ reported: 1, failed: 0 });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.authorization).toBe(`Bearer ${TOKEN}`);
    expect(calls[0]!.body).toMatchObject({
      channel: 'alpha',
      payment_id: String(transactionId),
      order_id: orderId,
      product_type: 'event',
      product_id: eventId,
      product_name: 'South vs North',
      amount: 11.49,
      currency: 'USD',
    });
    expect(new Date(String(calls[0]!.body.paid_at)).getTime()).toBeLessThanOrEqual(Date.now());
    // Told: the next run sends nothing.
    expect(await t.app.analyticsPayments!.run()).toEqual({ reported: 0, failed: 0 });
    expect(calls).toHaveLength(1);
  });

  it('the webhook that settles a charge has it told at once, without waiting for the job', async () => {
    const { transactionId } = await settledOrder('payment.succeeded', 24.5, true);
    await t.app.analyticsPayments!.idle();
    expect(calls.map((call) => call.body.payment_id)).toEqual([String(transactionId)]);
    expect(calls[0]!.body).toMatchObject({ channel: 'alpha', amount: 24.5, currency: 'USD' });
    const row = await t.database.db.selectFrom('transactions').select('analytics_reported_at').where('id', '=', transactionId).executeTakeFirstOrThrow();
    expect(row.analytics_reported_at).not.toBeNull();
  });

  it('a failed payment is never told: it is no revenue', async () => {
    await settledOrder('payment.failed');
    expect(await t.app.analyticsPayments!.run()).toEqual({ reported: 0, failed: 0 });
    expect(calls).toHaveLength(0);
  });

  it('a service answering 500 leaves the charge to tell; a run after the back-off tells it', async () => {
    const { transactionId } = await settledOrder('payment.succeeded');
    answer = 500;
    expect(await t.app.analyticsPayments!.run()).toEqual({ reported: 0, failed: 1 });
    // Within the back-off nothing is called again.
    expect(await t.app.analyticsPayments!.run()).toEqual({ reported: 0, failed: 0 });
    answer = 200;
    expect(await t.app.analyticsPayments!.run(new Date(Date.now() + RETRY_FIRST_MS + 1_000))).toEqual({ reported: 1, failed: 0 });
    const row = await t.database.db.selectFrom('transactions').select(['analytics_reported_at', 'analytics_report_attempts']).where('id', '=', transactionId).executeTakeFirstOrThrow();
    expect(row.analytics_reported_at).not.toBeNull();
    expect(row.analytics_report_attempts).toBe(2);
    expect(calls.map((call) => call.status)).toEqual([500, 200]);
  });
});

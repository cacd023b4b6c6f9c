import type { IncomingHttpHeaders } from 'node:http';
import { ApiErrorBody, SANDBOX_TEST_CARDS, SandboxPaymentMethodResponse } from '@grandstand/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CardProviderApi, ChargeInput, PaymentEvent } from './index.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhookReceiver.ts';

// The sandbox card processor through the running app: its card entry, the four test
// cards, the challenge page of 3220, saved cards and the portal, and signed webhooks over HTTP.
let t: TestApp;
let key: string;
let sandbox: CardProviderApi;
let receiver: WebhookReceiver;
let alpha: number;
let userA: number;
let userB: number;
const SITE = 'http://alpha.localhost:8080';
const FUTURE_YEAR = new Date().getUTCFullYear() + 5;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const webhookUrl = receiver.url;
  t = await buildTestApp({ payments: { sandbox: { webhookUrl, deliveryDelayMs: 5, retryDelaysMs: [20] } } });
  key = await t.keyFor('alpha');
  alpha = t.channel('alpha').id;
  const insert = (email: string) =>
    t.database.db.insertInto('users').values({ channel_id: alpha, email, password_hash: null, first_name: null, last_name: null }).returning('id').executeTakeFirstOrThrow();
  userA = (await insert('buyer-a@example.com')).id;
  userB = (await insert('buyer-b@example.com')).id;
  const provider = t.app.payments.provider('sandbox');
  if (!provider) throw new Error('the sandbox is always there');
  sandbox = provider;
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
beforeEach(async () => {
  // Each test sees only its own webhooks.
  await t.app.payments.sandbox.flushWebhooks();
  receiver.received.length = 0;
});

async function cardEntry(number: string, extra: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/sandbox/payment_methods', payload: { api_key: key, number, exp_month: 12, exp_year: FUTURE_YEAR, cvc: '123', ...extra } });
}

async function paymentMethod(number: string): Promise<string> {
  const response = await cardEntry(number);
  expect(response.statusCode).toBe(200);
  return SandboxPaymentMethodResponse.parse(response.json()).data.id;
}

let keys = 0;
function chargeInput(paymentMethod: string, overrides: Partial<ChargeInput> = {}): ChargeInput {
  keys++;
  return {
    channelId: alpha,
    userId: userA,
    email: 'buyer-a@example.com',
    orderId: 1000 + keys,
    amount: 12.5,
    currency: 'USD',
    paymentMethod,
    idempotencyKey: `test-key-${keys}`,
    saveCard: false,
    offSession: false,
    returnUrl: `${SITE}/buy?event_id=1&order_id=${1000 + keys}`,
    description: 'Final: Lions v Bears',
    kind: 'payment',
    ...overrides,
  };
}

/** The webhooks that reached the endpoint, each verified as the webhook route would. */
async function webhooks(): Promise<PaymentEvent[]> {
  await t.app.payments.sandbox.flushWebhooks();
  return receiver.received.map((r) => sandbox.verifyWebhook(r.body, r.headers));
}

describe('POST /api/sandbox/payment_methods (card entry)', () => {
  it('turns a valid card into a payment method: brand and last four only', async () => {
    const response = await cardEntry('4242 4242 4242 4242');
    expect(response.statusCode).toBe(200);
    const card = SandboxPaymentMethodResponse.parse(response.json()).data;
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: FUTURE_YEAR });
    expect(card.id).toMatch(/^pm_sbx_/);
  });

  it('answers field-named 400s: Luhn, expiry, security code, format', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ number: '4242424242424241' }, 'number'],
      [{ exp_year: 2001 }, 'exp_year'],
      [{ cvc: '12' }, 'cvc'],
      [{ exp_month: 13 }, 'exp_month'],
      [{ number: '378282246310005', cvc: '123' }, 'cvc'],
    ];
    for (const [change, field] of cases) {
      const response = await cardEntry(String(change.number ?? SANDBOX_TEST_CARDS.succeeds), change);
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(ApiErrorBody.parse(response.json()).field).toBe(field);
    }
  });

  it('needs the api key, as every /api call', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/sandbox/payment_methods', payload: { number: SANDBOX_TEST_CARDS.succeeds, exp_month: 1, exp_year: FUTURE_YEAR, cvc: '123' } });
    expect(response.statusCode).toBe(403);
  });
});

describe('the test cards', () => {
  it('4242 4242 4242 4242: processing, then a signed payment.succeeded webhook', async () => {
    const input = chargeInput(await paymentMethod(SANDBOX_TEST_CARDS.succeeds));
    const result = await sandbox.charge(input);
    expect(result).toMatchObject({ status: 'processing', nextActionUrl: null, card: { brand: 'visa', last4: '4242' }, failureReason: null });
    const events = await webhooks();
    expect(events).toEqual([expect.objectContaining({ type: 'payment.succeeded', intentId: result.intentId, orderId: input.orderId, channelId: alpha, failureReason: null })]);
  });

  it('4000 0000 0000 0002: declined', async () => {
    const result = await sandbox.charge(chargeInput(await paymentMethod(SANDBOX_TEST_CARDS.declined)));
    expect(result).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.' });
    expect(await webhooks()).toEqual([expect.objectContaining({ type: 'payment.failed', intentId: result.intentId, failureReason: 'Your card was declined.' })]);
  });

  it('4000 0000 0000 9995: insufficient funds', async () => {
    const result = await sandbox.charge(chargeInput(await paymentMethod(SANDBOX_TEST_CARDS.insufficientFunds)));
    expect(result).toMatchObject({ status: 'failed', failureReason: 'Your card has insufficient funds.' });
    expect(await webhooks()).toEqual([expect.objectContaining({ type: 'payment.failed', failureReason: 'Your card has insufficient funds.' })]);
  });

  it('4000 0000 0000 3220: the challenge page, then Complete authentication → succeeded and back to the site', async () => {
    const input = chargeInput(await paymentMethod(SANDBOX_TEST_CARDS.authenticate));
    const result = await sandbox.charge(input);
    expect(result.status).toBe('requires_action');
    expect(result.nextActionUrl).toBe(`${SITE}/sandbox/authenticate/${result.intentId}`);
    expect(await webhooks()).toEqual([]);

    const path = new URL(result.nextActionUrl!).pathname;
    const page = await t.app.inject({ method: 'GET', url: path, headers: { host: 'alpha.localhost:8080' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Complete authentication');
    expect(page.body).toContain('Fail authentication');
    expect(page.body).toContain('$12.50');

    const done = await t.app.inject({ method: 'POST', url: path, headers: { host: 'alpha.localhost:8080', 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=complete' });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(input.returnUrl);
    expect(await webhooks()).toEqual([expect.objectContaining({ type: 'payment.succeeded', intentId: result.intentId, orderId: input.orderId })]);

    // A second answer changes nothing and sends nothing.
    receiver.received.length = 0;
    const again = await t.app.inject({ method: 'POST', url: path, headers: { host: 'alpha.localhost:8080', 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=fail' });
    expect(again.statusCode).toBe(303);
    expect(await webhooks()).toEqual([]);
  });

  it('4000 0000 0000 3220: Fail authentication → payment.failed', async () => {
    const result = await sandbox.charge(chargeInput(await paymentMethod(SANDBOX_TEST_CARDS.authenticate)));
    const path = new URL(result.nextActionUrl!).pathname;
    const done = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=fail' });
    expect(done.statusCode).toBe(303);
    expect(await webhooks()).toEqual([expect.objectContaining({ type: 'payment.failed', failureReason: "The card's extra authentication failed." })]);
  });

  it('3220 off session (a renewal): nobody can authenticate, so it fails', async () => {
    const result = await sandbox.charge(chargeInput(await paymentMethod(SANDBOX_TEST_CARDS.authenticate), { offSession: true, returnUrl: null }));
    expect(result).toMatchObject({ status: 'failed', failureReason: "The card's extra authentication failed." });
    expect((await webhooks())[0]?.type).toBe('payment.failed');
  });

  it('any other valid number succeeds', async () => {
    const result = await sandbox.charge(chargeInput(await paymentMethod('5555555555554444')));
    expect(result.status).toBe('processing');
    expect((await webhooks())[0]?.type).toBe('payment.succeeded');
  });
});

describe('idempotency and ownership', () => {
  it('one key is one payment: concurrent calls get the same intent and one webhook', async () => {
    const before = await t.app.payments.sandbox.chargeCount(alpha);
    const input = chargeInput(await paymentMethod(SANDBOX_TEST_CARDS.succeeds));
    const results = await Promise.all(Array.from({ length: 10 }, () => sandbox.charge(input)));
    expect(new Set(results.map((r) => r.intentId)).size).toBe(1);
    expect(await t.app.payments.sandbox.chargeCount(alpha)).toBe(before + 1);
    expect(await webhooks()).toHaveLength(1);
  });

  it("refuses another viewer's saved card and an unknown one", async () => {
    const pm = await paymentMethod(SANDBOX_TEST_CARDS.succeeds);
    await sandbox.charge(chargeInput(pm, { saveCard: true }));
    const stolen = await sandbox.charge(chargeInput(pm, { userId: userB, email: 'buyer-b@example.com' }));
    expect(stolen.status).toBe('failed');
    const unknown = await sandbox.charge(chargeInput('pm_sbx_nope'));
    expect(unknown.status).toBe('failed');
  });
});

describe('saved cards, setup and the customer portal', () => {
  it('saves a card on a successful payment with saveCard and charges it again by id', async () => {
    const pm = await paymentMethod('4000056655665556');
    await sandbox.charge(chargeInput(pm, { userId: userB, email: 'buyer-b@example.com', saveCard: true }));
    const cards = await sandbox.listCards(alpha, userB);
    expect(cards.map((c) => c.id)).toContain(pm);
    const again = await sandbox.charge(chargeInput(pm, { userId: userB, email: 'buyer-b@example.com' }));
    expect(again.status).toBe('processing');
  });

  it('setup checks and saves a card; a declined card fails the setup', async () => {
    const pm = await paymentMethod(SANDBOX_TEST_CARDS.insufficientFunds);
    const ok = await sandbox.setup({ channelId: alpha, userId: userA, email: 'buyer-a@example.com', paymentMethod: pm, orderId: 77, idempotencyKey: 'setup-key-1', returnUrl: null });
    expect(ok.status).toBe('processing');
    expect((await sandbox.listCards(alpha, userA)).map((c) => c.id)).toContain(pm);
    const declined = await sandbox.setup({ channelId: alpha, userId: userA, email: 'buyer-a@example.com', paymentMethod: await paymentMethod(SANDBOX_TEST_CARDS.declined), orderId: 78, idempotencyKey: 'setup-key-2', returnUrl: null });
    expect(declined).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.' });
    const types = (await webhooks()).map((e) => [e.orderId, e.type]);
    expect(types).toEqual(expect.arrayContaining([[77, 'setup.succeeded'], [78, 'setup.failed']]));
  });

  it('the portal lists the saved cards, removes one, and links back to the site', async () => {
    const pm = await paymentMethod(SANDBOX_TEST_CARDS.succeeds);
    await sandbox.charge(chargeInput(pm, { saveCard: true }));
    const url = new URL(await sandbox.customerPortalUrl(alpha, userA, 'buyer-a@example.com', `${SITE}/profile`));
    expect(url.origin).toBe(SITE);
    const page = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`href="${SITE}/profile"`);
    expect(page.body).toContain(`/cards/${pm}/remove`);
    const removed = await t.app.inject({ method: 'POST', url: `${url.pathname}/cards/${pm}/remove` });
    expect(removed.statusCode).toBe(303);
    expect((await sandbox.listCards(alpha, userA)).map((c) => c.id)).not.toContain(pm);
    // The removed card can no longer be charged.
    expect((await sandbox.charge(chargeInput(pm))).status).toBe('failed');
  });

  it('refuses a tampered portal link', async () => {
    const url = new URL(await sandbox.customerPortalUrl(alpha, userA, 'buyer-a@example.com', `${SITE}/profile`));
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}x` });
    expect(page.statusCode).toBe(404);
  });
});

describe('webhook verification through the provider', () => {
  it('refuses a forged or replayed-late sandbox webhook', async () => {
    const { signSandboxPayload } = await import('./index.ts');
    const body = JSON.stringify({ id: 'evt_x', type: 'payment.succeeded', created: 1, intentId: 'pi_x', orderId: 1, channelId: alpha, card: null, failureReason: null });
    const now = Math.floor(Date.now() / 1000);
    expect(() => sandbox.verifyWebhook(body, { 'grandstand-signature': signSandboxPayload(body, 'not-the-secret', now) })).toThrow(/does not match/);
    expect(() => sandbox.verifyWebhook(body, { 'grandstand-signature': signSandboxPayload(body, t.app.payments.sandbox.webhookSecret, now - 301) })).toThrow(/too old/);
    expect(sandbox.verifyWebhook(body, { 'Grandstand-Signature': signSandboxPayload(body, t.app.payments.sandbox.webhookSecret, now) }).id).toBe('evt_x');
  });
});

describe('default webhook address', () => {
  it("posts to this server's own /api/sandbox/webhook over HTTP once it listens", async () => {
    const own = await buildTestApp({ payments: { sandbox: { deliveryDelayMs: 0, retryDelaysMs: [] } } });
    try {
      const seen: Array<{ url: string | undefined; signature: string | string[] | undefined }> = [];
      own.app.server.on('request', (request: { url?: string; headers: IncomingHttpHeaders }) => seen.push({ url: request.url, signature: request.headers['grandstand-signature'] }));
      await own.app.listen({ port: 0, host: '127.0.0.1' });
      const channelId = own.channel('alpha').id;
      const user = await own.database.db.insertInto('users').values({ channel_id: channelId, email: 'own@example.com', password_hash: null, first_name: null, last_name: null }).returning('id').executeTakeFirstOrThrow();
      const entry = await own.app.inject({ method: 'POST', url: '/api/sandbox/payment_methods', payload: { api_key: await own.keyFor('alpha'), number: SANDBOX_TEST_CARDS.succeeds, exp_month: 12, exp_year: FUTURE_YEAR, cvc: '123' } });
      const pm = SandboxPaymentMethodResponse.parse(entry.json()).data.id;
      await own.app.payments.provider('sandbox')!.charge({ ...chargeInput(pm), channelId, userId: user.id });
      await own.app.payments.sandbox.flushWebhooks();
      expect(seen).toEqual([{ url: '/api/sandbox/webhook', signature: expect.stringMatching(/^t=\d+,v1=[0-9a-f]{64}$/) }]);
    } finally {
      await own.close();
    }
  });
});

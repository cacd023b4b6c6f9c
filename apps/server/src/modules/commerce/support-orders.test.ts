import { randomUUID } from 'node:crypto';
import { ApiErrorBody, BuyResponse, CONSOLE_CODES, EventDetailResponse, SUPPORT_ERROR_CODES, SupportCompOptions, SupportOrderResponse, SupportOrdersResponse, UserAccessResponse } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { ppvEvent, registerViewer, sandboxCard, settledOrder } from '../../../test/support/commerce.ts';
import { consoleCall, makeOperator, signIn } from '../operators/testing.ts';

// Support's orders in the control room: find, refund through the provider (which ends the access
// on every instance at the viewer's next ask), comp. Each route refuses the roles that must not use it.
let t: TestApp;
let alpha: number;
let bravo: number;
let eventId: number;
let singlePackageId: number;
let teamPassId: number;
let teamId: number;
const session: Record<'owner' | 'producer' | 'support' | 'analyst' | 'bravoSupport', string> = { owner: '', producer: '', support: '', analyst: '', bravoSupport: '' };

beforeAll(async () => {
  t = await buildTestApp();
  alpha = t.channel('alpha').id;
  bravo = t.channel('bravo').id;
  for (const role of ['owner', 'producer', 'support', 'analyst'] as const) {
    await makeOperator(t.app, `${role}@orders-alpha.test`, [[alpha, role]]);
    session[role] = await signIn(t.app, 'alpha', `${role}@orders-alpha.test`);
  }
  await makeOperator(t.app, 'support@orders-bravo.test', [[bravo, 'support']]);
  session.bravoSupport = await signIn(t.app, 'bravo', 'support@orders-bravo.test');
  ({ eventId, singlePackageId } = await ppvEvent(t));
  const db = t.database.db;
  // The ppv game has started: a viewer allowed to watch it is handed a stream address.
  await db.updateTable('events').set({ stream_status: 'finished' }).where('id', '=', eventId).execute();
  const team = await db.selectFrom('participants').select('id').where('channel_id', '=', alpha).where('seed_ref', '=', 'north-boys').executeTakeFirstOrThrow();
  teamId = team.id;
  const pass = await db
    .insertInto('packages')
    .values({ channel_id: alpha, name: 'North Boys pass', description: null, scope: 'category', is_team_pass: true, participant_ids: JSON.stringify([teamId]), base_price: 20, service_fee: 0, offer: 'annual', period: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  teamPassId = pass.id;
});
afterAll(async () => t.close());

function call(method: 'GET' | 'POST', url: string, payload?: unknown, credential: string = session.support, slug = 'alpha') {
  return consoleCall(t.app, slug, { method, url, payload, credential });
}

async function userIdOf(key: string): Promise<number> {
  const profile = await t.app.inject({ url: `/api/profile?api_key=${key}` });
  return (profile.json() as { data: { id: number } }).data.id;
}

async function emailOf(key: string): Promise<string> {
  const profile = await t.app.inject({ url: `/api/profile?api_key=${key}` });
  return (profile.json() as { data: { email: string } }).data.email;
}

/** A viewer who bought the ppv game with the sandbox: their key and the paid order's id. */
async function buyer(): Promise<{ key: string; orderId: number }> {
  const key = await registerViewer(t);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/buy',
    payload: { api_key: key, idempotency_key: randomUUID(), type: 'event', event_id: eventId, single_event_package_id: singlePackageId, payment_method: await sandboxCard(t, key) },
  });
  expect(response.statusCode, response.body).toBe(200);
  const order = await settledOrder(t, key, BuyResponse.parse(response.json()).data.order.id);
  expect(order.status).toBe('paid');
  return { key, orderId: order.id };
}

async function streamOf(key: string, app = t.app) {
  const response = await app.inject({ url: `/api/events/${eventId}?api_key=${key}` });
  expect(response.statusCode, response.body).toBe(200);
  return EventDetailResponse.parse(response.json()).data;
}

function expectRefusal(response: { statusCode: number; body: string; json(): unknown }, status: number, field: string, code?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = ApiErrorBody.parse(response.json());
  expect(body.field).toBe(field);
  if (code !== undefined) expect(body.code).toBe(code);
}

const ROUTES: Array<{ method: 'GET' | 'POST'; url: string; payload?: unknown }> = [
  { method: 'GET', url: '/orders' },
  { method: 'GET', url: '/orders/comp-options' },
  { method: 'GET', url: '/orders/1' },
  { method: 'POST', url: '/orders/1/refund', payload: { reason: 'Cancelled game' } },
  { method: 'POST', url: '/orders/comp', payload: { viewerId: 1, type: 'event', productId: 1, reason: 'Apology' } },
];

describe('who may use the orders', () => {
  it('refuses every route without a session (401)', async () => {
    for (const route of ROUTES) expect((await consoleCall(t.app, 'alpha', { ...route })).statusCode, `${route.method} ${route.url}`).toBe(401);
  });

  it('refuses a producer and an analyst every route (403)', async () => {
    for (const role of ['producer', 'analyst'] as const) {
      for (const route of ROUTES) {
        const response = await call(route.method, route.url, route.payload, session[role]);
        expect(response.statusCode, `${role} ${route.method} ${route.url}`).toBe(403);
        expect(ApiErrorBody.parse(response.json()).code).toBe(CONSOLE_CODES.forbidden);
      }
    }
  });

  it("refuses another channel's support on this channel's host", async () => {
    for (const route of ROUTES) expect((await call(route.method, route.url, route.payload, session.bravoSupport)).statusCode, `${route.method} ${route.url}`).toBe(403);
  });

  it('lets support and the owner read', async () => {
    for (const role of ['support', 'owner'] as const) {
      expect((await call('GET', '/orders', undefined, session[role])).statusCode).toBe(200);
      expect((await call('GET', '/orders/comp-options', undefined, session[role])).statusCode).toBe(200);
    }
  });
});

describe('finding orders', () => {
  it('by the viewer’s email, the event, the status and the day; a bad range or date is named', async () => {
    const { key, orderId } = await buyer();
    const email = await emailOf(key);
    const byEmail = SupportOrdersResponse.parse((await call('GET', `/orders?email=${encodeURIComponent(email.slice(0, 12).toUpperCase())}`)).json());
    expect(byEmail.orders.map((o) => o.id)).toContain(orderId);
    expect(byEmail.orders.every((o) => o.viewer.email.toLowerCase().includes(email.slice(0, 12).toLowerCase()))).toBe(true);
    const found = byEmail.orders.find((o) => o.id === orderId)!;
    expect(found).toMatchObject({ type: 'event', productId: eventId, status: 'paid', active: true, provider: 'sandbox', comp: false });
    const byEvent = SupportOrdersResponse.parse((await call('GET', `/orders?eventId=${eventId}&status=paid`)).json());
    expect(byEvent.orders.map((o) => o.id)).toContain(orderId);
    expect(byEvent.orders.every((o) => o.productId === eventId && o.status === 'paid')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(SupportOrdersResponse.parse((await call('GET', `/orders?from=${today}&to=${today}`)).json()).orders.map((o) => o.id)).toContain(orderId);
    expect(SupportOrdersResponse.parse((await call('GET', '/orders?from=2001-01-01&to=2001-01-31')).json()).total).toBe(0);
    expectRefusal(await call('GET', '/orders?from=2026-05-02&to=2026-05-01'), 422, 'to', SUPPORT_ERROR_CODES.badRange);
    expectRefusal(await call('GET', '/orders?from=yesterday'), 400, 'from');
    expectRefusal(await call('GET', '/orders?status=lost'), 400, 'status');
    // Another channel's support finds none of alpha's orders on their own host.
    const bravoList = SupportOrdersResponse.parse((await call('GET', `/orders?email=${encodeURIComponent(email)}`, undefined, session.bravoSupport, 'bravo')).json());
    expect(bravoList.total).toBe(0);
  });

  it("shows the order's charges and the provider's own record of the payment", async () => {
    const { orderId } = await buyer();
    const detail = SupportOrderResponse.parse((await call('GET', `/orders/${orderId}`)).json());
    expect(detail.transactions).toHaveLength(1);
    expect(detail.transactions[0]).toMatchObject({ kind: 'Purchase', status: 'succeeded', card: 'visa •••• 4242' });
    expect(detail.payment).toMatchObject({ provider: 'sandbox', ref: detail.transactions[0]!.providerRef, status: 'succeeded', refunded: false, dashboardUrl: null });
  });
});

describe('a refund', () => {
  it('gives the money back through the sandbox, ends the access at once on every instance, and is audited with its reason', async () => {
    const second = await buildApp({ db: t.database.db, channels: t.channels, logger: false, sitesDir: '/nonexistent-sites' });
    await second.ready();
    try {
      const { key, orderId } = await buyer();
      expect((await streamOf(key)).stream).not.toBeNull();
      expect((await streamOf(key, second)).stream).not.toBeNull();
      const started = Date.now();
      const refunded = await call('POST', `/orders/${orderId}/refund`, { reason: 'The game was cancelled' });
      expect(refunded.statusCode, refunded.body).toBe(200);
      const answer = SupportOrderResponse.parse(refunded.json());
      expect(answer.order).toMatchObject({ status: 'refunded', active: false, refundReason: 'The game was cancelled', refundedBy: 'support@orders-alpha.test' });
      expect(answer.order.refundProviderRef).toMatch(/^re_sbx_/);
      expect(answer.payment).toMatchObject({ refunded: true });
      // No new stream address, on this instance or another on the same database, well within 10 s.
      for (const app of [t.app, second]) {
        const event = await streamOf(key, app);
        expect(event.stream).toBeNull();
        expect(event.access.allowed).toBe(false);
      }
      expect(Date.now() - started).toBeLessThan(10_000);
      const access = UserAccessResponse.parse((await t.app.inject({ url: `/api/user/access?api_key=${key}` })).json()).data;
      expect(access.event_ids).not.toContain(eventId);
      const audit = await t.app.db.selectFrom('audit_log').selectAll().where('channel_id', '=', alpha).where('subject', '=', `order:${orderId}`).execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'order.refund', actor_label: 'support@orders-alpha.test' });
      // The viewer's own order says Refunded (spec §3 labels).
      expect((await t.app.inject({ url: `/api/orders/${orderId}?api_key=${key}` })).json()).toMatchObject({ data: { status: 'refunded', label: 'Refunded' } });
    } finally {
      await second.close();
    }
  });

  it('is made once, however often and by however many operators it is asked', async () => {
    const { orderId } = await buyer();
    const answers = await Promise.all([
      call('POST', `/orders/${orderId}/refund`, { reason: 'Charged twice' }),
      call('POST', `/orders/${orderId}/refund`, { reason: 'Charged twice' }, session.owner),
      call('POST', `/orders/${orderId}/refund`, { reason: 'Charged twice' }),
    ]);
    const refs = new Set<string | null>();
    for (const answer of answers) {
      if (answer.statusCode === 200) refs.add(SupportOrderResponse.parse(answer.json()).order.refundProviderRef);
      else expectRefusal(answer, 409, 'id', SUPPORT_ERROR_CODES.notRefundable);
    }
    expect(refs.size).toBe(1);
    const intents = await t.app.db.selectFrom('sandbox_intents').select('refund_id').where('order_id', '=', orderId).execute();
    expect(intents.map((i) => i.refund_id)).toEqual([...refs]);
    expect(await t.app.db.selectFrom('audit_log').select('id').where('subject', '=', `order:${orderId}`).where('action', '=', 'order.refund').execute()).toHaveLength(1);
    // Refunded already: refused, and the provider is not asked again.
    expectRefusal(await call('POST', `/orders/${orderId}/refund`, { reason: 'Again' }), 409, 'id', SUPPORT_ERROR_CODES.notRefundable);
  });

  it('needs a reason, and refuses an order that is not paid, unknown, or another channel’s', async () => {
    const { orderId } = await buyer();
    expectRefusal(await call('POST', `/orders/${orderId}/refund`, {}), 400, 'reason');
    expectRefusal(await call('POST', `/orders/${orderId}/refund`, { reason: '  ' }), 400, 'reason');
    expectRefusal(await call('POST', `/orders/${orderId}/refund`, { reason: 'x'.repeat(501) }), 400, 'reason');
    expectRefusal(await call('POST', `/orders/${orderId}/refund`, { reason: 'Fine', extra: 1 }), 400, 'body');
    expectRefusal(await call('POST', '/orders/99999999/refund', { reason: 'Missing' }), 404, 'id', SUPPORT_ERROR_CODES.notFound);
    expectRefusal(await call('POST', '/orders/abc/refund', { reason: 'Bad id' }), 400, 'id');
    // Bravo's support cannot reach alpha's order from bravo's host: it is not theirs.
    expectRefusal(await call('POST', `/orders/${orderId}/refund`, { reason: 'Not mine' }, session.bravoSupport, 'bravo'), 404, 'id', SUPPORT_ERROR_CODES.notFound);
    expectRefusal(await call('GET', `/orders/${orderId}`, undefined, session.bravoSupport, 'bravo'), 404, 'id');
    expect(SupportOrderResponse.parse((await call('GET', `/orders/${orderId}`)).json()).order.status).toBe('paid');
    const failed = await t.app.db.updateTable('orders').set({ status: 'failed' }).where('id', '=', orderId).returning('id').executeTakeFirstOrThrow();
    expectRefusal(await call('POST', `/orders/${failed.id}/refund`, { reason: 'Failed order' }), 409, 'id', SUPPORT_ERROR_CODES.notRefundable);
  });
});

describe('a comp', () => {
  it('gives a single event at 0, marked as a comp, which plays; refused twice and audited', async () => {
    const key = await registerViewer(t);
    const viewerId = await userIdOf(key);
    expect((await streamOf(key)).stream).toBeNull();
    const options = SupportCompOptions.parse((await call('GET', '/orders/comp-options')).json());
    expect(options.events.map((e) => e.id)).toContain(eventId);
    expect(options.passes.find((p) => p.id === teamPassId)?.teams).toEqual([{ id: teamId, name: expect.any(String) }]);
    const response = await call('POST', '/orders/comp', { viewerId, type: 'event', productId: eventId, reason: 'Stream failed last week' });
    expect(response.statusCode, response.body).toBe(200);
    const comp = SupportOrderResponse.parse(response.json()).order;
    expect(comp).toMatchObject({ amount: 0, status: 'paid', provider: 'comp', comp: true, active: true, compReason: 'Stream failed last week', compedBy: 'support@orders-alpha.test' });
    expect((await streamOf(key)).stream).not.toBeNull();
    expectRefusal(await call('POST', '/orders/comp', { viewerId, type: 'event', productId: eventId, reason: 'Again' }), 409, 'productId', SUPPORT_ERROR_CODES.alreadyOwned);
    expect(await t.app.db.selectFrom('audit_log').select('action').where('subject', '=', `order:${comp.id}`).execute()).toEqual([{ action: 'order.comp' }]);
    // No money moved: no charge, nothing for the analytics service to count as revenue.
    expect(await t.app.db.selectFrom('transactions').select('id').where('order_id', '=', comp.id).execute()).toEqual([]);
    expect(SupportOrdersResponse.parse((await call('GET', '/orders?comp=true')).json()).orders.every((o) => o.comp)).toBe(true);
  });

  it('gives a team pass for one of its teams, for its term', async () => {
    const key = await registerViewer(t);
    const viewerId = await userIdOf(key);
    expectRefusal(await call('POST', '/orders/comp', { viewerId, type: 'package', productId: teamPassId, reason: 'Season apology' }), 422, 'teamId', SUPPORT_ERROR_CODES.teamRequired);
    const response = await call('POST', '/orders/comp', { viewerId, type: 'package', productId: teamPassId, teamId, reason: 'Season apology' }, session.owner);
    expect(response.statusCode, response.body).toBe(200);
    const order = SupportOrderResponse.parse(response.json()).order;
    expect(order.endsAt).not.toBeNull();
    expect(new Date(order.endsAt!).getTime() - Date.now()).toBeGreaterThan(360 * 86_400_000);
    const access = UserAccessResponse.parse((await t.app.inject({ url: `/api/user/access?api_key=${key}` })).json()).data;
    expect(access.package_ids).toContain(teamPassId);
  });

  it('refuses what is not this channel’s, not sold, or not a viewer of it', async () => {
    const key = await registerViewer(t);
    const viewerId = await userIdOf(key);
    const bravoKey = await registerViewer(t, 'bravo');
    const bravoViewer = await userIdOf(bravoKey);
    const freeEvent = await t.app.db.selectFrom('events').select('id').where('channel_id', '=', alpha).where('access_type', '=', 'free').executeTakeFirstOrThrow();
    const bravoEvent = await t.app.db.selectFrom('events').select('id').where('channel_id', '=', bravo).executeTakeFirstOrThrow();
    expectRefusal(await call('POST', '/orders/comp', { viewerId: bravoViewer, type: 'event', productId: eventId, reason: 'Other channel viewer' }), 404, 'viewerId', SUPPORT_ERROR_CODES.notFound);
    expectRefusal(await call('POST', '/orders/comp', { viewerId, type: 'event', productId: bravoEvent.id, reason: 'Other channel event' }), 422, 'productId', SUPPORT_ERROR_CODES.unknownProduct);
    expectRefusal(await call('POST', '/orders/comp', { viewerId, type: 'event', productId: freeEvent.id, reason: 'Free event' }), 422, 'productId', SUPPORT_ERROR_CODES.unknownProduct);
    expectRefusal(await call('POST', '/orders/comp', { viewerId, type: 'package', productId: singlePackageId, reason: 'Single package' }), 422, 'productId', SUPPORT_ERROR_CODES.unknownProduct);
    expectRefusal(await call('POST', '/orders/comp', { viewerId, type: 'package', productId: teamPassId, teamId: teamId + 100_000, reason: 'Wrong team' }), 422, 'teamId', SUPPORT_ERROR_CODES.unknownProduct);
    expectRefusal(await call('POST', '/orders/comp', { viewerId, type: 'subscription', productId: 1, reason: 'Subscription' }), 400, 'type');
    expectRefusal(await call('POST', '/orders/comp', { viewerId, type: 'event', productId: eventId }), 400, 'reason');
    expectRefusal(await call('POST', '/orders/comp', { viewerId, type: 'event', productId: eventId, reason: 'Amount', amount: 0 }), 400, 'body');
  });
});

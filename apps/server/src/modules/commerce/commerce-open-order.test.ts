import { randomUUID } from 'node:crypto';
import { ApiErrorBody, BuyResponse, OpenOrderErrorBody, OrdersResponse, SANDBOX_TEST_CARDS } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_OWNED_MESSAGE, OPEN_ORDER_MESSAGE } from './orders/index.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { ppvEvent, registerViewer, sandboxCard, settledOrder } from '../../../test/support/commerce.ts';

let t: TestApp;
let channelId: number;
let event: { eventId: number; singlePackageId: number };
beforeAll(async () => {
  t = await buildTestApp();
  channelId = t.channel('alpha').id;
  event = await ppvEvent(t);
});
afterAll(async () => t.close());

const chargeCount = () => t.app.payments.sandbox.chargeCount(channelId);
const buyEvent = (key: string, pm: string, idempotencyKey = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sandbox/buy',
    payload: { api_key: key, idempotency_key: idempotencyKey, type: 'event', event_id: event.eventId, single_event_package_id: event.singlePackageId, payment_method: pm },
  });

async function ordersOf(key: string) {
  return OrdersResponse.parse((await t.app.inject({ url: `/api/orders?api_key=${key}` })).json()).data;
}

/**
 * Two tabs (or a double click) buying the same event with different idempotency keys: one order,
 * one charge; the others are told of the open order (409 naming event_id) and carry it.
 */
describe('one open order per viewer and product', () => {
  it.each([3, 20])('%i concurrent buys with different keys make one order and one charge', async (n) => {
    const key = await registerViewer(t);
    // The card that stops at the security step keeps the order open while the others arrive.
    const pm = await sandboxCard(t, key, SANDBOX_TEST_CARDS.authenticate);
    const before = await chargeCount();
    const responses = await Promise.all(Array.from({ length: n }, () => buyEvent(key, pm)));

    const won = responses.filter((r) => r.statusCode === 200);
    expect(won.length, responses.map((r) => `${r.statusCode} ${r.body}`).join('\n')).toBe(1);
    const order = BuyResponse.parse(won[0]?.json()).data.order;
    const refused = responses.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(n - 1);
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(409);
      const body = OpenOrderErrorBody.parse(response.json());
      expect(body).toMatchObject({ field: 'event_id', message: OPEN_ORDER_MESSAGE, errors: { event_id: [OPEN_ORDER_MESSAGE] } });
      expect(body.order).toMatchObject({ id: order.id, status: 'created', type: 'event', product: { id: event.eventId } });
    }
    expect(await chargeCount()).toBe(before + 1);
    expect((await ordersOf(key)).map((o) => o.id)).toEqual([order.id]);

    // A later buy while it is still open carries the pending security step too.
    const later = await buyEvent(key, pm);
    expect(later.statusCode, later.body).toBe(409);
    const body = OpenOrderErrorBody.parse(later.json());
    expect(body.order.id).toBe(order.id);
    expect(body.next_action?.url).toMatch(/\/sandbox\/authenticate\//);
    expect(await chargeCount()).toBe(before + 1);
  });

  it('keeps one idempotency key one order: the same request again answers 200 with that order', async () => {
    const key = await registerViewer(t);
    const pm = await sandboxCard(t, key, SANDBOX_TEST_CARDS.authenticate);
    const before = await chargeCount();
    const idempotencyKey = randomUUID();
    const responses = await Promise.all(Array.from({ length: 10 }, () => buyEvent(key, pm, idempotencyKey)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(responses.map((r) => BuyResponse.parse(r.json()).data.order.id)).size).toBe(1);
    expect(await chargeCount()).toBe(before + 1);
  });

  it('frees the product once the open order ends: failed, it can be bought again; paid, it is owned', async () => {
    const key = await registerViewer(t);
    const pm = await sandboxCard(t, key, SANDBOX_TEST_CARDS.authenticate);
    const first = BuyResponse.parse((await buyEvent(key, pm)).json()).data;
    const intent = new URL(first.next_action?.url ?? '').pathname;
    const failed = await t.app.inject({ method: 'POST', url: intent, payload: 'outcome=fail', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(failed.statusCode).toBeLessThan(400);
    expect((await settledOrder(t, key, first.order.id)).status).toBe('failed');

    const good = await sandboxCard(t, key);
    const second = await buyEvent(key, good);
    expect(second.statusCode, second.body).toBe(200);
    const secondOrder = BuyResponse.parse(second.json()).data.order;
    expect(secondOrder.id).not.toBe(first.order.id);
    expect((await settledOrder(t, key, secondOrder.id)).status).toBe('paid');

    const third = await buyEvent(key, good);
    expect(third.statusCode, third.body).toBe(409);
    expect(ApiErrorBody.parse(third.json())).toMatchObject({ field: 'event_id', message: ALREADY_OWNED_MESSAGE });
  });

  it("does not block another viewer's purchase of the same event", async () => {
    const [a, b] = [await registerViewer(t), await registerViewer(t)];
    const [pmA, pmB] = [await sandboxCard(t, a, SANDBOX_TEST_CARDS.authenticate), await sandboxCard(t, b, SANDBOX_TEST_CARDS.authenticate)];
    const [ra, rb] = await Promise.all([buyEvent(a, pmA), buyEvent(b, pmB)]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
  });
});

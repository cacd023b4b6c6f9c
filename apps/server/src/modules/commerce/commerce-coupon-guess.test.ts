import { randomBytes, randomUUID } from 'node:crypto';
import { ApiErrorBody, BuyResponse, WRONG_PROMO_CODE } from '@grandstand/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_ATTEMPTS_MESSAGE } from '../../core/rateLimit/plugin.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { ppvEvent, registerViewer, sandboxCard, settledOrder } from '../../../test/support/commerce.ts';

let t: TestApp;
let event: { eventId: number; singlePackageId: number };
beforeAll(async () => {
  // The promo-code limit as it is by default: 30 tries a minute.
  t = await buildTestApp({ rateLimit: { max: 10_000 } });
  event = await ppvEvent(t);
  await t.database.db.insertInto('coupons').values({ channel_id: t.channel('alpha').id, code: 'RIGHTCODE', amount_off: 1, applies_to: null }).execute();
});
afterAll(async () => t.close());

const guess = () => `G${randomBytes(6).toString('hex').toUpperCase()}`;

function buyWith(key: string, coupon: string, paymentMethod?: string, remoteAddress = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/sandbox/buy',
    remoteAddress,
    payload: {
      api_key: key,
      idempotency_key: randomUUID(),
      type: 'event',
      event_id: event.eventId,
      single_event_package_id: event.singlePackageId,
      coupon,
      ...(paymentMethod ? { payment_method: paymentMethod } : {}),
    },
  });
}

const applyCoupon = (key: string, code: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ url: `/api/apply_coupon?api_key=${key}&code=${code}&type=event&id=${event.eventId}`, remoteAddress });

describe('promo-code guesses through buy', () => {
  it('answer 429 well before the 80th random code, and the right code works after the window', async () => {
    const key = await registerViewer(t);
    const statuses: number[] = [];
    // Without a card: an unknown code says "coupon", a known one "payment_method", which is the oracle.
    for (let i = 0; i < 80; i++) statuses.push((await buyWith(key, guess(), undefined, '10.1.0.1')).statusCode);
    const firstRefusal = statuses.indexOf(429);
    expect(firstRefusal, statuses.join(',')).toBe(30);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400));
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);

    const blocked = await buyWith(key, 'RIGHTCODE', undefined, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(ApiErrorBody.parse(blocked.json()).message).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // The minute passes: the counters' windows end, as the database's clock would end them then
    // (the store's own test follows a real window to its end and a new one).
    await sql`update rate_limit_hits set expires_at = now() where key like ${'%coupon%'}`.execute(t.database.db);
    const pm = await sandboxCard(t, key);
    const bought = await buyWith(key, 'RIGHTCODE', pm, '10.1.0.1');
    expect(bought.statusCode, bought.body).toBe(200);
    const order = BuyResponse.parse(bought.json()).data.order;
    expect(order.coupon).toBe('RIGHTCODE');
    expect((await settledOrder(t, key, order.id)).status).toBe('paid');
  }, 60_000);

  it('shares its tries with apply_coupon: a guesser gets 429 whichever route they use', async () => {
    const key = await registerViewer(t);
    for (let i = 0; i < 20; i++) expect((await applyCoupon(key, guess(), '10.2.0.1')).statusCode).toBe(400);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await buyWith(key, guess(), undefined, '10.2.0.1')).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await applyCoupon(key, guess(), '10.2.0.1')).statusCode).toBe(429);
  });

  it('counts per viewer too: changing address does not give one account fresh tries', async () => {
    const key = await registerViewer(t);
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await buyWith(key, guess(), undefined, `10.3.${i}.1`)).statusCode);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400));
    expect(statuses.slice(30)).toEqual([429, 429]);
    const refused = ApiErrorBody.parse((await buyWith(key, guess(), undefined, '10.3.200.1')).json());
    expect(refused.message).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
  });

  it('leaves buyers without a code and other viewers alone', async () => {
    const key = await registerViewer(t);
    const pm = await sandboxCard(t, key);
    for (let i = 0; i < 31; i++) await buyWith(key, guess(), undefined, '10.4.0.1');
    // Another viewer on another address still has every try.
    const other = await registerViewer(t);
    const answer = await buyWith(other, guess(), undefined, '10.4.0.2');
    expect(answer.statusCode).toBe(400);
    expect(ApiErrorBody.parse(answer.json())).toMatchObject({ field: 'coupon', message: WRONG_PROMO_CODE });
    // The guesser's own buy without a code is not a guess.
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/buy',
      remoteAddress: '10.4.0.1',
      payload: { api_key: key, idempotency_key: randomUUID(), type: 'event', event_id: event.eventId, single_event_package_id: event.singlePackageId, payment_method: pm },
    });
    expect(plain.statusCode, plain.body).toBe(200);
  });
});

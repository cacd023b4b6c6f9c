import { randomUUID } from 'node:crypto';
import { type Order, OrderResponse, SANDBOX_TEST_CARDS, SandboxPaymentMethodResponse, SessionResponse } from '@grandstand/contract';
import { expect } from 'vitest';
import type { TestApp } from '../helper.ts';

let counter = 0;

/** A registered viewer of the channel, as the site makes one: their session's api key. */
export async function registerViewer(t: TestApp, slug = 'alpha'): Promise<string> {
  const key = await t.keyFor(slug);
  const email = `buyer${++counter}-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'touchline-42-blue';
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v2/auth/register',
    payload: { api_key: key, email, password, password_confirmation: password, first_name: 'Ada', last_name: 'Fan', terms: true },
  });
  expect(response.statusCode, response.body).toBe(200);
  return SessionResponse.parse(response.json()).data.api_key;
}

/** A sandbox payment method entered through the card entry. */
export async function sandboxCard(t: TestApp, key: string, number: string = SANDBOX_TEST_CARDS.succeeds): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/sandbox/payment_methods', payload: { api_key: key, number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' } });
  expect(response.statusCode, response.body).toBe(200);
  return SandboxPaymentMethodResponse.parse(response.json()).data.id;
}

export async function fetchOrder(t: TestApp, key: string, id: number): Promise<Order> {
  const response = await t.app.inject({ url: `/api/orders/${id}?api_key=${key}` });
  expect(response.statusCode, response.body).toBe(200);
  return OrderResponse.parse(response.json()).data;
}

/** Polls like the site does (spec §4) until the webhook has settled the order. */
export async function settledOrder(t: TestApp, key: string, id: number): Promise<Order> {
  for (let i = 0; i < 200; i++) {
    const current = await fetchOrder(t, key, id);
    if (current.status !== 'created') return current;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`order ${id} never settled`);
}

/** A ppv event of the channel with a price, and its single-event package (made for the test). */
export async function ppvEvent(t: TestApp, slug = 'alpha'): Promise<{ eventId: number; singlePackageId: number }> {
  const channelId = t.channel(slug).id;
  const db = t.database.db;
  const event = await db.selectFrom('events').select('id').where('channel_id', '=', channelId).where('access_type', 'in', ['paid', 'ppv']).where('base_price', '>', 0).executeTakeFirstOrThrow();
  const pkg = await db
    .insertInto('packages')
    .values({ channel_id: channelId, name: 'Single event', description: null, scope: 'single', base_price: 0, service_fee: 0, offer: null, period: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { eventId: event.id, singlePackageId: pkg.id };
}

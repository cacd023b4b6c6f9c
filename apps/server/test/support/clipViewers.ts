import { randomUUID } from 'node:crypto';
import type { TestApp } from '../helper.ts';
import { registerViewer } from './commerce.ts';

/** The user id behind an api key. */
export async function userIdOf(t: TestApp, key: string): Promise<number> {
  const response = await t.app.inject({ url: `/api/profile?api_key=${key}` });
  if (response.statusCode !== 200) throw new Error(`profile answered ${response.statusCode}: ${response.body}`);
  return (response.json() as { data: { id: number } }).data.id;
}

/**
 * A registered viewer whose email address is confirmed, as clipping needs (the registration goes
 * through the real route; the confirmation is what following the mailed link does to the row).
 */
export async function verifiedViewer(t: TestApp, slug = 'alpha'): Promise<string> {
  const key = await registerViewer(t, slug);
  const id = await userIdOf(t, key);
  await t.database.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', id).execute();
  return key;
}

/** A paid order of one game by the viewer behind `key`, as the payment flow leaves it; its id. */
export async function buyEvent(t: TestApp, key: string, eventId: number, slug = 'alpha'): Promise<number> {
  const row = await t.database.db
    .insertInto('orders')
    .values({
      channel_id: t.channel(slug).id,
      user_id: await userIdOf(t, key),
      type: 'event',
      status: 'paid',
      activity_status: 'active',
      product_id: eventId,
      product_name: 'Test purchase',
      amount: 5,
      currency: 'USD',
      idempotency_key: randomUUID(),
      request_fingerprint: randomUUID(),
      paid_at: new Date(),
      expires_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

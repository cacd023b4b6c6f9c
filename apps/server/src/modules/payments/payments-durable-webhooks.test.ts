import { SANDBOX_TEST_CARDS, SandboxPaymentMethodResponse } from '@grandstand/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadChannelFolders, type LoadedChannel } from '../../core/channels/loadChannels.ts';
import { upsertChannels } from '../channels/seed.ts';
import { openDatabase } from '../../core/db/connect.ts';
import type { Database } from '../../core/db/schema.ts';
import { type PaymentEvent, type PaymentsOptions, verifySandboxSignature } from './index.ts';
import { engine, FIXTURE_CHANNELS_DIR, openTestDatabase, type TestDatabase } from '../../../test/helper.ts';
import { databaseUrl } from '../../../test/setup/postgres.ts';
import { startWebhookReceiver } from '../../../test/support/webhookReceiver.ts';

// Sandbox webhooks are queued in the database (architecture: stateless instances): a restart loses
// none, and several server processes on one database send each attempt once.
const SECRET = 'durable-webhook-secret-0123456789abcdef';

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

let database: TestDatabase;
let channels: LoadedChannel[];
const apps: FastifyInstance[] = [];
const extraClosers: Array<() => Promise<void>> = [];
beforeEach(async () => {
  database = await openTestDatabase();
  channels = await upsertChannels(database.db, await loadChannelFolders(FIXTURE_CHANNELS_DIR));
});
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const close of extraClosers.splice(0)) await close();
  await database.close();
});

/** One server process's app on `db` (the test database, or a second connection pool to it). */
async function serverOn(db: Database, sandbox: PaymentsOptions['sandbox']): Promise<FastifyInstance> {
  const app = await buildApp({ db, channels, logger: false, sitesDir: '/nonexistent-sites', payments: { sandbox: { webhookSecret: SECRET, ...sandbox } }, commerce: { renewalIntervalMs: 0 } });
  await app.ready();
  apps.push(app);
  return app;
}

const queued = (db: Database) => db.selectFrom('sandbox_webhook_deliveries').select(['event_id', 'status', 'attempts']).execute();

describe('sandbox webhook deliveries', () => {
  it('a delivery waiting for its retry survives a restart and is sent by the new server', async () => {
    const endpoint = await startWebhookReceiver({ failures: 1 });
    extraClosers.push(endpoint.close);
    // The default schedule: the retry after a failed first attempt waits 1 s.
    const first = await serverOn(database.db, { webhookUrl: endpoint.url, deliveryDelayMs: 0 });
    const alpha = channels.find((c) => c.config.slug === 'alpha')!.id;
    const user = await database.db.insertInto('users').values({ channel_id: alpha, email: 'restart@example.com', password_hash: null, first_name: null, last_name: null }).returning('id').executeTakeFirstOrThrow();
    const key = JSON.parse((await first.inject({ method: 'POST', url: '/api/get_api_key', payload: { channel_key: channels.find((c) => c.id === alpha)!.config.channelKey } })).body).data.api_key as string;
    const entry = await first.inject({ method: 'POST', url: '/api/sandbox/payment_methods', payload: { api_key: key, number: SANDBOX_TEST_CARDS.succeeds, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' } });
    const pm = SandboxPaymentMethodResponse.parse(entry.json()).data.id;
    const charged = await first.payments.provider('sandbox')!.charge({
      channelId: alpha,
      userId: user.id,
      email: 'restart@example.com',
      orderId: 1,
      amount: 5,
      currency: 'USD',
      paymentMethod: pm,
      idempotencyKey: 'restart-1',
      saveCard: false,
      offSession: false,
      returnUrl: null,
      description: 'Restart',
      kind: 'payment',
    });
    await until(() => endpoint.received.length === 1, 'the first attempt');
    await until(async () => (await queued(database.db)).some((row) => row.attempts === 1), 'the failed attempt to be recorded');

    // The server stops before the retry; the database stays.
    await apps.shift()!.close();
    expect(await queued(database.db)).toMatchObject([{ status: 'pending', attempts: 1 }]);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(endpoint.received).toHaveLength(1);

    // A new server on the same database sends it.
    await serverOn(database.db, { webhookUrl: endpoint.url, deliveryDelayMs: 0 });
    await until(() => endpoint.received.length === 2, 'the retry from the new server');
    const [failed, retried] = endpoint.received;
    expect(retried!.body).toBe(failed!.body);
    const event = JSON.parse(retried!.body) as PaymentEvent;
    expect(event).toMatchObject({ type: 'payment.succeeded', intentId: charged.intentId, channelId: alpha });
    expect(() => verifySandboxSignature(retried!.body, retried!.headers['grandstand-signature'], SECRET, Math.floor(Date.now() / 1000))).not.toThrow();
    await until(async () => (await queued(database.db)).length === 0, 'the delivered row to go');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(endpoint.received).toHaveLength(2);
  });

  it('two servers on one database send each event once', async () => {
    const endpoint = await startWebhookReceiver({ latencyMs: 20 });
    extraClosers.push(endpoint.close);
    let second: Database = database.db;
    if (engine === 'postgres') {
      // A second process: its own connection pool to the same database.
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database.db);
      const other = await openDatabase({ kind: 'postgres', connectionString: databaseUrl(inject('postgresAdminUrl'), rows[0]!.name) });
      extraClosers.push(() => other.db.destroy());
      second = other.db;
    }
    const a = await serverOn(database.db, { webhookUrl: endpoint.url, deliveryDelayMs: 0, retryDelaysMs: [] });
    const b = await serverOn(second, { webhookUrl: endpoint.url, deliveryDelayMs: 0, retryDelaysMs: [] });
    const events: PaymentEvent[] = Array.from({ length: 40 }, (_, i) => ({
      id: `evt_twice_${i}`,
      type: 'payment.succeeded',
      created: Math.floor(Date.now() / 1000),
      intentId: `pi_twice_${i}`,
      orderId: null,
      channelId: 1,
      card: null,
      failureReason: null,
    }));
    // Both queue, and both work the queue at once (their timers and polls, plus these flushes).
    await Promise.all(events.map((event, i) => (i % 2 === 0 ? a : b).payments.sandbox.delivery.send(event)));
    await Promise.all([a.payments.sandbox.flushWebhooks(), b.payments.sandbox.flushWebhooks(), a.payments.sandbox.flushWebhooks(), b.payments.sandbox.flushWebhooks()]);
    await until(async () => (await queued(database.db)).length === 0, 'every delivery to be done');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ids = endpoint.received.map((r) => (JSON.parse(r.body) as PaymentEvent).id).sort();
    expect(ids).toEqual(events.map((e) => e.id).sort());
    expect(a.payments.sandbox.delivery.delivered + b.payments.sandbox.delivery.delivered).toBe(events.length);
  });
});

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../../test/helper.ts';
import { verifySandboxSignature } from '../signature.ts';
import type { PaymentEvent } from '../types.ts';
import { WebhookDelivery, type WebhookDeliveryOptions } from './delivery.ts';

const secret = 'delivery-secret-0123456789abcdef01234';
let events = 0;
/** A new event each time: the queue takes an event id once. */
const nextEvent = (): PaymentEvent => ({ ...event, id: `evt_sbx_${++events}_${Date.now()}` });
const event: PaymentEvent = {
  id: 'evt_sbx_0',
  type: 'payment.succeeded',
  created: 1_800_000_000,
  intentId: 'pi_sbx_1',
  orderId: 7,
  channelId: 1,
  card: { brand: 'visa', last4: '4242' },
  failureReason: null,
};

interface Received {
  body: string;
  headers: IncomingHttpHeaders;
}

/** A webhook endpoint on a real port that fails the first `failures` requests with 503. */
async function endpoint(failures: number): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ body, headers: request.headers });
      response.statusCode = received.length <= failures ? 503 : 200;
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api/sandbox/webhook`, received, server };
}

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

const servers: Server[] = [];
const deliveries: WebhookDelivery[] = [];
afterEach(async () => {
  await Promise.all(deliveries.splice(0).map((d) => d.close()));
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A delivery on the test database (the queue is its table). */
function delivery(options: Omit<WebhookDeliveryOptions, 'db' | 'secret'>): WebhookDelivery {
  const made = new WebhookDelivery({ db: database.db, secret, ...options });
  deliveries.push(made);
  return made;
}

describe('sandbox webhook delivery', () => {
  it('POSTs the event signed over HTTP, after the delay', async () => {
    const target = await endpoint(0);
    servers.push(target.server);
    const queue = delivery({ target: () => target.url, delayMs: 30, retryDelaysMs: [] });
    const sent = nextEvent();
    const started = Date.now();
    await queue.send(sent);
    expect(target.received).toHaveLength(0);
    await queue.flush();
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(target.received).toHaveLength(1);
    const [first] = target.received;
    expect(JSON.parse(first!.body)).toEqual(sent);
    expect(first!.headers['content-type']).toBe('application/json');
    expect(() => verifySandboxSignature(first!.body, first!.headers['grandstand-signature'], secret, Math.floor(Date.now() / 1000))).not.toThrow();
  });

  it('retries with backoff on a non-2xx answer until one succeeds', async () => {
    const target = await endpoint(2);
    servers.push(target.server);
    const failures: number[] = [];
    const queue = delivery({ target: () => target.url, delayMs: 0, retryDelaysMs: [20, 40, 80], onFailure: (_e, _err, attempt) => failures.push(attempt) });
    const sent = nextEvent();
    await queue.send(sent);
    await queue.flush();
    expect(target.received).toHaveLength(3);
    expect(failures).toEqual([1, 2]);
    expect(queue.delivered).toBe(1);
    // Every attempt carries the same event, each signed.
    for (const r of target.received) expect(JSON.parse(r.body).id).toBe(sent.id);
    // Delivered: no longer queued.
    expect(await database.db.selectFrom('sandbox_webhook_deliveries').select('id').where('event_id', '=', sent.id).execute()).toEqual([]);
  });

  it('retries on a network error and gives up after the last attempt', async () => {
    const target = await endpoint(0);
    const url = target.url;
    await new Promise((resolve) => target.server.close(resolve));
    const failures: Array<{ attempt: number; final: boolean }> = [];
    const queue = delivery({ target: () => url, delayMs: 0, retryDelaysMs: [10, 10], onFailure: (_e, _err, attempt, final) => failures.push({ attempt, final }) });
    const sent = nextEvent();
    await queue.send(sent);
    await queue.flush();
    expect(queue.attempts).toBe(3);
    expect(queue.delivered).toBe(0);
    expect(failures.at(-1)).toEqual({ attempt: 3, final: true });
    // Given up on, but kept with the reason (support can see what never arrived).
    expect(await database.db.selectFrom('sandbox_webhook_deliveries').select(['status', 'attempts']).where('event_id', '=', sent.id).executeTakeFirst()).toEqual({ status: 'failed', attempts: 3 });
  });

  it('sends nothing more once closed, but keeps what is queued then for the next server', async () => {
    const target = await endpoint(0);
    servers.push(target.server);
    const queue = delivery({ target: () => target.url, delayMs: 10_000, retryDelaysMs: [] });
    await queue.send(nextEvent());
    await queue.close();
    await queue.flush();
    const late = nextEvent();
    await queue.send(late);
    await queue.flush();
    expect(target.received).toHaveLength(0);
    expect(await database.db.selectFrom('sandbox_webhook_deliveries').select('status').where('event_id', '=', late.id).executeTakeFirst()).toEqual({ status: 'pending' });
  });
});

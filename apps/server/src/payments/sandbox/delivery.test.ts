import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { verifySandboxSignature } from '../signature.ts';
import type { PaymentEvent } from '../types.ts';
import { WebhookDelivery } from './delivery.ts';

const secret = 'delivery-secret-0123456789abcdef01234';
const event: PaymentEvent = {
  id: 'evt_sbx_1',
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

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

describe('sandbox webhook delivery', () => {
  it('POSTs the event signed over HTTP, after the delay', async () => {
    const target = await endpoint(0);
    servers.push(target.server);
    const delivery = new WebhookDelivery({ secret, target: () => target.url, delayMs: 30, retryDelaysMs: [] });
    const started = Date.now();
    delivery.send(event);
    expect(target.received).toHaveLength(0);
    await delivery.flush();
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(target.received).toHaveLength(1);
    const [first] = target.received;
    expect(JSON.parse(first!.body)).toEqual(event);
    expect(first!.headers['content-type']).toBe('application/json');
    expect(() => verifySandboxSignature(first!.body, first!.headers['grandstand-signature'], secret, Math.floor(Date.now() / 1000))).not.toThrow();
  });

  it('retries with backoff on a non-2xx answer until one succeeds', async () => {
    const target = await endpoint(2);
    servers.push(target.server);
    const failures: number[] = [];
    const delivery = new WebhookDelivery({ secret, target: () => target.url, delayMs: 0, retryDelaysMs: [20, 40, 80], onFailure: (_e, _err, attempt) => failures.push(attempt) });
    delivery.send(event);
    await delivery.flush();
    expect(target.received).toHaveLength(3);
    expect(failures).toEqual([1, 2]);
    expect(delivery.delivered).toBe(1);
    // Every attempt carries the same event, each signed.
    for (const r of target.received) expect(JSON.parse(r.body).id).toBe(event.id);
  });

  it('retries on a network error and gives up after the last attempt', async () => {
    const target = await endpoint(0);
    const url = target.url;
    await new Promise((resolve) => target.server.close(resolve));
    const failures: Array<{ attempt: number; final: boolean }> = [];
    const delivery = new WebhookDelivery({ secret, target: () => url, delayMs: 0, retryDelaysMs: [10, 10], onFailure: (_e, _err, attempt, final) => failures.push({ attempt, final }) });
    delivery.send(event);
    await delivery.flush();
    expect(delivery.attempts).toBe(3);
    expect(delivery.delivered).toBe(0);
    expect(failures.at(-1)).toEqual({ attempt: 3, final: true });
  });

  it('sends nothing more once closed', async () => {
    const target = await endpoint(0);
    servers.push(target.server);
    const delivery = new WebhookDelivery({ secret, target: () => target.url, delayMs: 10_000, retryDelaysMs: [] });
    delivery.send(event);
    delivery.close();
    await delivery.flush();
    delivery.send(event);
    await delivery.flush();
    expect(target.received).toHaveLength(0);
  });
});

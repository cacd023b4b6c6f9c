import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WebhookReceiver {
  /** Where to send the webhooks: `http://127.0.0.1:<port>/hook`. */
  url: string;
  /** Every request, in arrival order; a test may empty it (`received.length = 0`). */
  received: Array<{ body: string; headers: IncomingHttpHeaders }>;
  close(): Promise<void>;
}

export interface WebhookReceiverOptions {
  /** Answers 503 to this many requests first, then 200. Default 0. */
  failures?: number;
  /** Waits this long before answering (so that attempts overlap). Default 0. */
  latencyMs?: number;
}

/** A webhook endpoint on a real port that keeps what it receives: the sandbox's far end in tests. */
export async function startWebhookReceiver(options: WebhookReceiverOptions = {}): Promise<WebhookReceiver> {
  const received: WebhookReceiver['received'] = [];
  let answered = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ body, headers: request.headers });
      answered += 1;
      const status = answered <= (options.failures ?? 0) ? 503 : 200;
      setTimeout(() => {
        response.statusCode = status;
        response.end('{}');
      }, options.latencyMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

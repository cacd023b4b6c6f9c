// A local error-logging service speaking the Sentry protocol, for the end-to-end tests: it takes
// envelopes at `POST /api/<project>/envelope/` (what the site's error reporter sends to the channel's
// DSN) and lists what it took at `GET /received`, so a test can read what left the browser.
// Started by playwright.config.ts beside the channel server; bounded, local, and in memory only.
import { createServer } from 'node:http';

const port = Number(process.env.PORT ?? 8193);
const MAX_ENVELOPES = 1_000;
const MAX_BODY = 1024 * 1024;
const received: Array<{ project: string; query: string; body: string }> = [];

const server = createServer((request, response) => {
  // The site posts across origins without credentials, as to a real error service.
  response.setHeader('Access-Control-Allow-Origin', '*');
  response.setHeader('Access-Control-Allow-Headers', 'content-type');
  const url = new URL(request.url ?? '/', 'http://receiver');
  if (request.method === 'OPTIONS') return void response.writeHead(204).end();
  if (request.method === 'GET' && url.pathname === '/received') {
    response.writeHead(200, { 'content-type': 'application/json' });
    return void response.end(JSON.stringify(received));
  }
  const envelope = /^\/api\/([^/]+)\/envelope\/?$/.exec(url.pathname);
  if (request.method !== 'POST' || !envelope) return void response.writeHead(404).end();
  const chunks: Buffer[] = [];
  let size = 0;
  request.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_BODY) chunks.push(chunk);
  });
  request.on('end', () => {
    if (size > MAX_BODY) return void response.writeHead(413).end();
    if (received.length < MAX_ENVELOPES) received.push({ project: envelope[1]!, query: url.search, body: Buffer.concat(chunks).toString('utf8') });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{}');
  });
});

server.listen(port, '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.close(() => process.exit(0)));

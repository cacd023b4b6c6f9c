import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DuckDBInstance } from '@duckdb/node-api';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOW, ROWS } from './fixtures.ts';
import { reportsPlugin } from './plugin.ts';
import { memoryStore } from './testing.ts';

const HOST = 'reports.test:8920';
const ORIGIN = `http://${HOST}`;
const TOKEN = 'shared-admin-token-of-enough-length';
const CHANNELS = [
  { slug: 'north', name: 'North Network' },
  { slug: 'south', name: 'South League' },
];

/**
 * A local HTTP server stands in for the channel server's operator check (its own behaviour is
 * tested beside it, apps/server/src/modules/operators/check.test.ts): it answers as that route does
 * and keeps each call it got.
 */
interface Call {
  authorization: string | undefined;
  body: { email: string; password: string; code?: string; address: string };
}
const calls: Call[] = [];
let server: Server;
let serverUrl: string;

function answer(body: Call['body']): { status: number; json: unknown; headers?: Record<string, string> } {
  if (body.email === 'analyst@ops.test' && body.password === 'right-password') {
    return { status: 200, json: { operator: { email: 'analyst@ops.test', name: 'North analyst', channels: [{ slug: 'north', name: 'North Network', role: 'analyst' }] } } };
  }
  if (body.email === 'careful@ops.test' && body.password === 'right-password') {
    if (!body.code) return { status: 401, json: { message: 'Enter the code', field: 'code', code: 'TOTP_REQUIRED' } };
    if (body.code.replace(/\s/g, '') !== '123456') return { status: 401, json: { message: 'Wrong code', field: 'code', code: 'TOTP_INVALID' } };
    return { status: 200, json: { operator: { email: 'careful@ops.test', name: 'Careful owner', channels: [{ slug: 'south', name: 'South League', role: 'owner' }] } } };
  }
  if (body.email === 'producer@ops.test') return { status: 403, json: { message: 'No reports', code: 'CONSOLE_FORBIDDEN' } };
  if (body.email === 'slow-down@ops.test') return { status: 429, json: { message: 'Too many', code: 'THROTTLED' }, headers: { 'retry-after': '42' } };
  return { status: 401, json: { message: 'Wrong', field: 'email', code: 'INVALID_CREDENTIALS' } };
}

async function read(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
}

let store: Awaited<ReturnType<typeof memoryStore>>;
const apps: FastifyInstance[] = [];

async function build(url = serverUrl): Promise<FastifyInstance> {
  const app = Fastify();
  const instance = await DuckDBInstance.create(':memory:');
  await app.register(reportsPlugin, {
    prefix: '/reports',
    connection: store.connection,
    // Not used: the channel server's operators are.
    operators: [],
    channels: CHANNELS,
    secret: 'a-test-secret-of-enough-length',
    now: () => NOW,
    rollups: { prewarm: false },
    login: { connection: await instance.connect() },
    remoteOperators: { url, token: TOKEN, timeoutMs: 2000 },
  });
  apps.push(app);
  return app;
}

function login(app: FastifyInstance, payload: Record<string, string>, form = false) {
  return app.inject({
    method: 'POST',
    url: '/reports/login',
    remoteAddress: '203.0.113.77',
    headers: { host: HOST, origin: ORIGIN, 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
    payload: form ? new URLSearchParams(payload).toString() : payload,
  });
}
const cookieOf = (response: LightMyRequestResponse) => String(response.headers['set-cookie']).split(';')[0]!;

beforeAll(async () => {
  store = await memoryStore();
  await store.insert(ROWS);
  server = createServer(async (request, response) => {
    const body = JSON.parse(await read(request)) as Call['body'];
    calls.push({ authorization: request.headers.authorization, body });
    const { status, json, headers } = request.url === '/api/console/operator-check' && request.method === 'POST' ? answer(body) : { status: 404, json: {}, headers: {} };
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(json));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const app of apps) await app.close();
  store.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('the reports signed in with the channel server’s operators', () => {
  it('checks the sign-in there with the shared token and the person’s address, and opens only the channels it answers', async () => {
    const app = await build();
    const response = await login(app, { email: 'Analyst@ops.test', password: 'right-password' });
    expect(response.statusCode).toBe(200);
    expect(calls.at(-1)).toEqual({ authorization: `Bearer ${TOKEN}`, body: { email: 'analyst@ops.test', password: 'right-password', address: '203.0.113.77' } });
    const cookie = cookieOf(response);
    const own = await app.inject({ url: '/reports/api/north/summary?from=2025-03-01&until=2025-03-07', headers: { cookie } });
    expect(own.statusCode).toBe(200);
    expect((await app.inject({ url: '/reports/api/south/summary?from=2025-03-01&until=2025-03-07', headers: { cookie } })).statusCode).toBe(404);
  });

  it('refuses a wrong password, a role without reports, and passes the server’s throttle on', async () => {
    const app = await build();
    const wrong = await login(app, { email: 'analyst@ops.test', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect((await login(app, { email: 'producer@ops.test', password: 'right-password' })).statusCode).toBe(403);
    const slow = await login(app, { email: 'slow-down@ops.test', password: 'x' });
    expect(slow.statusCode).toBe(429);
    expect(slow.headers['retry-after']).toBe('42');
  });

  it('asks for the TOTP code in the form, then signs in with it', async () => {
    const app = await build();
    const first = await login(app, { email: 'careful@ops.test', password: 'right-password', lang: 'fr' }, true);
    expect(first.statusCode).toBe(401);
    expect(first.body).toMatch(/<input id="code" name="code"[^>]*autocomplete="one-time-code"/);
    expect(first.body).toContain('Saisissez aussi le code');
    const wrong = await login(app, { email: 'careful@ops.test', password: 'right-password', code: '000000' }, true);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('id="code"');
    const good = await login(app, { email: 'careful@ops.test', password: 'right-password', code: '123 456' }, true);
    expect(good.statusCode).toBe(303);
    expect(calls.at(-1)!.body.code).toBe('123 456');
    const cookie = cookieOf(good);
    expect((await app.inject({ url: '/reports/api/south/summary?from=2025-03-01&until=2025-03-07', headers: { cookie } })).statusCode).toBe(200);
  });

  it('answers 503 when the channel server does not answer, and signs no one in', async () => {
    const app = await build('http://127.0.0.1:9');
    const response = await login(app, { email: 'analyst@ops.test', password: 'right-password' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SessionResponse } from '@grandstand/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LEASE_MS, RETRY_FIRST_MS, type AnalyticsForgetOptions } from './forget.ts';
import { buildApp } from '../../app.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

/**
 * A deleted viewer is forgotten by the analytics service (`src/modules/analytics/forget.ts`). The service is
 * a real HTTP server on a local port standing in for its `POST /admin/forget`: it checks the bearer
 * token and the channel as the service does, and keeps every call it receives.
 */

const TOKEN = 'forget-test-token-0123456789abcdef';
const PASSWORD = 'touchline-42-blue';

interface ForgetCall {
  authorization: string | undefined;
  contentType: string | undefined;
  channel: unknown;
  user_id: unknown;
  /** What the stand-in answered. */
  status: number;
}

interface StandIn {
  url: string;
  calls: ForgetCall[];
  /** What an authorised call for a known channel answers: the service's 200, or this status. */
  answer: 200 | 500;
  /** While set, answers wait for it (a slow service). */
  gate: Promise<void> | null;
  latencyMs: number;
  /** The channels the service knows (its profiles); another answers 404. */
  channels: string[];
  listening: boolean;
  /** Stops listening: the port refuses connections until `start` (same port). */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** The analytics service's /admin/forget as far as this server can tell: token, body, channel by slug, answer. */
async function startStandIn(): Promise<StandIn> {
  let server: Server;
  let port = 0;
  const standIn: StandIn = {
    url: '',
    calls: [],
    answer: 200,
    gate: null,
    latencyMs: 0,
    channels: ['alpha', 'bravo'],
    listening: false,
    async stop() {
      standIn.listening = false;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async start() {
      server = createServer((request, response) => void handle(request, response));
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
      standIn.url = `http://127.0.0.1:${port}`;
      standIn.listening = true;
    },
  };
  const send = (response: ServerResponse, status: number, body: object) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  async function handle(request: IncomingMessage, response: ServerResponse) {
    let raw = '';
    for await (const chunk of request) raw += String(chunk);
    if (request.method !== 'POST' || request.url !== '/admin/forget') return send(response, 404, { message: 'No route.', field: 'url' });
    let body: { channel?: unknown; user_id?: unknown } = {};
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return send(response, 400, { message: 'Not JSON.', field: 'body' });
    }
    const call: ForgetCall = { authorization: request.headers.authorization, contentType: request.headers['content-type'], channel: body.channel, user_id: body.user_id, status: 0 };
    standIn.calls.push(call);
    if (standIn.gate) await standIn.gate;
    if (standIn.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, standIn.latencyMs));
    call.status =
      request.headers.authorization !== `Bearer ${TOKEN}` ? 401 : !standIn.channels.includes(String(body.channel)) ? 404 : typeof body.user_id !== 'number' ? 400 : standIn.answer;
    if (call.status === 200) return send(response, 200, { data: { deleted: 3 } });
    return send(response, call.status, { message: `answered ${call.status}`, field: call.status === 404 ? 'channel' : 'authorization' });
  }
  await standIn.start();
  return standIn;
}

let t: TestApp;
let service: StandIn;
/** Log lines of every app the tests build. */
const lines: string[] = [];
const logger = { level: 'info', stream: { write: (line: string) => lines.push(line) } };
/** Apps built on the test database beside `t.app`, closed after each test. */
const extra: FastifyInstance[] = [];

/** Another instance of the server on the same database, with its own analytics settings. */
async function instance(analytics: Partial<AnalyticsForgetOptions> | null): Promise<FastifyInstance> {
  const app = await buildApp({
    db: t.database.db,
    channels: t.channels,
    logger,
    sitesDir: '/nonexistent-sites',
    rateLimit: { max: 10_000 },
    analyticsForget: analytics && { url: service.url, adminToken: TOKEN, intervalMs: 0, ...analytics },
  });
  await app.ready();
  extra.push(app);
  return app;
}

let counter = 0;
/** A registered viewer of `slug`, through the real routes. */
async function register(app: FastifyInstance, slug = 'alpha'): Promise<{ id: number; apiKey: string }> {
  const key = await app.inject({ method: 'POST', url: '/api/get_api_key', payload: { channel_key: t.channel(slug).config.channelKey } });
  const apiKey = (key.json() as { data: { api_key: string } }).data.api_key;
  const email = `forget${++counter}-${Date.now()}@example.com`;
  const response = await app.inject({ method: 'POST', url: '/api/v2/auth/register', payload: { api_key: apiKey, email, password: PASSWORD, password_confirmation: PASSWORD, first_name: 'A', last_name: 'F', terms: true } });
  expect(response.statusCode, response.body).toBe(200);
  const session = SessionResponse.parse(response.json()).data;
  return { id: session.user.id, apiKey: session.api_key };
}

async function deleteAccount(app: FastifyInstance, viewer: { apiKey: string }) {
  const response = await app.inject({ method: 'POST', url: '/api/delete-account-confirm', payload: { api_key: viewer.apiKey, password: PASSWORD } });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** A deleted viewer of `slug`, deleted through `app`. */
async function deletedViewer(app: FastifyInstance, slug = 'alpha'): Promise<number> {
  const viewer = await register(app, slug);
  await deleteAccount(app, viewer);
  await app.analyticsForget?.idle();
  return viewer.id;
}

async function state(userId: number) {
  return t.database.db
    .selectFrom('users')
    .select(['deleted_at', 'analytics_forgotten_at', 'analytics_forget_attempts', 'analytics_forget_next_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

const callsFor = (userId: number) => service.calls.filter((call) => call.user_id === userId);
const later = (ms: number) => new Date(Date.now() + ms);
const logged = (pattern: RegExp) => lines.map((line) => JSON.parse(line) as { level: number; msg: string; [key: string]: unknown }).filter((entry) => pattern.test(entry.msg));

beforeAll(async () => {
  service = await startStandIn();
  t = await buildTestApp({ logger, analyticsForget: { url: service.url, adminToken: TOKEN, intervalMs: 0 } });
});
afterAll(async () => {
  await t?.close();
  await service?.stop();
});
beforeEach(async () => {
  // Each test starts with no viewer left to forget by an earlier one, and a service that answers.
  await t.database.db.updateTable('users').set({ analytics_forgotten_at: new Date() }).where('deleted_at', 'is not', null).where('analytics_forgotten_at', 'is', null).execute();
  service.calls.length = 0;
  service.answer = 200;
  service.gate = null;
  service.latencyMs = 0;
  service.channels = ['alpha', 'bravo'];
  lines.length = 0;
});
afterEach(async () => {
  await Promise.all(extra.splice(0).map((app) => app.close()));
  if (!service.listening) await service.start();
});

describe('forgetting a deleted viewer in the analytics service', () => {
  it('a deletion sends exactly one forget, with the channel’s slug, the user id and the token, without making the viewer wait', async () => {
    const viewer = await register(t.app, 'bravo');
    let release!: () => void;
    service.gate = new Promise((resolve) => (release = resolve));
    // The viewer's answer comes while the service has not answered yet.
    const deleted = await deleteAccount(t.app, viewer);
    expect(deleted.json()).toEqual({ data: { message: 'Your account has been deleted.' } });
    await expect.poll(() => service.calls.length).toBe(1);
    expect((await state(viewer.id)).analytics_forgotten_at).toBeNull();
    release();
    await t.app.analyticsForget!.idle();

    expect(service.calls).toEqual([{ authorization: `Bearer ${TOKEN}`, contentType: 'application/json', channel: 'bravo', user_id: viewer.id, status: 200 }]);
    const row = await state(viewer.id);
    expect(row.analytics_forgotten_at).toBeInstanceOf(Date);
    expect(row.analytics_forget_attempts).toBe(1);
    expect(logged(/viewer forgotten/)).toMatchObject([{ channel: 'bravo', userId: viewer.id, deleted: 3 }]);
    // Settled: later runs, even days later, never send it again.
    expect(await t.app.analyticsForget!.run(later(7 * 86_400_000))).toEqual({ forgotten: 0, failed: 0 });
    expect(service.calls).toHaveLength(1);
  });

  it('a service answering 500 leaves the viewer to forget; a run after the back-off forgets them', async () => {
    service.answer = 500;
    const id = await deletedViewer(t.app);
    const pending = await state(id);
    expect(pending).toMatchObject({ analytics_forgotten_at: null, analytics_forget_attempts: 1 });
    // The back-off counts from the failed call.
    const wait = pending.analytics_forget_next_at!.getTime() - Date.now();
    expect(wait).toBeGreaterThan(RETRY_FIRST_MS - 5_000);
    expect(wait).toBeLessThanOrEqual(RETRY_FIRST_MS);
    expect(logged(/forget call failed/)).toMatchObject([{ level: 40, status: 500, userId: id }]);

    // Not before the back-off; a second failure doubles it.
    expect(await t.app.analyticsForget!.run()).toEqual({ forgotten: 0, failed: 0 });
    expect(await t.app.analyticsForget!.run(later(RETRY_FIRST_MS + 1_000))).toEqual({ forgotten: 0, failed: 1 });
    const twice = await state(id);
    expect(twice.analytics_forget_attempts).toBe(2);
    expect(twice.analytics_forget_next_at!.getTime() - Date.now()).toBeGreaterThan(RETRY_FIRST_MS + 2 * RETRY_FIRST_MS - 5_000);

    service.answer = 200;
    expect(await t.app.analyticsForget!.run(later(4 * RETRY_FIRST_MS))).toEqual({ forgotten: 1, failed: 0 });
    expect(callsFor(id).map((call) => call.status)).toEqual([500, 500, 200]);
    expect((await state(id)).analytics_forgotten_at).toBeInstanceOf(Date);
  });

  it('an unreachable service leaves the viewer to forget, and a run once it is back forgets them', async () => {
    await service.stop();
    const id = await deletedViewer(t.app);
    expect(await state(id)).toMatchObject({ analytics_forgotten_at: null, analytics_forget_attempts: 1 });
    expect(logged(/forget call failed/)).toMatchObject([{ level: 40, status: null, detail: 'ECONNREFUSED', userId: id }]);
    expect(await t.app.analyticsForget!.run(later(RETRY_FIRST_MS + 1_000))).toEqual({ forgotten: 0, failed: 1 });
    await service.start();
    expect(await t.app.analyticsForget!.run(later(4 * RETRY_FIRST_MS))).toEqual({ forgotten: 1, failed: 0 });
    expect(callsFor(id)).toMatchObject([{ channel: 'alpha', status: 200 }]);
  });

  it('a viewer whose first attempt never happened (the server stopped first) is forgotten by the job of the next server', async () => {
    // The deletion is committed before its attempt starts: a server stopped in between leaves
    // exactly what one without the service configured leaves.
    const stopped = await instance(null);
    const id = await deletedViewer(stopped);
    await stopped.close();
    // The next server's job (every 50 ms here) finds the viewer without being asked.
    await instance({ intervalMs: 50 });
    await expect.poll(async () => (await state(id)).analytics_forgotten_at, { timeout: 5_000 }).toBeInstanceOf(Date);
    expect(callsFor(id)).toMatchObject([{ channel: 'alpha', status: 200 }]);
  });

  it('a wrong token (401) is logged as an error, retried later, and never breaks the deletion', async () => {
    const wrong = await instance({ adminToken: 'not-the-token-0123456789abcdef' });
    const viewer = await register(wrong);
    await deleteAccount(wrong, viewer);
    await wrong.analyticsForget!.idle();
    expect(callsFor(viewer.id)).toMatchObject([{ authorization: 'Bearer not-the-token-0123456789abcdef', status: 401 }]);
    const refused = logged(/refused the admin token/);
    expect(refused).toMatchObject([{ level: 50, status: 401, userId: viewer.id }]);
    // The token is never logged.
    expect(lines.join('\n')).not.toContain('not-the-token');
    expect(await wrong.analyticsForget!.run(later(RETRY_FIRST_MS + 1_000))).toEqual({ forgotten: 0, failed: 1 });
    expect(callsFor(viewer.id)).toHaveLength(2);
    // Once the server has the right token, the viewer is forgotten.
    expect(await t.app.analyticsForget!.run(later(4 * RETRY_FIRST_MS))).toEqual({ forgotten: 1, failed: 0 });
    expect(callsFor(viewer.id).map((call) => call.status)).toEqual([401, 401, 200]);
  });

  it('nothing is called when the service is not configured; the viewers are forgotten once it is', async () => {
    const unset = await instance(null);
    expect(unset.analyticsForget).toBeNull();
    const id = await deletedViewer(unset);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(service.calls).toEqual([]);
    expect(await state(id)).toMatchObject({ analytics_forgotten_at: null, analytics_forget_attempts: 0, analytics_forget_next_at: null });
    expect(await t.app.analyticsForget!.run()).toEqual({ forgotten: 1, failed: 0 });
    expect(callsFor(id)).toMatchObject([{ channel: 'alpha', status: 200 }]);
  });

  it('two instances running the job at once send each viewer’s forget once', async () => {
    const unset = await instance(null);
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) ids.push(await deletedViewer(unset, i % 2 === 0 ? 'alpha' : 'bravo'));
    // Slow answers, so that both instances' runs are under way together.
    service.latencyMs = 40;
    const [a, b] = [t.app, await instance({})];
    const [first, second] = await Promise.all([a.analyticsForget!.run(), b.analyticsForget!.run()]);
    // Both took part: each claimed some of the viewers.
    expect(first.forgotten).toBeGreaterThan(0);
    expect(second.forgotten).toBeGreaterThan(0);
    expect(first.forgotten + second.forgotten).toBe(ids.length);
    expect(first.failed + second.failed).toBe(0);
    expect(service.calls.map((call) => call.user_id as number).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    for (const [index, id] of ids.entries()) expect(callsFor(id)).toMatchObject([{ channel: index % 2 === 0 ? 'alpha' : 'bravo', status: 200 }]);
  });

  it('a viewer claimed by an instance that died mid-call is claimed again once the lease lapses', async () => {
    const id = await deletedViewer(await instance(null));
    // As an instance that died during its call leaves the viewer: claimed (attempt counted, lease set), never settled.
    await t.database.db.updateTable('users').set({ analytics_forget_attempts: 1, analytics_forget_next_at: later(LEASE_MS) }).where('id', '=', id).execute();
    expect(await t.app.analyticsForget!.run(later(LEASE_MS - 1_000))).toEqual({ forgotten: 0, failed: 0 });
    expect(await t.app.analyticsForget!.run(later(LEASE_MS + 1_000))).toEqual({ forgotten: 1, failed: 0 });
  });

  it('an answer that is not the service’s (a wrong address, a redirect) settles nothing, and the token does not follow a redirect', async () => {
    const elsewhere: string[] = [];
    const other = createServer((request, response) => {
      elsewhere.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''}`);
      if (request.url?.startsWith('/moved')) return response.writeHead(307, { location: `${service.url}/admin/forget` }).end();
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>a site</title>');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      const site = await instance({ url: base });
      const moved = await instance({ url: `${base}/moved/` });
      const first = await deletedViewer(site);
      expect(await state(first)).toMatchObject({ analytics_forgotten_at: null, analytics_forget_attempts: 1 });
      expect(logged(/forget call failed/)).toMatchObject([{ status: 200, detail: expect.stringMatching(/^not the analytics service's answer/) }]);
      const second = await deletedViewer(moved);
      expect(await state(second)).toMatchObject({ analytics_forgotten_at: null, analytics_forget_attempts: 1 });
      expect(elsewhere).toEqual([`POST /admin/forget Bearer ${TOKEN}`, `POST /moved/admin/forget Bearer ${TOKEN}`]);
      // The redirect was not followed: the service never heard of the viewer.
      expect(callsFor(second)).toEqual([]);
    } finally {
      other.closeAllConnections();
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });

  it('a channel the service does not know (404) is logged as an error and retried until it does', async () => {
    service.channels = ['bravo'];
    const id = await deletedViewer(t.app);
    expect(logged(/does not know this channel/)).toMatchObject([{ level: 50, status: 404, channel: 'alpha', userId: id }]);
    expect((await state(id)).analytics_forgotten_at).toBeNull();
    service.channels = ['alpha', 'bravo'];
    expect(await t.app.analyticsForget!.run(later(RETRY_FIRST_MS + 1_000))).toEqual({ forgotten: 1, failed: 0 });
    expect(callsFor(id).map((call) => [call.channel, call.status])).toEqual([
      ['alpha', 404],
      ['alpha', 200],
    ]);
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KEY_INVALID_STATUS } from '@grandstand/contract';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { PUBLIC_ROUTES } from './apiKeyAuth.ts';

/**
 * The api key guards the /api routes because of where they are registered, not because of what
 * the request's URL text looks like (architecture: never trust what the request says about itself).
 */

/** The /api routes that take no api key, each for a reason: anything else must answer the key-invalid error. */
const NO_KEY_ROUTES = new Set([
  // spec §7: the key exchange itself.
  'POST /api/get_api_key',
  // The identity provider sends the browser back here; the sealed state is the credential.
  'GET /api/auth/login/:provider/callback',
  'HEAD /api/auth/login/:provider/callback',
  // The card processor calls it; the signature is the credential.
  'POST /api/:provider/webhook',
  // The API's public description (OpenAPI), for integrators.
  'GET /api/openapi.json',
  'HEAD /api/openapi.json',
  // The ingest (nginx) calls them when a camera publishes and leaves; the token in the address,
  // derived from the app secret, is the credential (modules/live).
  'POST /api/ingest/publish',
  'POST /api/ingest/publish-done',
  // `channels import` hands a folder to the running server from this machine; the token derived
  // from the app secret is the credential (modules/channels).
  'POST /api/internal/channels/import',
]);

/**
 * The control room's calls (/api/console) take no api key: an operator's session cookie or an
 * integration token is their credential (modules/operators). These few are open for a reason.
 */
const CONSOLE_OPEN_ROUTES = new Set([
  // Signing in and out: the credential is what they make or end.
  'POST /api/console/session',
  'DELETE /api/console/session',
  // An invitation's link: the token in it is the credential.
  'GET /api/console/invitations/:token',
  'HEAD /api/console/invitations/:token',
  'POST /api/console/invitations/:token/accept',
  // The analytics service's check: the shared token is the credential.
  'POST /api/console/operator-check',
]);

const SITE_PAGE = '<!doctype html><title>the site</title>';

describe('the /api guard', () => {
  let t: TestApp;
  let sitesDir: string;

  beforeAll(async () => {
    // A built site, so paths that are not api routes answer the site (history mode), as in production.
    sitesDir = await mkdtemp(join(tmpdir(), 'grandstand-guard-sites-'));
    t = await buildTestApp({ sitesDir });
    // One build for every channel (modules/sites/static.ts).
    await mkdir(join(sitesDir, 'site'), { recursive: true });
    await writeFile(join(sitesDir, 'site', 'index.html'), SITE_PAGE);
  });
  afterAll(async () => {
    await t.close();
    await rm(sitesDir, { recursive: true, force: true });
  });

  it('answers geo data only with a key', async () => {
    const key = await t.keyFor('alpha');
    const withKey = await t.app.inject({ method: 'GET', url: `/api/geo?api_key=${key}` });
    expect(withKey.statusCode).toBe(200);
    expect(withKey.json()).toHaveProperty('data.ip');
    const without = await t.app.inject({ method: 'GET', url: '/api/geo' });
    expect(without.statusCode).toBe(KEY_INVALID_STATUS);
    expect(without.json()).toMatchObject({ field: 'api_key' });
  });

  for (const url of ['/%61pi/geo', '/API/geo', '//api/geo', '/api/../api/geo', '/api%2Fgeo', '/%61%70%69/geo', '/api/%67eo', '/api//geo', '/api/geo/']) {
    it(`GET ${url} without a key answers no data and no server error`, async () => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBeLessThan(500);
      // The site's page or an error, never the api's answer.
      expect(response.body).not.toContain('"ip"');
      expect(response.body).not.toContain('"data"');
      if (response.statusCode === 200) expect(response.body).toBe(SITE_PAGE);
    });
  }

  for (const url of ['/%61pi/auth/device_code', '/%61pi/v2/auth/login', '/%61pi/auth/logout', '/%61pi/sandbox/payment_methods']) {
    it(`POST ${url} without a key is refused as a key problem, not a server error`, async () => {
      const response = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toContain('"data"');
      if (response.statusCode !== 404) {
        expect(response.statusCode).toBe(KEY_INVALID_STATUS);
        expect(response.json()).toMatchObject({ field: 'api_key' });
      }
    });
  }

  it('needs a key on every /api route of the route table but the listed ones', async () => {
    const routes: Array<{ method: HTTPMethods; url: string }> = [];
    for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const match = /(\S+) \(([^)]+)\)/.exec(line);
      if (!match) continue;
      const [, url, methods] = match as unknown as [string, string, string];
      for (const method of methods.split(', ')) routes.push({ method: method as HTTPMethods, url });
    }
    const api = routes.filter((route) => route.url === '/api' || route.url.startsWith('/api/'));
    // The route table is read whole: the guard's reach is not judged on a handful of routes.
    expect(api.length).toBeGreaterThan(30);
    const unguarded: string[] = [];
    for (const route of api) {
      const name = `${route.method} ${route.url}`;
      if (NO_KEY_ROUTES.has(name) || route.url.startsWith('/api/console/')) continue;
      const url = route.url.replace(/:[A-Za-z_]+/g, 'sandbox').replace(/\*/g, 'x');
      const body = route.method === 'GET' || route.method === 'HEAD' || route.method === 'DELETE' ? undefined : {};
      // The plain path and an encoded spelling of it that the router decodes to the same route;
      // a public call (spec §7) without a key is checked in its own test, with an unknown one here.
      const spellings = [
        [url, undefined],
        [url, 'A'.repeat(43)],
        [url.replace(/^\/api\//, '/%61pi/'), undefined],
      ] as const;
      for (const [path, apiKey] of spellings.filter(([, apiKey]) => apiKey !== undefined || !PUBLIC_ROUTES.has(name))) {
        const response = await t.app.inject({
          method: route.method,
          url: apiKey && body === undefined ? `${path}?api_key=${apiKey}` : path,
          ...(body ? { payload: apiKey ? { api_key: apiKey } : body } : {}),
        });
        if (response.statusCode !== KEY_INVALID_STATUS) unguarded.push(`${route.method} ${path} (${apiKey ? 'unknown key' : 'no key'}) → ${response.statusCode}`);
        else if (route.method !== 'HEAD') expect(response.json()).toMatchObject({ field: 'api_key' });
      }
    }
    expect(unguarded).toEqual([]);
  });

  it('answers the public calls without a key, for the channel of the site asked (spec §7)', async () => {
    for (const route of PUBLIC_ROUTES) {
      const [method, url] = route.split(' ') as [string, string];
      // Each listed call is a route of the table: a renamed route must not leave a stale entry.
      expect(t.app.hasRoute({ method: method as HTTPMethods, url }), route).toBe(true);
      if (method === 'HEAD') continue;
      const path = url.replace(':id', '1');
      const response = await t.app.inject({ method: method as HTTPMethods, url: path, headers: { host: 'bravo.localhost' }, ...(method === 'POST' ? { payload: { password: 'whatever-it-is' } } : {}) });
      expect(response.statusCode, route).not.toBe(KEY_INVALID_STATUS);
      expect(response.statusCode, `${route} ${response.body}`).toBeLessThan(500);
    }
    // The host names the channel: each site reads its own settings.
    for (const slug of ['alpha', 'bravo'] as const) {
      const host = slug === 'alpha' ? 'localhost' : `${slug}.localhost`;
      const keyless = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { host } });
      const keyed = await t.app.inject({ method: 'GET', url: `/api/settings?api_key=${await t.keyFor(slug)}` });
      expect(keyless.statusCode).toBe(200);
      expect(keyless.json()).toEqual(keyed.json());
    }
    // A visitor without a key has no session to delete.
    const deletion = await t.app.inject({ method: 'POST', url: '/api/delete-account-confirm', payload: { password: 'whatever-it-is' } });
    expect(deletion.statusCode).toBe(401);
    // A site the server does not serve has no public data, and a key that is given is checked.
    const unknownSite = await t.app.inject({ method: 'GET', url: '/api/menu', headers: { host: 'nosuch.localhost' } });
    expect(unknownSite.statusCode).toBe(KEY_INVALID_STATUS);
    const staleKey = await t.app.inject({ method: 'GET', url: `/api/menu?api_key=${'A'.repeat(43)}` });
    expect(staleKey.statusCode).toBe(KEY_INVALID_STATUS);
    expect(staleKey.json()).toMatchObject({ field: 'api_key' });
    // Everything else still needs its key.
    for (const url of ['/api/profile', '/api/events', '/api/geo', '/api/participant-group-properties', '/api/orders']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(KEY_INVALID_STATUS);
    }
  });

  it('answers every control-room route of the route table 401 without a session or token, but the open ones', async () => {
    const consoleRoutes: Array<{ method: string; url: string }> = [];
    for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const match = /(\S+) \(([^)]+)\)/.exec(line);
      if (!match || !match[1]!.startsWith('/api/console/')) continue;
      for (const method of match[2]!.split(', ')) consoleRoutes.push({ method, url: match[1]! });
    }
    expect(consoleRoutes.length).toBeGreaterThan(15);
    const open: string[] = [];
    for (const route of consoleRoutes) {
      if (CONSOLE_OPEN_ROUTES.has(`${route.method} ${route.url}`)) continue;
      const url = route.url.replace(/:[A-Za-z_]+/g, '1');
      for (const headers of [{}, { cookie: 'grandstand_console=made-up-session' }, { authorization: 'Bearer gsc_made-up-token' }, { host: 'bravo.localhost' }]) {
        const body = route.method === 'GET' || route.method === 'HEAD' || route.method === 'DELETE' ? undefined : {};
        const response = await t.app.inject({ method: route.method as HTTPMethods, url, headers, ...(body ? { payload: body } : {}) });
        // 401, or a body refused (400) before anything is read: never an answer with data.
        if (response.statusCode !== 401 && response.statusCode !== 400) open.push(`${route.method} ${url} ${JSON.stringify(headers)} → ${response.statusCode}`);
        else if (route.method !== 'HEAD' && response.statusCode === 401) expect(response.json()).toMatchObject({ code: 'CONSOLE_SIGNED_OUT' });
      }
    }
    expect(open).toEqual([]);
  });

  it('keeps the routes that take no key working', async () => {
    const exchange = await t.app.inject({ method: 'POST', url: '/api/get_api_key', payload: { channel_key: t.channel('alpha').config.channelKey } });
    expect(exchange.statusCode).toBe(200);
    const callback = await t.app.inject({ method: 'GET', url: '/api/auth/login/google/callback?state=nonsense' });
    expect(callback.statusCode).toBe(400);
    expect(callback.json()).toMatchObject({ field: 'state' });
    const webhook = await t.app.inject({ method: 'POST', url: '/api/sandbox/webhook', payload: { id: 'evt' } });
    expect(webhook.statusCode).toBe(400);
    expect(webhook.json()).not.toMatchObject({ field: 'api_key' });
    for (const call of ['publish', 'publish-done']) {
      const ingest = await t.app.inject({ method: 'POST', url: `/api/ingest/${call}?token=forged`, payload: 'call=publish&name=key&clientid=1&addr=127.0.0.1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(ingest.statusCode).toBe(403);
      expect(ingest.json()).toMatchObject({ field: 'token' });
    }
  });
});

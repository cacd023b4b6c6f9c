import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createUsersRepository, hashPassword } from '../modules/accounts/index.ts';
import { linkUrl } from '../modules/mail/links.ts';
import { listOutbox } from '../modules/mail/mailer.ts';
import { redactUrl, registeredRoutes, SECRET_QUERY_KEYS } from './redaction.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

// A request log at the default level must never hold what opens an account, a stream, a download,
// a calendar or a payment page, nor a viewer's email address.
const SENTINEL = 'Zq9SECRETzq9';
let t: TestApp;
let outboxDir: string;
let lines: string[] = [];
let key: string;

beforeAll(async () => {
  outboxDir = await mkdtemp(join(tmpdir(), 'log-redaction-outbox-'));
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  t = await buildTestApp({ logger: { level: 'info', stream }, mail: { secret: 'log-redaction-secret-0123456789', outboxDir } });
  key = await t.keyFor('alpha');
});
afterAll(async () => {
  await t.close();
  await rm(outboxDir, { recursive: true, force: true });
});

/** Path parameters that name no secret (an id, a provider's name): anything else must be redacted. */
// A clip's uuid is public: it is the share link's own address.
const PUBLIC_PARAMS = new Set(['id', 'alias', 'eventId', 'itemId', 'uuid', 'cardId', 'provider', 'order_id', 'hostname']);
/** Catch-all routes whose rest is a public file name or page path (checked one by one, not by name). */
const PUBLIC_WILDCARDS = new Set([
  '/*',
  '/sandbox/*',
  '/share_embed/*',
  '/watch_embed/*',
  '/media/vod/*',
  '/media/pictures/*',
  '/media/clips/*',
  '/media/prerolls/*',
  '/media/check/*',
  '/media/s/:token/events/:eventId/*',
  '/media/s/:token/vod/:itemId/*',
  '/media/s/:token/clips/:uuid/*',
  // The control room's pages; its one page with a secret, an invitation, is checked below by its address.
  '/console/*',
]);
/** A query key whose name says it may hold a credential or personal data. */
const SECRET_LOOKING_KEY = /key|token|secret|sig|code|state|pass|email|session|auth/i;

function queryKeys(schema: unknown): string[] {
  if (!(schema instanceof z.ZodType)) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
  return Object.keys(json.properties ?? {});
}

/** The route's address with the sentinel in every parameter that is not known to be public. */
function addressWithSecrets(url: string): { address: string; secrets: number } {
  let secrets = 0;
  const address = url
    .split('/')
    .map((segment) => {
      if (segment === '*') {
        if (PUBLIC_WILDCARDS.has(url)) return 'index.m3u8';
        secrets += 1;
        return `${SENTINEL}/file.mp4`;
      }
      if (!segment.startsWith(':')) return segment;
      if (PUBLIC_PARAMS.has(segment.slice(1))) return '42';
      secrets += 1;
      return SENTINEL;
    })
    .join('/');
  return { address, secrets };
}

describe('the redaction list covers every route that takes a secret', () => {
  it('walks the registered routes: every secret path part and secret-looking query key is redacted', () => {
    const routes = registeredRoutes(t.app);
    // The walk saw the whole app: the API, the media, the calendar feed, the sandbox pages.
    expect(routes.length).toBeGreaterThan(60);
    const urls = new Set(routes.map((route) => route.url));
    for (const known of ['/calendar/:file', '/media/s/:token/events/:eventId/*', '/media/download/*', '/sandbox/portal/:token', '/api/menu']) expect(urls).toContain(known);

    const uncovered: string[] = [];
    let secretRoutes = 0;
    for (const route of routes) {
      const { address, secrets } = addressWithSecrets(route.url);
      if (secrets > 0) {
        secretRoutes += 1;
        if (redactUrl(address).includes(SENTINEL)) uncovered.push(`${String(route.method)} ${route.url}`);
      }
      for (const name of queryKeys(route.schema?.querystring)) {
        if (!SECRET_LOOKING_KEY.test(name)) continue;
        if (redactUrl(`${address}?${name}=${SENTINEL}&limit=5`).includes(SENTINEL)) uncovered.push(`${route.url}?${name}`);
      }
    }
    expect(uncovered).toEqual([]);
    // The stream (events, on-demand, a paid game's clips), download, calendar and sandbox (portal, card removal, authentication) routes.
    expect(secretRoutes).toBeGreaterThanOrEqual(8);
  });

  it('redacts the concrete addresses of each kind and keeps the rest', () => {
    const reset = linkUrl('http://alpha.localhost:8080', '/reset-password', { email: 'dana@example.org', expires: 1_900_000_000, signature: 'c2lnbmF0dXJl' });
    const path = reset.slice('http://alpha.localhost:8080'.length);
    expect(redactUrl(path)).toBe('/reset-password?email=[redacted]&expires=1900000000&signature=[redacted]');
    expect(redactUrl('/verify-email?email=dana%40example.org&expires=1&signature=abc')).toBe('/verify-email?email=[redacted]&expires=1&signature=[redacted]');
    expect(redactUrl('/calendar/ab12cd34ef.ics')).toBe('/calendar/[redacted]');
    expect(redactUrl('/console/invitation/s3cr3t-token')).toBe('/console/invitation/[redacted]');
    expect(redactUrl('/api/console/invitations/s3cr3t-token/accept')).toBe('/api/console/invitations/[redacted]/accept');
    expect(redactUrl('/console/events')).toBe('/console/events');
    expect(redactUrl('/media/s/eyJhbGciOi.sig/events/12/index.m3u8')).toBe('/media/s/[redacted]/events/12/index.m3u8');
    expect(redactUrl('/media/s/tok/vod/abc-1/seg-001.m4s?x=1')).toBe('/media/s/[redacted]/vod/abc-1/seg-001.m4s?x=1');
    expect(redactUrl('/media/download/tok.sig/Final%20game.mp4')).toBe('/media/download/[redacted]/Final%20game.mp4');
    expect(redactUrl('/sandbox/portal/portal-token/cards/card_1/remove')).toBe('/sandbox/portal/[redacted]/cards/card_1/remove');
    expect(redactUrl('/api/auth/social/google/callback?code=abc&state=sealed&iss=https%3A%2F%2Fidp')).toBe('/api/auth/social/google/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fidp');
    // Spelt otherwise, the server still reads the same key: so does the redaction.
    expect(redactUrl('/api/menu?API_KEY=abc&api%5Fkey=def&email[]=x@y.z')).toBe('/api/menu?API_KEY=[redacted]&api%5Fkey=[redacted]&email[]=[redacted]');
    expect(redactUrl('/api/events?limit=5&sort_field=event_utc_ts')).toBe('/api/events?limit=5&sort_field=event_utc_ts');
    expect(SECRET_QUERY_KEYS).toContain('api_key');
  });
});

describe('the request logs at the default level', () => {
  it('never show a token, a mailed link or an email address', async () => {
    lines = [];
    const addresses = [
      `/reset-password?email=dana-${SENTINEL}%40example.org&expires=1900000000&signature=${SENTINEL}`,
      `/calendar/${SENTINEL}.ics`,
      `/media/s/${SENTINEL}/events/1/index.m3u8`,
      `/media/s/${SENTINEL}/vod/item-1/index.m3u8`,
      `/media/download/${SENTINEL}/game.mp4`,
      `/sandbox/portal/${SENTINEL}`,
      `/api/menu?api_key=${SENTINEL}`,
      `/api/auth/social/google/callback?code=${SENTINEL}&state=${SENTINEL}`,
    ];
    for (const url of addresses) await t.app.inject({ method: 'GET', url, headers: { host: 'alpha.localhost:8080' } });
    const requestLines = lines.filter((line) => line.includes('"url"'));
    expect(requestLines.length).toBeGreaterThanOrEqual(addresses.length);
    expect(lines.filter((line) => line.includes(SENTINEL))).toEqual([]);
  });

  it('show no email address when a reset link or a verification mail is sent', async () => {
    const email = `log-viewer-${Date.now()}@example.org`;
    await createUsersRepository(t.app.db).create({
      channelId: t.channel('alpha').id,
      email,
      passwordHash: await hashPassword('touchline-42-blue'),
      firstName: 'Dana',
      lastName: 'Viewer',
      verified: true,
    });
    lines = [];
    const headers = { host: 'alpha.localhost:8080' };
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset-request', headers, payload: { api_key: key, email } });
    expect(reset.statusCode).toBe(200);
    const registered = `log-new-${Date.now()}@example.org`;
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/register',
      headers,
      payload: { api_key: key, email: registered, password: 'touchline-42-blue', password_confirmation: 'touchline-42-blue', first_name: 'Lee', last_name: 'Viewer', terms: true },
    });
    expect(register.statusCode).toBeLessThan(300);
    // Both mails went out (the reset one after the answer): their sending was logged, if at all, by now.
    await expect.poll(async () => (await listOutbox(outboxDir, 'alpha')).filter((mail) => mail.to === email || mail.to === registered).length).toBe(2);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => /[\w.+-]+@[\w-]+\.[\w.]+/.test(line))).toEqual([]);
  });
});

import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportingOrigins } from './security.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

// Every answer carries the security headers: the site's pages and files, the api, the media, the
// sandbox's and the outbox's pages, errors and 404s. Only the embed page may be framed (spec §2).
let t: TestApp;
let sitesDir: string;
let outboxDir: string;
const ALPHA = 'alpha.localhost:8080';
const MAIL_ID = '1700000000000-0123456789ab';
const BUILT_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Alpha site</title>
    <style>
      html { background: #fff; }
    </style>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

beforeAll(async () => {
  sitesDir = await mkdtemp(join(tmpdir(), 'grandstand-security-sites-'));
  outboxDir = await mkdtemp(join(tmpdir(), 'grandstand-security-outbox-'));
  await mkdir(join(sitesDir, 'site', 'assets'), { recursive: true });
  await writeFile(join(sitesDir, 'site', 'index.html'), BUILT_PAGE);
  await writeFile(join(sitesDir, 'site', 'assets', 'index-abc123.js'), 'console.log("alpha")');
  await mkdir(join(outboxDir, 'alpha'), { recursive: true });
  await writeFile(
    join(outboxDir, 'alpha', `${MAIL_ID}.json`),
    JSON.stringify({ date: '2026-01-01T00:00:00Z', from: 'a@example.org', to: 'b@example.org', subject: 'Hello', text: 'Hi', html: '<p style="color: red">Hi</p>' }),
  );
  // No prepared media: the media answers are the refusals (what matters here is their headers).
  t = await buildTestApp({ sitesDir, mail: { outboxDir, outbox: true }, media: { dir: join(outboxDir, 'no-media') } });
});

afterAll(async () => {
  await t.close();
  await rm(sitesDir, { recursive: true, force: true });
  await rm(outboxDir, { recursive: true, force: true });
});

/** The policy as a map of directive → sources. */
function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header, 'content-security-policy').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

function nonceOf(response: LightMyRequestResponse): string {
  const styleSrc = directives(response).get('style-src') ?? [];
  const nonce = styleSrc.map((source) => /^'nonce-(.+)'$/.exec(source)?.[1]).find(Boolean);
  expect(nonce, 'style-src nonce').toBeTruthy();
  return nonce as string;
}

/** The headers every answer that is not the embed page carries. */
function expectSecured(response: LightMyRequestResponse, what: string) {
  const policy = directives(response);
  expect(policy.get('default-src'), what).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(policy.get('object-src'), what).toEqual(["'none'"]);
  expect(policy.get('script-src'), what).not.toContain("'unsafe-inline'");
  expect(policy.get('style-src'), what).not.toContain("'unsafe-inline'");
  expect(response.headers['x-frame-options'], what).toBe('DENY');
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['referrer-policy'], what).toBe('no-referrer');
  expect(response.headers['strict-transport-security'], what).toMatch(/^max-age=\d+/);
  expect(response.headers['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(response.headers['cross-origin-resource-policy'], what).toBe('same-origin');
}

describe('security headers', () => {
  it('are on every kind of answer, errors and 404s included', async () => {
    const key = await t.keyFor('alpha');
    const stream = t.app.media.streamUrl({ channelId: t.channel('alpha').id, eventId: 1, live: false, sessionId: 1 });
    const requests: Array<{ what: string; status: number; method?: 'GET' | 'POST'; url: string; host?: string; payload?: string; headers?: Record<string, string> }> = [
      { what: 'site page', status: 200, url: '/' },
      { what: 'site route (history mode)', status: 200, url: '/watch/12' },
      { what: 'index.html by name', status: 200, url: '/index.html' },
      { what: 'hashed asset', status: 200, url: '/assets/index-abc123.js' },
      { what: 'missing asset', status: 404, url: '/assets/missing.js' },
      { what: 'channel key', status: 200, url: '/channel-key.json' },
      { what: 'channel logo', status: 200, url: '/channel-logo.svg' },
      { what: 'api', status: 200, url: `/api/settings?api_key=${key}` },
      { what: 'api without key', status: 403, url: '/api/events-categories' },
      { what: 'public api without key', status: 200, url: '/api/settings' },
      { what: 'api unknown route', status: 404, url: `/api/nothing-here?api_key=${key}` },
      { what: 'api bad JSON', status: 400, method: 'POST', url: '/api/get_api_key', payload: '{', headers: { 'content-type': 'application/json' } },
      { what: 'api body too large', status: 413, method: 'POST', url: '/api/get_api_key', payload: JSON.stringify({ channel_key: 'x'.repeat(70_000) }), headers: { 'content-type': 'application/json' } },
      { what: 'media with a forged token', status: 403, url: stream.replace('/s/', '/s/x') },
      { what: 'media file name refused', status: 404, url: stream.replace('index.m3u8', 'passwd') },
      { what: 'prerolls not prepared', status: 503, url: '/media/prerolls/promo.m3u8' },
      { what: 'sandbox authentication page', status: 404, url: '/sandbox/authenticate/pi_unknown' },
      { what: 'sandbox portal page', status: 404, url: '/sandbox/portal/expired-token' },
      { what: 'outbox list', status: 200, url: '/outbox' },
      { what: 'outbox message', status: 200, url: `/outbox/${MAIL_ID}` },
      { what: 'outbox message unknown', status: 404, url: '/outbox/1700000000000-ffffffffffff' },
      // Refused by Fastify before any route or hook runs.
      { what: 'malformed address', status: 400, url: '/%E0%A4%A' },
      { what: 'malformed api address', status: 400, url: '/api/events/%' },
    ];
    for (const request of requests) {
      const response = await t.app.inject({
        method: request.method ?? 'GET',
        url: request.url,
        headers: { host: request.host ?? ALPHA, ...request.headers },
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      });
      expect(response.statusCode, request.what).toBe(request.status);
      expectSecured(response, request.what);
    }
    // The site's one build missing: the answer that says so is secured as well.
    await rename(join(sitesDir, 'site'), join(sitesDir, 'site-away'));
    try {
      const notBuilt = await t.app.inject({ url: '/', headers: { host: 'bravo.localhost:8080' } });
      expect(notBuilt.statusCode, 'site not built').toBe(503);
      expectSecured(notBuilt, 'site not built');
    } finally {
      await rename(join(sitesDir, 'site-away'), join(sitesDir, 'site'));
    }
  });

  it('answer a malformed address with the error body naming url, not an echo of the address', async () => {
    const response = await t.app.inject({ url: '/watch_embed/%zz', headers: { host: ALPHA } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The address is not valid (a bad %-escape).', field: 'url' });
    expectSecured(response, 'malformed embed address');
  });

  it('let only the embed page be framed, by any site', async () => {
    const embed = await t.app.inject({ url: '/watch_embed/12', headers: { host: ALPHA } });
    expect(embed.statusCode).toBe(200);
    expect(embed.body).toContain('Alpha site');
    expect(directives(embed).get('frame-ancestors')).toEqual(['*']);
    expect(embed.headers['x-frame-options']).toBeUndefined();
    // Everything else about the policy is the site's.
    expect(directives(embed).get('script-src')).toEqual(directives(await t.app.inject({ url: '/', headers: { host: ALPHA } })).get('script-src'));

    for (const url of ['/watch/12', '/watch_embedx/12', '/live', '/profile']) {
      const page = await t.app.inject({ url, headers: { host: ALPHA } });
      expect(directives(page).get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(page.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('give each page a fresh style nonce, on its <style> and in the meta styled-components reads', async () => {
    const first = await t.app.inject({ url: '/', headers: { host: ALPHA } });
    const second = await t.app.inject({ url: '/', headers: { host: ALPHA } });
    const nonce = nonceOf(first);
    expect(nonceOf(second)).not.toBe(nonce);
    expect(first.body).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
    expect(first.body).toContain(`<style nonce="${nonce}">`);
    expect(first.body).not.toMatch(/<style>/);
    // The built page is otherwise sent as it is.
    expect(first.body).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    expect(first.headers['cache-control']).toBe('no-cache');
  });

  it('allow the tag manager and what the site loads, and Stripe only where Stripe takes the cards', async () => {
    const policy = directives(await t.app.inject({ url: '/', headers: { host: ALPHA } }));
    expect(policy.get('script-src')).toEqual(["'self'", 'https://www.googletagmanager.com']);
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
    expect(policy.get('connect-src')).not.toContain('https://api.stripe.com');
    expect(policy.has('upgrade-insecure-requests')).toBe(false);

    const stripe = await buildTestApp({ sitesDir, payments: { defaultProvider: 'stripe', stripe: { secretKey: 'sk_test_csp', webhookSecret: 'whsec_csp' } } });
    try {
      const withStripe = directives(await stripe.app.inject({ url: '/', headers: { host: ALPHA } }));
      expect(withStripe.get('script-src')).toEqual(["'self'", 'https://www.googletagmanager.com', 'https://js.stripe.com']);
      expect(withStripe.get('frame-src')).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
      expect(withStripe.get('connect-src')).toContain('https://api.stripe.com');
    } finally {
      await stripe.close();
    }
  });

  it('let the site reach the analytics service and its channels\' error report services, by origin only', async () => {
    // Without the analytics service configured, nothing but the seeded DSN's origin is added.
    const bare = directives(await t.app.inject({ url: '/', headers: { host: ALPHA } }));
    expect(bare.get('connect-src')).toContain('https://errors.alpha.example');
    expect(bare.get('connect-src')?.some((source) => source.includes('0f1e2d3c4b5a'))).toBe(false);

    const withAnalytics = await buildTestApp({ sitesDir, analyticsUrl: 'http://127.0.0.1:8090/base/' });
    try {
      const policy = directives(await withAnalytics.app.inject({ url: '/', headers: { host: ALPHA } }));
      const connect = policy.get('connect-src') ?? [];
      expect(connect).toContain('http://127.0.0.1:8090');
      expect(connect).toContain('https://errors.alpha.example');
      // The DSN's public key and path, and the service's path, stay out of the header.
      expect(connect.filter((source) => /0f1e2d3c4b5a|\/base|\/7$/.test(source))).toEqual([]);
      // The rest of the policy is untouched.
      expect(policy.get('script-src')).toEqual(["'self'", 'https://www.googletagmanager.com']);
    } finally {
      await withAnalytics.close();
    }
  });

  it('keep a configured address from writing into the policy', () => {
    expect(
      reportingOrigins('https://stats.example;script-src/x', [
        'javascript:alert(1)//@x/1',
        'https://key@errors.example:8443/12',
        'https://key@errors.example:8443/13',
        'not a url',
        null,
        'https://[::1]:9000/1',
        'data:text/plain,1',
      ]),
    ).toEqual(['https://errors.example:8443', 'https://[::1]:9000']);
  });

  it('cover the server-rendered pages: their one <style> carries the answer\'s nonce', async () => {
    for (const url of ['/sandbox/authenticate/pi_unknown', '/outbox', `/outbox/${MAIL_ID}`]) {
      const response = await t.app.inject({ url, headers: { host: ALPHA } });
      expect(response.headers['content-type'], url).toContain('text/html');
      const styles = response.body.match(/<style[^>]*>/g) ?? [];
      expect(styles, url).toEqual([`<style nonce="${nonceOf(response)}">`]);
    }
    // Only the message page lets the mail's own style attributes through (its sandboxed srcdoc frame inherits the policy).
    const message = await t.app.inject({ url: `/outbox/${MAIL_ID}`, headers: { host: ALPHA } });
    expect(directives(message).get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(message.body).toContain('srcdoc="&lt;p style=&quot;color: red&quot;&gt;Hi&lt;/p&gt;"');
    const list = await t.app.inject({ url: '/outbox', headers: { host: ALPHA } });
    expect(directives(list).get('style-src-attr')).toEqual(["'none'"]);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hash } from '@node-rs/argon2';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPECTED, NOW, PAYMENTS, ROWS } from './fixtures.ts';
import type { Operator } from './operators.ts';
import { reportsPlugin } from './plugin.ts';
import { memoryStore } from './testing.ts';

const HOST = 'reports.test:8920';
const ORIGIN = `http://${HOST}`;
const CHANNELS = [
  { slug: 'north', name: 'North Network' },
  { slug: 'south', name: 'South League' },
];
// Cheap Argon2id parameters: the tests check the flow, not the cost.
const cheap = (password: string) => hash(password, { memoryCost: 1024, timeCost: 1 });

let operators: Operator[];
let store: Awaited<ReturnType<typeof memoryStore>>;
let assetsDir: string;
const apps: FastifyInstance[] = [];

/** A database of its own for each app's sign-in failures, unless a test shares one (a restart). */
async function loginStore(): Promise<DuckDBConnection> {
  const instance = await DuckDBInstance.create(':memory:');
  return instance.connect();
}

async function build(
  options: { secure?: boolean; now?: () => Date; assets?: string; prewarm?: boolean; login?: DuckDBConnection; trustProxy?: boolean } = {},
): Promise<FastifyInstance> {
  const app = Fastify({ trustProxy: options.trustProxy ?? false });
  await app.register(reportsPlugin, {
    prefix: '/reports',
    connection: store.connection,
    operators,
    channels: CHANNELS,
    secret: 'a-test-secret-of-enough-length',
    secure: options.secure ?? false,
    now: options.now ?? (() => NOW),
    assetsDir: options.assets ?? assetsDir,
    rollups: { prewarm: options.prewarm ?? false },
    login: { connection: options.login ?? (await loginStore()) },
  });
  apps.push(app);
  return app;
}

function cookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) throw new Error('no cookie was set');
  return value.split(';')[0] as string;
}

async function login(app: FastifyInstance, email: string, password: string, extra: { remoteAddress?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: '/reports/login',
    headers: { host: HOST, origin: ORIGIN, 'content-type': 'application/json' },
    payload: { email, password },
    ...extra,
  });
}

beforeAll(async () => {
  operators = [
    { email: 'north@ops.test', name: 'North operator', channels: ['north'], password_hash: await cheap('north-password') },
    { email: 'south@ops.test', name: 'South operator', channels: ['south'], password_hash: await cheap('south-password') },
    { email: 'all@ops.test', name: 'All channels', channels: '*', password_hash: await cheap('all-password') },
  ];
  store = await memoryStore();
  await store.insert(ROWS);
  await store.insertPayments(PAYMENTS);
  assetsDir = mkdtempSync(join(tmpdir(), 'reports-assets-'));
  writeFileSync(join(assetsDir, 'app.js'), 'console.log("reports");');
  writeFileSync(join(assetsDir, 'app.css'), 'body{}');
});
afterAll(async () => {
  for (const app of apps) await app.close();
  store.close();
  rmSync(assetsDir, { recursive: true, force: true });
});

describe('channel isolation', () => {
  it("refuses an operator another channel's report, exactly as a channel that does not exist", async () => {
    const app = await build();
    const cookie = cookieOf(await login(app, 'north@ops.test', 'north-password'));
    const theirs = await app.inject({ url: '/reports/api/south/summary', headers: { host: HOST, cookie } });
    const unknown = await app.inject({ url: '/reports/api/nowhere/summary', headers: { host: HOST, cookie } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: 'no such channel', field: 'channel' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(theirs.body);

    const page = await app.inject({ url: '/reports/?channel=south', headers: { host: HOST, cookie } });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('South League');
    expect(page.body).not.toContain('<table');
  });

  it("answers an operator's own channel with only that channel's rows", async () => {
    const app = await build();
    const cookie = cookieOf(await login(app, 'north@ops.test', 'north-password'));
    const response = await app.inject({
      url: '/reports/api/north/summary?from=2025-03-01&to=2025-03-10T12:00:00Z',
      headers: { host: HOST, cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { ...EXPECTED, generated_at: NOW.toISOString() } });
  });

  it('lets an operator of every channel read each, and lists only an operator’s channels on the page', async () => {
    const app = await build();
    const all = cookieOf(await login(app, 'all@ops.test', 'all-password'));
    for (const channel of ['north', 'south']) {
      const response = await app.inject({ url: `/reports/api/${channel}/summary`, headers: { host: HOST, cookie: all } });
      expect(response.statusCode).toBe(200);
    }
    const north = cookieOf(await login(app, 'north@ops.test', 'north-password'));
    const page = await app.inject({ url: '/reports/', headers: { host: HOST, cookie: north } });
    expect(page.body).toContain('<option value="north" selected>North Network</option>');
    expect(page.body).not.toContain('value="south"');
  });

  it('answers 401 without a session, and for a forged, tampered or expired one', async () => {
    let clock = NOW;
    const app = await build({ now: () => clock });
    const none = await app.inject({ url: '/reports/api/north/summary', headers: { host: HOST } });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ field: 'session' });

    const cookie = cookieOf(await login(app, 'north@ops.test', 'north-password'));
    const [name, value = ''] = cookie.split('=');
    const [body = '', signature = ''] = value.split('.');
    // The same signature over a payload claiming another operator.
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...payload, e: 'all@ops.test' })).toString('base64url');
    // The tampered signature changes one character in its full six bits, so it always differs.
    const tampered = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.slice(-1)}`;
    for (const bad of [`${name}=${forged}.${signature}`, `${name}=${body}.${tampered}`, `${name}=garbage`]) {
      const response = await app.inject({ url: '/reports/api/south/summary', headers: { host: HOST, cookie: bad } });
      expect(response.statusCode).toBe(401);
    }
    clock = new Date(NOW.getTime() + 8 * 3600_000 + 1000);
    const expired = await app.inject({ url: '/reports/api/north/summary', headers: { host: HOST, cookie } });
    expect(expired.statusCode).toBe(401);
  });
});

describe('the rollup of past days', () => {
  it('is built in the background once the app is ready, and the figures stay exact', async () => {
    const app = await build({ prewarm: true });
    await app.ready();
    const cookie = cookieOf(await login(app, 'north@ops.test', 'north-password'));
    const response = await app.inject({
      url: '/reports/api/north/summary?from=2025-03-01&to=2025-03-10T12:00:00Z',
      headers: { host: HOST, cookie },
    });
    expect(response.json()).toEqual({ data: { ...EXPECTED, generated_at: NOW.toISOString() } });
    // The background rollup reaches every channel, the second one shortly after.
    const databases = await store.connection.runAndReadAll(
      "SELECT database_name FROM duckdb_databases() WHERE database_name LIKE 'reports_rollup_%' ORDER BY database_oid DESC LIMIT 1",
    );
    const database = String(databases.getRowObjectsJS()[0]?.database_name);
    const channels = async () => (await store.connection.runAndReadAll(`SELECT DISTINCT channel FROM ${database}.views ORDER BY channel`)).getRowObjectsJS();
    let rolled = await channels();
    for (let wait = 0; wait < 100 && rolled.length < 2; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      rolled = await channels();
    }
    expect(rolled).toEqual([{ channel: 'north' }, { channel: 'south' }]);
    await app.close();
  });
});

describe('sign-in', () => {
  it('signs in with the right password: a signed, HttpOnly, SameSite=Strict cookie that expires', async () => {
    const app = await build();
    const form = await app.inject({ url: '/reports/login', headers: { host: HOST } });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<form class="login" method="post" action="/reports/login">');

    const response = await app.inject({
      method: 'POST',
      url: '/reports/login',
      headers: { host: HOST, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=North%40ops.test&password=north-password&lang=fr',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/reports/?lang=fr');
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^grandstand_reports=[\w-]+\.[\w-]+; Path=\/reports; Max-Age=28800; HttpOnly; SameSite=Strict$/);
    const page = await app.inject({ url: '/reports/', headers: { host: HOST, cookie: cookieOf(response) } });
    expect(page.statusCode).toBe(200);
  });

  it('marks the cookie Secure and expects an https Origin when secure', async () => {
    const app = await build({ secure: true });
    const http = await login(app, 'north@ops.test', 'north-password');
    expect(http.statusCode).toBe(403);
    const response = await app.inject({
      method: 'POST',
      url: '/reports/login',
      headers: { host: HOST, origin: `https://${HOST}`, 'content-type': 'application/json' },
      payload: { email: 'north@ops.test', password: 'north-password' },
    });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toContain('; Secure');
  });

  it('refuses a wrong password and an unknown email alike, without a cookie', async () => {
    const app = await build();
    const wrong = await login(app, 'north@ops.test', 'south-password');
    const unknown = await login(app, 'nobody@ops.test', 'north-password');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'the email or the password is not right', field: 'password' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const form = await app.inject({
      method: 'POST',
      url: '/reports/login',
      headers: { host: HOST, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'fr' },
      payload: 'email=north%40ops.test&password=nope',
    });
    expect(form.statusCode).toBe(401);
    expect(form.body).toContain('Le courriel ou le mot de passe est incorrect.');
    expect(form.body).toContain('value="north@ops.test"');
  });

  it('names the missing or oversized field', async () => {
    const app = await build();
    expect((await login(app, '', 'x')).json()).toMatchObject({ field: 'email' });
    expect((await login(app, 'north@ops.test', '')).json()).toMatchObject({ field: 'password' });
    const long = await login(app, 'north@ops.test', 'x'.repeat(1025));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ field: 'password' });
    const notText = await app.inject({
      method: 'POST',
      url: '/reports/login',
      headers: { host: HOST, origin: ORIGIN, 'content-type': 'application/json' },
      payload: { email: ['north@ops.test'], password: { $ne: '' } },
    });
    expect(notText.statusCode).toBe(400);
  });

  it('refuses a POST whose Origin is not the service itself (CSRF), and sets no cookie', async () => {
    const app = await build();
    const attempts: Record<string, string | undefined>[] = [
      { origin: 'https://evil.test' },
      { origin: undefined },
      { origin: 'null' },
      { origin: `https://${HOST}` },
      { origin: `${ORIGIN}.evil.test` },
    ];
    for (const { origin } of attempts) {
      const response = await app.inject({
        method: 'POST',
        url: '/reports/login',
        headers: { host: HOST, 'content-type': 'application/json', ...(origin ? { origin } : {}) },
        payload: { email: 'north@ops.test', password: 'north-password' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ field: 'origin' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('throttles guesses at one account from one address, with a right password after, and only that address', async () => {
    const app = await build();
    for (let i = 0; i < 5; i++) {
      expect((await login(app, 'south@ops.test', `guess-${i}`, { remoteAddress: '198.51.100.1' })).statusCode).toBe(401);
    }
    const blocked = await login(app, 'south@ops.test', 'south-password', { remoteAddress: '198.51.100.1' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    // Another operator from that address, and the same operator from another, are not locked out by it.
    expect((await login(app, 'north@ops.test', 'north-password', { remoteAddress: '198.51.100.1' })).statusCode).toBe(200);
    expect((await login(app, 'south@ops.test', 'south-password', { remoteAddress: '198.51.100.2' })).statusCode).toBe(200);
  });

  it("a stranger's guesses from many addresses never lock the operator out; each guessing address must pause", async () => {
    const app = await build();
    for (let i = 0; i < 30; i++) {
      expect((await login(app, 'south@ops.test', `guess-${i}`, { remoteAddress: `198.51.100.${i}` })).statusCode).toBe(401);
    }
    // Under attack: an address that failed on the account waits a minute before its next try.
    const paused = await login(app, 'south@ops.test', 'guess-again', { remoteAddress: '198.51.100.3' });
    expect(paused.statusCode).toBe(429);
    expect(Number(paused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The operator, from an address that never failed on the account, signs in.
    expect((await login(app, 'south@ops.test', 'south-password', { remoteAddress: '192.0.2.10' })).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64: fresh addresses in it do not reset the count', async () => {
    const app = await build();
    for (let i = 1; i <= 20; i++) {
      expect((await login(app, `guess${i}@ops.test`, 'guess', { remoteAddress: `2001:db8:1:2::${i.toString(16)}` })).statusCode).toBe(401);
    }
    expect((await login(app, 'all@ops.test', 'all-password', { remoteAddress: '2001:db8:1:2:ffff:ffff:ffff:fffe' })).statusCode).toBe(429);
    expect((await login(app, 'all@ops.test', 'all-password', { remoteAddress: '2001:db8:1:3::1' })).statusCode).toBe(200);
  });

  it('keeps the failures in the store: a restarted service still refuses, and junk emails evict nothing', async () => {
    const shared = await loginStore();
    const first = await build({ login: shared });
    for (let i = 0; i < 5; i++) expect((await login(first, 'south@ops.test', `guess-${i}`, { remoteAddress: '198.51.100.7' })).statusCode).toBe(401);
    await first.close();
    const restarted = await build({ login: shared });
    // 10,000 other emails failing (recorded straight into the same table, as the sign-in would from
    // many addresses) do not push this account's failures out.
    await shared.run(`INSERT INTO login_failures SELECT '203.0.113.' || (i % 250), 'junk' || i || '@ops.test', $1::TIMESTAMPTZ FROM range(10000) t(i)`, [NOW.toISOString()]);
    expect((await login(restarted, 'south@ops.test', 'south-password', { remoteAddress: '198.51.100.7' })).statusCode).toBe(429);
  });

  it('throttles guesses per client address across emails; a forged X-Forwarded-For does not reset it', async () => {
    const app = await build();
    for (let i = 0; i < 20; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/reports/login',
        remoteAddress: '203.0.113.7',
        headers: { host: HOST, origin: ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${i}` },
        payload: { email: `guess${i}@ops.test`, password: 'guess' },
      });
      expect(response.statusCode).toBe(401);
    }
    expect((await login(app, 'all@ops.test', 'all-password', { remoteAddress: '203.0.113.7' })).statusCode).toBe(429);
    expect((await login(app, 'all@ops.test', 'all-password', { remoteAddress: '203.0.113.8' })).statusCode).toBe(200);
  });

  it('signs out: the session stops working, and a cross-site sign-out is refused', async () => {
    const app = await build();
    const cookie = cookieOf(await login(app, 'north@ops.test', 'north-password'));
    const crossSite = await app.inject({ method: 'POST', url: '/reports/logout', headers: { host: HOST, cookie, origin: 'https://evil.test' } });
    expect(crossSite.statusCode).toBe(403);
    expect((await app.inject({ url: '/reports/api/north/summary', headers: { host: HOST, cookie } })).statusCode).toBe(200);

    const out = await app.inject({ method: 'POST', url: '/reports/logout', headers: { host: HOST, cookie, origin: ORIGIN } });
    expect(out.statusCode).toBe(303);
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await app.inject({ url: '/reports/api/north/summary', headers: { host: HOST, cookie } })).statusCode).toBe(401);
  });

  it('sends a visitor without a session from the page to the sign-in', async () => {
    const app = await build();
    const response = await app.inject({ url: '/reports/', headers: { host: HOST, 'accept-language': 'fr-CA,fr;q=0.9' } });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/reports/login?lang=fr');
  });
});

describe('the period', () => {
  const cases: [string, string][] = [
    ['from=yesterday', 'from'],
    ['from=2025-02-31', 'from'],
    ['from=2025-03-01T00:00:00', 'from'],
    ['to=1741600000', 'to'],
    ['from=2025-03-05&to=2025-03-01', 'to'],
    ['from=2025-03-05&to=2025-03-05', 'to'],
    ['from=2024-01-01&to=2025-03-01', 'to'],
    ['from=2026-01-01', 'from'],
    ['from=2025-03-01&from=2025-03-02', 'from'],
  ];
  it.each(cases)('refuses %s naming %s', async (query, field) => {
    const app = await build();
    const cookie = cookieOf(await login(app, 'north@ops.test', 'north-password'));
    const response = await app.inject({ url: `/reports/api/north/summary?${query}`, headers: { host: HOST, cookie } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field });
  });

  it('defaults to the last seven days and accepts 400 days', async () => {
    const app = await build();
    const cookie = cookieOf(await login(app, 'north@ops.test', 'north-password'));
    const byDefault = await app.inject({ url: '/reports/api/north/summary', headers: { host: HOST, cookie } });
    expect(byDefault.json()).toMatchObject({ data: { from: '2025-03-03T12:00:00.000Z', to: '2025-03-10T12:00:00.000Z' } });
    const longest = await app.inject({ url: '/reports/api/north/summary?from=2024-02-04&to=2025-03-10', headers: { host: HOST, cookie } });
    expect(longest.statusCode).toBe(200);
  });

  it('shows the page’s period error on its field', async () => {
    const app = await build();
    const cookie = cookieOf(await login(app, 'north@ops.test', 'north-password'));
    const response = await app.inject({ url: '/reports/?from=2025-03-05&until=2025-03-01', headers: { host: HOST, cookie } });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('id="until" name="until" type="date" value="2025-03-01" required aria-invalid="true" aria-describedby="period-error"');
    expect(response.body).toContain('<p class="error" role="alert" id="period-error">Until: the end cannot be before the start.</p>');
  });
});

describe('the page', () => {
  it('is served with its CSP, every report as a table with a caption, and each chart hidden from assistive technology', async () => {
    const app = await build();
    const cookie = cookieOf(await login(app, 'north@ops.test', 'north-password'));
    const response = await app.inject({ url: '/reports/?channel=north&from=2025-03-01&until=2025-03-10', headers: { host: HOST, cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    const captions = [...response.body.matchAll(/<caption>([^<]*)<\/caption>/g)].map((match) => match[1]);
    expect(captions).toEqual([
      'Audience',
      'Watch time by event',
      'Watch time by sport',
      'Watch time by school',
      'Watch time by team',
      'Purchase funnel',
      'Failed purchases by reason',
      'Revenue by day',
      'Revenue by product',
    ]);
    expect(response.body.match(/<div class="chart" data-chart="[a-z_]+" aria-hidden="true"><\/div>/g)).toHaveLength(8);
    expect(response.body).toContain('<th scope="row">Final (#100)</th><td class="num">0.03</td>');
    expect(response.body).toContain('<th scope="row">Views</th><td class="num">4</td>');
    expect(response.body).not.toMatch(/<script(?![^>]*(src="\/reports\/assets\/app\.js"|type="application\/json"))/);
    expect(response.body).not.toContain('style=');
  });

  it('speaks French from Accept-Language, and switches language with lang', async () => {
    const app = await build();
    const cookie = cookieOf(await login(app, 'north@ops.test', 'north-password'));
    const french = await app.inject({ url: '/reports/', headers: { host: HOST, cookie, 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' } });
    expect(french.body).toContain('<html lang="fr">');
    expect(french.body).toContain('<caption>Entonnoir d’achat</caption>');
    expect(french.body).toContain('hreflang="en"');
    const english = await app.inject({ url: '/reports/?lang=en', headers: { host: HOST, cookie, 'accept-language': 'fr' } });
    expect(english.body).toContain('<html lang="en">');
  });

  it('says so when a period has no views', async () => {
    const app = await build();
    const cookie = cookieOf(await login(app, 'north@ops.test', 'north-password'));
    const response = await app.inject({ url: '/reports/?from=2025-01-01&until=2025-01-07', headers: { host: HOST, cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<p class="empty">No views in this period</p>');
    expect(response.body).toContain('<p class="empty">No purchases in this period</p>');
  });

  it('serves its built script and stylesheet, and nothing else from the folder', async () => {
    const app = await build();
    const script = await app.inject({ url: '/reports/assets/app.js', headers: { host: HOST } });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('no-cache');
    expect(script.body).toBe('console.log("reports");');
    for (const path of ['/reports/assets/..%2Fapp.js', '/reports/assets/%2E%2E%2Fpackage.json', '/reports/assets/constructor', '/reports/assets/index.html']) {
      expect((await app.inject({ url: path, headers: { host: HOST } })).statusCode).toBe(404);
    }
    const unbuilt = await build({ assets: join(assetsDir, 'missing') });
    const missing = await unbuilt.inject({ url: '/reports/assets/app.css', headers: { host: HOST } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ field: 'file' });
  });
});

describe('a failing store', () => {
  it('answers 500 without the store’s message, on the API and on the page', async () => {
    const broken = await memoryStore();
    const app = Fastify();
    await app.register(reportsPlugin, {
      prefix: '/reports',
      connection: broken.connection,
      operators,
      channels: CHANNELS,
      secret: 'a-test-secret-of-enough-length',
      now: () => NOW,
      assetsDir,
      rollups: { prewarm: false },
      login: { connection: await loginStore() },
    });
    apps.push(app);
    await broken.connection.run('DROP TABLE events');
    const cookie = cookieOf(await login(app, 'north@ops.test', 'north-password'));
    const api = await app.inject({ url: '/reports/api/north/summary', headers: { host: HOST, cookie } });
    expect(api.statusCode).toBe(500);
    expect(api.json()).toEqual({ message: 'the reports could not be computed' });
    const page = await app.inject({ url: '/reports/', headers: { host: HOST, cookie } });
    expect(page.statusCode).toBe(500);
    expect(page.body).toContain('<div class="error" role="alert"><p>The reports could not be loaded.</p>');
    expect(page.body).not.toContain('events');
    broken.close();
  });
});

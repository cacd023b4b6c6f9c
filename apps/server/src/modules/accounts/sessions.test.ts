import { ApiErrorBody, KEY_INVALID_MESSAGE, SessionResponse } from '@grandstand/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey, newApiKey } from './apiKeyRepository.ts';
import { TOO_MANY_ATTEMPTS_MESSAGE } from '../../core/rateLimit/plugin.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

const PASSWORD = 'touchline-42-blue';
const DAY_MS = 24 * 60 * 60 * 1000;
let counter = 0;
const uniqueEmail = () => `session${++counter}-${Date.now()}@example.com`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function helpers(t: TestApp) {
  const post = (url: string, payload: object, remoteAddress = '127.0.0.1') => t.app.inject({ method: 'POST', url, payload, remoteAddress });
  const profile = (key: string) => t.app.inject({ url: `/api/profile?api_key=${key}` });
  async function register(slug = 'alpha', email = uniqueEmail()) {
    const response = await post('/api/v2/auth/register', { api_key: await t.keyFor(slug), email, password: PASSWORD, password_confirmation: PASSWORD, first_name: 'Ada', last_name: 'Fan', terms: true });
    expect(response.statusCode, response.body).toBe(200);
    return { email, ...SessionResponse.parse(response.json()).data };
  }
  async function login(email: string, remoteAddress = '127.0.0.1', slug = 'alpha') {
    const response = await post('/api/v2/auth/login', { api_key: await t.keyFor(slug), email, password: PASSWORD }, remoteAddress);
    expect(response.statusCode, response.body).toBe(200);
    return SessionResponse.parse(response.json()).data.api_key;
  }
  return { post, profile, register, login };
}

function expectKeyInvalid(response: { statusCode: number; json(): unknown; body: string }) {
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json()).toMatchObject({ message: KEY_INVALID_MESSAGE, field: 'api_key' });
}

describe('a password change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('ends every other session of the user; the one that changed it stays logged in', async () => {
    const { post, profile, register, login } = helpers(t);
    const session = await register();
    const other = await login(session.email);
    // A device linked to the account is a session too.
    const deviceKey = await t.keyFor('alpha');
    const code = (await post('/api/auth/device_code', { api_key: deviceKey })).json() as { data: { code: string } };
    expect((await post('/api/auth/add_session', { api_key: session.api_key, code: code.data.code })).statusCode).toBe(200);
    expect((await profile(other)).statusCode).toBe(200);
    expect((await profile(deviceKey)).statusCode).toBe(200);

    const changed = await post('/api/profile', { api_key: session.api_key, _method: 'patch', current_password: PASSWORD, password: 'floodlight-77-green', password_confirmation: 'floodlight-77-green' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await profile(session.api_key)).statusCode).toBe(200);
    expectKeyInvalid(await profile(other));
    expectKeyInvalid(await profile(deviceKey));
    const rows = await t.database.db.selectFrom('api_keys').select('key_hash').where('user_id', '=', session.user.id).execute();
    expect(rows).toEqual([{ key_hash: hashApiKey(session.api_key) }]);
  });

  it('a names-only update ends nothing', async () => {
    const { post, profile, register, login } = helpers(t);
    const session = await register();
    const other = await login(session.email);
    expect((await post('/api/profile', { api_key: session.api_key, _method: 'patch', first_name: 'Ida' })).statusCode).toBe(200);
    expect((await profile(other)).statusCode).toBe(200);
  });
});

describe('password guessing on the profile and account deletion', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The production limits (10 a minute), not the test helper's loose ones.
    t = await buildTestApp({ rateLimit: {} });
  });
  afterAll(async () => t.close());

  const guess = (t: TestApp, key: string, remoteAddress: string, route: 'profile' | 'delete', attempt: number) =>
    helpers(t).post(
      route === 'profile' ? '/api/profile' : '/api/delete-account-confirm',
      route === 'profile'
        ? { api_key: key, _method: 'patch', current_password: `guess-number-${attempt}`, password: 'floodlight-77-green', password_confirmation: 'floodlight-77-green' }
        : { api_key: key, password: `guess-number-${attempt}` },
      remoteAddress,
    );

  for (const route of ['profile', 'delete'] as const) {
    it(`40 wrong guesses on ${route} meet a 429 long before the 40th, and another address is refused for the same account`, async () => {
      const { register, login, post, profile } = helpers(t);
      const session = await register('alpha');
      const codes: number[] = [];
      for (let attempt = 0; attempt < 40; attempt += 1) codes.push((await guess(t, session.api_key, '198.51.100.7', route, attempt)).statusCode);
      const first429 = codes.indexOf(429);
      expect(first429, codes.join(',')).toBeGreaterThan(0);
      expect(first429).toBeLessThanOrEqual(10);
      expect(codes.slice(first429).every((code) => code === 429)).toBe(true);
      const refused = await guess(t, session.api_key, '198.51.100.7', route, 99);
      expect(ApiErrorBody.parse(refused.json()).message).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
      expect(refused.headers['retry-after']).toBeDefined();

      // The same account from another address, even through another session: the per-user limit.
      const elsewhere = await login(session.email, '203.0.113.50');
      expect((await guess(t, elsewhere, '203.0.113.50', route, 100)).statusCode).toBe(429);
      expect((await guess(t, session.api_key, '203.0.113.51', route, 101)).statusCode).toBe(429);
      // The right password is refused too while the limit holds: guessing gains nothing.
      const right =
        route === 'profile'
          ? await post('/api/profile', { api_key: session.api_key, _method: 'patch', current_password: PASSWORD, password: 'floodlight-77-green', password_confirmation: 'floodlight-77-green' }, '203.0.113.52')
          : await post('/api/delete-account-confirm', { api_key: session.api_key, password: PASSWORD }, '203.0.113.52');
      expect(right.statusCode).toBe(429);
      // A names-only update carries no password: it is not throttled.
      const names = await post('/api/profile', { api_key: session.api_key, _method: 'patch', first_name: 'Still' }, '198.51.100.7');
      expect(names.statusCode, names.body).toBe(200);
      expect((await profile(session.api_key)).statusCode).toBe(200);
      // Another user at another address is not affected.
      const bystander = await register('bravo');
      expect((await guess(t, bystander.api_key, '192.0.2.9', route, 0)).statusCode).toBe(422);
    });
  }
});

describe('session lifetimes', () => {
  it('refuses and deletes a session unused for longer than the idle lifetime, or older than the absolute one', async () => {
    // A short key cache, so each call reads the key from the database.
    const t = await buildTestApp({ apiKeyCache: { ttlMs: 20 } });
    try {
      const { register, login, profile } = helpers(t);
      const session = await register();
      const idle = await login(session.email);
      const old = await login(session.email);
      expect((await profile(idle)).statusCode).toBe(200);
      expect((await profile(old)).statusCode).toBe(200);
      const db = t.database.db;
      await db.updateTable('api_keys').set({ last_used_at: new Date(Date.now() - 31 * DAY_MS) }).where('key_hash', '=', hashApiKey(idle)).execute();
      await db.updateTable('api_keys').set({ session_started_at: new Date(Date.now() - 91 * DAY_MS) }).where('key_hash', '=', hashApiKey(old)).execute();
      // A visitor key unused as long is still a visitor key (the pruning job removes stale ones).
      const visitor = await t.keyFor('alpha');
      await db.updateTable('api_keys').set({ last_used_at: new Date(Date.now() - 31 * DAY_MS) }).where('key_hash', '=', hashApiKey(visitor)).execute();
      await sleep(40);
      expectKeyInvalid(await profile(idle));
      expectKeyInvalid(await profile(old));
      expect((await profile(session.api_key)).statusCode).toBe(200);
      expect((await t.app.inject({ url: `/api/menu?api_key=${visitor}` })).statusCode).toBe(200);
      const left = await db.selectFrom('api_keys').select('key_hash').where('key_hash', 'in', [hashApiKey(idle), hashApiKey(old)]).execute();
      expect(left).toEqual([]);
    } finally {
      await t.close();
    }
  });

  // Two apps on their own database copies and two registrations (Argon2): past 20 s on a busy
  // two-core machine. A generous limit; the lifetimes it checks are the short ones set here.
  it('the key cache never carries a session past its lifetime', { timeout: 60_000 }, async () => {
    // A long cache TTL and short lifetimes: only the lifetimes can end these sessions.
    const t = await buildTestApp({ apiKeyCache: { ttlMs: 60_000 }, sessions: { absoluteLifetimeMs: 1200, idleLifetimeMs: 60_000 } });
    try {
      const { register, profile } = helpers(t);
      const session = await register();
      // Used all along (from the cache), yet ended at its absolute lifetime.
      const started = Date.now();
      while (Date.now() - started < 900) {
        expect((await profile(session.api_key)).statusCode).toBe(200);
        await sleep(150);
      }
      await sleep(400);
      expectKeyInvalid(await profile(session.api_key));
      const left = await t.database.db.selectFrom('api_keys').select('id').where('key_hash', '=', hashApiKey(session.api_key)).execute();
      expect(left).toEqual([]);
    } finally {
      await t.close();
    }
    const idle = await buildTestApp({ apiKeyCache: { ttlMs: 60_000 }, sessions: { idleLifetimeMs: 500 } });
    try {
      const { register, profile } = helpers(idle);
      const session = await register();
      expect((await profile(session.api_key)).statusCode).toBe(200);
      await sleep(700);
      expectKeyInvalid(await profile(session.api_key));
    } finally {
      await idle.close();
    }
  });
});

describe('the key exchange', () => {
  // 401 exchanges one after the other, each writing a key on PGlite: a generous limit, not a goal.
  it('answers 429 to a burst beyond the per-address limit; another address still gets keys', { timeout: 60_000 }, async () => {
    const t = await buildTestApp();
    try {
      const exchange = (remoteAddress: string) =>
        t.app.inject({ method: 'POST', url: '/api/get_api_key', payload: { channel_key: t.channel('alpha').config.channelKey }, remoteAddress });
      const codes: number[] = [];
      for (let i = 0; i < 400; i += 1) codes.push((await exchange('198.51.100.20')).statusCode);
      // Generous for a school's shared address (a few hundred a minute), then refused.
      expect(codes.slice(0, 300).every((code) => code === 200)).toBe(true);
      expect(codes.slice(300).every((code) => code === 429)).toBe(true);
      const refused = await exchange('198.51.100.20');
      expect(ApiErrorBody.parse(refused.json()).message).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
      expect((await exchange('198.51.100.21')).statusCode).toBe(200);
      const minted = await t.database.db.selectFrom('api_keys').select(sql<number>`count(*)::int`.as('n')).where('created_at', '>', new Date(Date.now() - 60_000)).where('user_id', 'is', null).executeTakeFirstOrThrow();
      expect(minted.n).toBeLessThanOrEqual(301);
    } finally {
      await t.close();
    }
  });
});

describe('pruning', () => {
  async function insertKey(t: TestApp, values: { userId?: number | null; lastUsedDaysAgo: number | null; createdDaysAgo: number; startedDaysAgo?: number }) {
    const key = newApiKey();
    const now = Date.now();
    await t.database.db
      .insertInto('api_keys')
      .values({
        channel_id: t.channel('alpha').id,
        key_hash: hashApiKey(key),
        user_id: values.userId ?? null,
        created_at: new Date(now - values.createdDaysAgo * DAY_MS),
        last_used_at: values.lastUsedDaysAgo === null ? null : new Date(now - values.lastUsedDaysAgo * DAY_MS),
        session_started_at: values.startedDaysAgo === undefined ? null : new Date(now - values.startedDaysAgo * DAY_MS),
      })
      .execute();
    return key;
  }

  it('the server prunes stale visitor keys and expired sessions periodically, and keeps live ones', async () => {
    const t = await buildTestApp({ sessions: { pruneIntervalMs: 100 } });
    try {
      const { register } = helpers(t);
      const userId = (await register()).user.id;
      const stale = {
        visitorUnused: await insertKey(t, { lastUsedDaysAgo: 31, createdDaysAgo: 40 }),
        visitorNeverUsed: await insertKey(t, { lastUsedDaysAgo: null, createdDaysAgo: 31 }),
        sessionIdle: await insertKey(t, { userId, lastUsedDaysAgo: 31, createdDaysAgo: 40, startedDaysAgo: 40 }),
        sessionTooOld: await insertKey(t, { userId, lastUsedDaysAgo: 0, createdDaysAgo: 91, startedDaysAgo: 91 }),
      };
      const live = {
        visitorRecent: await insertKey(t, { lastUsedDaysAgo: 29, createdDaysAgo: 200 }),
        visitorNew: await insertKey(t, { lastUsedDaysAgo: null, createdDaysAgo: 1 }),
        session: await insertKey(t, { userId, lastUsedDaysAgo: 29, createdDaysAgo: 89, startedDaysAgo: 89 }),
        // A device's old visitor key linked to the account yesterday: its session started then.
        linkedDevice: await insertKey(t, { userId, lastUsedDaysAgo: 0, createdDaysAgo: 300, startedDaysAgo: 1 }),
      };
      const present = async (key: string) => (await t.database.db.selectFrom('api_keys').select('id').where('key_hash', '=', hashApiKey(key)).executeTakeFirst()) !== undefined;
      // The job runs every 100 ms, also while the keys above are written: a run may have removed the
      // first stale key before the next was written. Waited for until every stale key is gone.
      const deadline = Date.now() + 5000;
      const anyStaleLeft = async () => (await Promise.all(Object.values(stale).map(present))).some(Boolean);
      while (Date.now() < deadline && (await anyStaleLeft())) await sleep(50);
      for (const [name, key] of Object.entries(stale)) expect(await present(key), name).toBe(false);
      for (const [name, key] of Object.entries(live)) expect(await present(key), name).toBe(true);
      for (const key of Object.values(live)) expect((await t.app.inject({ url: `/api/menu?api_key=${key}` })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

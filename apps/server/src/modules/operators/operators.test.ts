import { CONSOLE_CODES, ConsoleSessionResponse } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { recordAudit } from './index.ts';
import { consoleCall, cookieOf, makeOperator, signIn, TEST_PASSWORD } from './testing.ts';

describe('console sessions', () => {
  let t: TestApp;
  let alpha: number;
  let bravo: number;

  beforeAll(async () => {
    t = await buildTestApp();
    alpha = t.channel('alpha').id;
    bravo = t.channel('bravo').id;
    await makeOperator(t.app, 'owner@alpha.test', [[alpha, 'owner']]);
    await makeOperator(t.app, 'Producer@Bravo.test', [[bravo, 'producer']]);
    await makeOperator(t.app, 'ops@platform.test', [[alpha, 'owner'], [bravo, 'owner']]);
  });
  afterAll(async () => t.close());

  it('signs an operator in on their channel with an HttpOnly, SameSite cookie, and tells who they are', async () => {
    const response = await consoleCall(t.app, 'alpha', { method: 'POST', url: '/session', payload: { email: ' OWNER@alpha.test ', password: TEST_PASSWORD } });
    expect(response.statusCode).toBe(200);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/console/);
    const session = cookieOf(response);
    const me = await consoleCall(t.app, 'alpha', { method: 'GET', url: '/session', credential: session });
    expect(me.statusCode).toBe(200);
    const { operator } = ConsoleSessionResponse.parse(me.json());
    expect(operator).toMatchObject({ email: 'owner@alpha.test', role: 'owner', channel: { slug: 'alpha' }, totpEnabled: false, totpSetupRequired: false });
    // The cookie's value is not what the database keeps.
    const stored = await t.app.db.selectFrom('operator_sessions').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(session);
  });

  it('refuses a wrong password and an unknown address alike', async () => {
    for (const email of ['owner@alpha.test', 'nobody@alpha.test']) {
      const response = await consoleCall(t.app, 'alpha', { method: 'POST', url: '/session', payload: { email, password: 'wrong-password' } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: CONSOLE_CODES.invalidCredentials, field: 'email' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers 401 without a session and with a made-up one', async () => {
    for (const credential of [undefined, 'made-up', 'x'.repeat(500)]) {
      const response = await consoleCall(t.app, 'alpha', { method: 'GET', url: '/session', credential });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: CONSOLE_CODES.signedOut });
    }
  });

  it('refuses a session on another channel’s host, and an operator with no role there', async () => {
    const alphaSession = await signIn(t.app, 'alpha', 'owner@alpha.test');
    const other = await consoleCall(t.app, 'bravo', { method: 'GET', url: '/session', credential: alphaSession });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: CONSOLE_CODES.forbidden });
    const noRole = await consoleCall(t.app, 'bravo', { method: 'POST', url: '/session', payload: { email: 'owner@alpha.test', password: TEST_PASSWORD } });
    expect(noRole.statusCode).toBe(403);
    expect(noRole.json()).toMatchObject({ code: CONSOLE_CODES.forbidden });
    expect(noRole.headers['set-cookie']).toBeUndefined();
  });

  it('gives a platform owner a session per channel, each good on its own host, listing both channels', async () => {
    const onBravo = await signIn(t.app, 'bravo', 'ops@platform.test');
    const me = ConsoleSessionResponse.parse((await consoleCall(t.app, 'bravo', { method: 'GET', url: '/session', credential: onBravo })).json());
    expect(me.operator.channel.slug).toBe('bravo');
    expect(me.operator.channels.map((c) => [c.slug, c.role]).sort()).toEqual([
      ['alpha', 'owner'],
      ['bravo', 'owner'],
    ]);
    expect((await consoleCall(t.app, 'alpha', { method: 'GET', url: '/session', credential: onBravo })).statusCode).toBe(403);
  });

  it('refuses a sign-in and a sign-out posted from another origin or with none', async () => {
    for (const origin of ['http://evil.test', null, 'http://bravo.localhost']) {
      const response = await consoleCall(t.app, 'alpha', { method: 'POST', url: '/session', origin, payload: { email: 'owner@alpha.test', password: TEST_PASSWORD } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: CONSOLE_CODES.origin, field: 'origin' });
    }
    const session = await signIn(t.app, 'alpha', 'owner@alpha.test');
    const crossSite = await consoleCall(t.app, 'alpha', { method: 'DELETE', url: '/session', credential: session, origin: 'http://evil.test' });
    expect(crossSite.statusCode).toBe(403);
    expect((await consoleCall(t.app, 'alpha', { method: 'GET', url: '/session', credential: session })).statusCode).toBe(200);
  });

  it('signs out: the session stops working at once', async () => {
    const session = await signIn(t.app, 'alpha', 'owner@alpha.test');
    const out = await consoleCall(t.app, 'alpha', { method: 'DELETE', url: '/session', credential: session });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/Max-Age=0/);
    expect((await consoleCall(t.app, 'alpha', { method: 'GET', url: '/session', credential: session })).statusCode).toBe(401);
  });

  it('ends a session at its lifetime', async () => {
    const session = await signIn(t.app, 'alpha', 'owner@alpha.test');
    await t.app.db.updateTable('operator_sessions').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    expect((await consoleCall(t.app, 'alpha', { method: 'GET', url: '/session', credential: session })).statusCode).toBe(401);
  });

  it('refuses bad bodies naming the field, never with a 5xx', async () => {
    for (const payload of [{}, { email: 'a@b.test' }, { email: 42, password: 'x' }, { email: 'a@b.test', password: 'x'.repeat(500) }, { email: 'a@b.test', password: 'p', code: 7 }]) {
      const response = await consoleCall(t.app, 'alpha', { method: 'POST', url: '/session', payload });
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().field).toBe('string');
    }
  });

  it('records an audit entry with who, what, before and after, inside the change’s transaction', async () => {
    const actor = { kind: 'operator' as const, id: 1, label: 'owner@alpha.test', channelId: alpha, role: 'owner' as const };
    await t.app.db
      .transaction()
      .execute(async (tx) => {
        await recordAudit(tx, { actor, action: 'test.change', subject: 'thing:1', before: { a: 1 }, after: { a: 2 } });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await t.app.db.selectFrom('audit_log').select('id').where('action', '=', 'test.change').execute()).toEqual([]);
    await t.app.db.transaction().execute((tx) => recordAudit(tx, { actor, action: 'test.change', subject: 'thing:1', before: { a: 1 }, after: { a: 2 } }));
    const row = await t.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'test.change').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ channel_id: alpha, actor_kind: 'operator', actor_label: 'owner@alpha.test', subject: 'thing:1', before: { a: 1 }, after: { a: 2 } });
  });
});

import { AuditResponse, CONSOLE_CODES, ConsoleMembersResponse, IntegrationTokensResponse, NewTokenResponse } from '@grandstand/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { requireConsole } from './index.ts';
import { type ConsoleCall, consoleCall, makeOperator, signIn } from './testing.ts';

/** Every owner call of the module, with a body that would pass. */
const OWNER_CALLS: ConsoleCall[] = [
  { method: 'GET', url: '/security' },
  { method: 'PATCH', url: '/security', payload: { requireTotp: false } },
  { method: 'GET', url: '/operators' },
  { method: 'PATCH', url: '/operators/1', payload: { role: 'producer' } },
  { method: 'DELETE', url: '/operators/1' },
  { method: 'GET', url: '/invitations' },
  { method: 'POST', url: '/invitations', payload: { email: 'new@alpha.test', role: 'support' } },
  { method: 'DELETE', url: '/invitations/1' },
  { method: 'GET', url: '/tokens' },
  { method: 'POST', url: '/tokens', payload: { name: 'Scoreboard', role: 'producer' } },
  { method: 'DELETE', url: '/tokens/1' },
  { method: 'GET', url: '/audit' },
];
/** The calls of a signed-in person (any role), never of a token. */
const PERSONAL_CALLS: ConsoleCall[] = [
  { method: 'GET', url: '/session' },
  { method: 'POST', url: '/totp/setup' },
  { method: 'POST', url: '/totp/enable', payload: { code: '123456' } },
  { method: 'POST', url: '/totp/disable', payload: { code: '123456' } },
];

describe('who may call the console', () => {
  let t: TestApp;
  let alpha: number;
  let bravo: number;
  const sessions: Record<string, string> = {};
  let ownerId: number;
  let producerId: number;
  let bravoToken: string;

  beforeAll(async () => {
    t = await buildTestApp();
    alpha = t.channel('alpha').id;
    bravo = t.channel('bravo').id;
    ownerId = await makeOperator(t.app, 'owner@alpha.test', [[alpha, 'owner']]);
    producerId = await makeOperator(t.app, 'producer@alpha.test', [[alpha, 'producer']]);
    for (const role of ['support', 'analyst'] as const) await makeOperator(t.app, `${role}@alpha.test`, [[alpha, role]]);
    await makeOperator(t.app, 'owner@bravo.test', [[bravo, 'owner']]);
    for (const role of ['owner', 'producer', 'support', 'analyst']) sessions[role] = await signIn(t.app, 'alpha', `${role}@alpha.test`);
    sessions.bravoOwner = await signIn(t.app, 'bravo', 'owner@bravo.test');
    const created = await consoleCall(t.app, 'bravo', { method: 'POST', url: '/tokens', credential: sessions.bravoOwner, payload: { name: 'Bravo tool', role: 'owner' } });
    bravoToken = NewTokenResponse.parse(created.json()).token;
  });
  afterAll(async () => t.close());

  it('refuses every owner call to another channel’s owner, by session and by token, on this channel’s host', async () => {
    for (const call of OWNER_CALLS) {
      for (const credential of [sessions.bravoOwner!, bravoToken]) {
        const response = await consoleCall(t.app, 'alpha', { ...call, credential });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(response.json().code).toBe(CONSOLE_CODES.forbidden);
      }
    }
    for (const call of PERSONAL_CALLS) {
      const response = await consoleCall(t.app, 'alpha', { ...call, credential: sessions.bravoOwner });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
  });

  it('refuses every owner call to producers, support and analysts, and to an owner token', async () => {
    const ownerToken = NewTokenResponse.parse((await consoleCall(t.app, 'alpha', { method: 'POST', url: '/tokens', credential: sessions.owner, payload: { name: 'Alpha tool', role: 'owner' } })).json()).token;
    for (const call of OWNER_CALLS) {
      for (const credential of [sessions.producer!, sessions.support!, sessions.analyst!, ownerToken]) {
        const response = await consoleCall(t.app, 'alpha', { ...call, credential });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(response.json().code).toBe(CONSOLE_CODES.forbidden);
      }
    }
    for (const call of PERSONAL_CALLS) expect((await consoleCall(t.app, 'alpha', { ...call, credential: ownerToken })).statusCode).toBe(403);
  });

  it('answers 401 to every call without a credential, and to a cookie-session write from another origin 403', async () => {
    for (const call of [...OWNER_CALLS, ...PERSONAL_CALLS]) {
      const response = await consoleCall(t.app, 'alpha', call);
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(response.json().code).toBe(CONSOLE_CODES.signedOut);
    }
    for (const call of OWNER_CALLS.filter((c) => c.method !== 'GET')) {
      const response = await consoleCall(t.app, 'alpha', { ...call, credential: sessions.owner, origin: 'http://evil.test' });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(response.json().code).toBe(CONSOLE_CODES.origin);
    }
  });

  it('lets the owner list the operators, change a role, and never demote or remove the last owner', async () => {
    const listed = await consoleCall(t.app, 'alpha', { method: 'GET', url: '/operators', credential: sessions.owner });
    // An operator's own answer: no shared cache may keep it (and the schedule's, beside it, the same).
    expect(listed.headers['cache-control']).toBe('no-store');
    expect((await consoleCall(t.app, 'alpha', { method: 'GET', url: '/events/options', credential: sessions.owner })).headers['cache-control']).toBe('no-store');
    const list = ConsoleMembersResponse.parse(listed.json());
    expect(list.operators.map((o) => [o.email, o.role]).sort()).toEqual([
      ['analyst@alpha.test', 'analyst'],
      ['owner@alpha.test', 'owner'],
      ['producer@alpha.test', 'producer'],
      ['support@alpha.test', 'support'],
    ]);
    const demote = await consoleCall(t.app, 'alpha', { method: 'PATCH', url: `/operators/${ownerId}`, credential: sessions.owner, payload: { role: 'producer' } });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe(CONSOLE_CODES.lastOwner);
    const remove = await consoleCall(t.app, 'alpha', { method: 'DELETE', url: `/operators/${ownerId}`, credential: sessions.owner });
    expect(remove.statusCode).toBe(409);
    // Another channel's operator is no operator here.
    const bravoOwner = list.operators.find((o) => o.email === 'owner@bravo.test');
    expect(bravoOwner).toBeUndefined();
    const promote = await consoleCall(t.app, 'alpha', { method: 'PATCH', url: `/operators/${producerId}`, credential: sessions.owner, payload: { role: 'owner' } });
    expect(promote.statusCode).toBe(200);
    // The new role holds at once, on the session already open.
    expect((await consoleCall(t.app, 'alpha', { method: 'GET', url: '/operators', credential: sessions.producer })).statusCode).toBe(200);
    expect((await consoleCall(t.app, 'alpha', { method: 'PATCH', url: `/operators/${producerId}`, credential: sessions.owner, payload: { role: 'producer' } })).statusCode).toBe(200);
    expect((await consoleCall(t.app, 'alpha', { method: 'GET', url: '/operators', credential: sessions.producer })).statusCode).toBe(403);
  });

  it('removes an operator: their session stops at once; an unknown or other channel’s id is 404', async () => {
    const analystId = ConsoleMembersResponse.parse((await consoleCall(t.app, 'alpha', { method: 'GET', url: '/operators', credential: sessions.owner })).json()).operators.find((o) => o.role === 'analyst')!.id;
    expect((await consoleCall(t.app, 'alpha', { method: 'GET', url: '/session', credential: sessions.analyst })).statusCode).toBe(200);
    expect((await consoleCall(t.app, 'alpha', { method: 'DELETE', url: `/operators/${analystId}`, credential: sessions.owner })).statusCode).toBe(200);
    expect((await consoleCall(t.app, 'alpha', { method: 'GET', url: '/session', credential: sessions.analyst })).statusCode).toBe(401);
    const bravoOwnerId = (await t.app.db.selectFrom('operators').select('id').where('email', '=', 'owner@bravo.test').executeTakeFirstOrThrow()).id;
    for (const id of [bravoOwnerId, 999_999]) {
      expect((await consoleCall(t.app, 'alpha', { method: 'DELETE', url: `/operators/${id}`, credential: sessions.owner })).statusCode).toBe(404);
      expect((await consoleCall(t.app, 'alpha', { method: 'PATCH', url: `/operators/${id}`, credential: sessions.owner, payload: { role: 'support' } })).statusCode).toBe(404);
    }
    // Bravo's owner is untouched.
    expect((await consoleCall(t.app, 'bravo', { method: 'GET', url: '/session', credential: sessions.bravoOwner })).statusCode).toBe(200);
  });

  it('shows an integration token once, keeps only its hash, and refuses it at once when revoked', async () => {
    const created = await consoleCall(t.app, 'alpha', { method: 'POST', url: '/tokens', credential: sessions.owner, payload: { name: 'League schedule', role: 'producer' } });
    expect(created.statusCode).toBe(200);
    const { token, integrationToken } = NewTokenResponse.parse(created.json());
    expect(token).toMatch(/^gsc_[A-Za-z0-9_-]{40,}$/);
    const stored = await t.app.db.selectFrom('integration_tokens').selectAll().where('id', '=', integrationToken.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(token);
    const listed = (await consoleCall(t.app, 'alpha', { method: 'GET', url: '/tokens', credential: sessions.owner })).body;
    expect(listed).not.toContain(token);
    expect(IntegrationTokensResponse.parse(JSON.parse(listed)).tokens.map((x) => x.name)).toContain('League schedule');

    const guard = requireConsole(['owner', 'producer']);
    expect(await runGuard(guard, 'alpha', token)).toEqual({ status: 0, actor: { kind: 'token', id: integrationToken.id, label: 'League schedule', channelId: alpha, role: 'producer' } });
    expect((await runGuard(requireConsole(['owner']), 'alpha', token)).status).toBe(403);
    expect((await runGuard(guard, 'bravo', token)).status).toBe(403);
    expect((await t.app.db.selectFrom('integration_tokens').select('last_used_at').where('id', '=', integrationToken.id).executeTakeFirstOrThrow()).last_used_at).toBeInstanceOf(Date);

    // Another channel's owner cannot revoke it.
    expect((await consoleCall(t.app, 'bravo', { method: 'DELETE', url: `/tokens/${integrationToken.id}`, credential: sessions.bravoOwner })).statusCode).toBe(404);
    expect((await consoleCall(t.app, 'alpha', { method: 'DELETE', url: `/tokens/${integrationToken.id}`, credential: sessions.owner })).statusCode).toBe(200);
    const after = await runGuard(guard, 'alpha', token);
    expect(after.status).toBe(401);
    expect((await consoleCall(t.app, 'alpha', { method: 'DELETE', url: `/tokens/${integrationToken.id}`, credential: sessions.owner })).statusCode).toBe(404);
    for (const made of ['gsc_made-up', 'not-a-token', `gsc_${'x'.repeat(300)}`]) expect((await runGuard(guard, 'alpha', made)).status).toBe(401);
  });

  it('writes every change to the audit log with before and after, which the owner reads page by page', async () => {
    await consoleCall(t.app, 'alpha', { method: 'PATCH', url: '/security', credential: sessions.owner, payload: { requireTotp: false } });
    const first = AuditResponse.parse((await consoleCall(t.app, 'alpha', { method: 'GET', url: '/audit?limit=3', credential: sessions.owner })).json());
    expect(first.entries).toHaveLength(3);
    expect(first.entries[0]).toMatchObject({ action: 'security.update', subject: 'channel', actor: { kind: 'operator', label: 'owner@alpha.test' }, before: { requireTotp: false }, after: { requireTotp: false } });
    const all: AuditResponse['entries'] = [...first.entries];
    let next = first.next;
    while (next !== null) {
      const page = AuditResponse.parse((await consoleCall(t.app, 'alpha', { method: 'GET', url: `/audit?limit=3&before=${next}`, credential: sessions.owner })).json());
      all.push(...page.entries);
      next = page.next;
    }
    const actions = all.map((entry) => entry.action);
    for (const action of ['token.create', 'token.revoke', 'operator.role', 'operator.remove', 'security.update']) expect(actions).toContain(action);
    // Newest first: the producer made owner, then made producer again.
    expect(all.filter((e) => e.action === 'operator.role').map((e) => [e.before, e.after])).toEqual([
      [{ role: 'owner' }, { role: 'producer' }],
      [{ role: 'producer' }, { role: 'owner' }],
    ]);
    expect(all.find((e) => e.action === 'operator.remove')).toMatchObject({ before: { email: 'analyst@alpha.test', role: 'analyst' }, after: null });
    expect(all.find((e) => e.action === 'token.revoke')).toMatchObject({ before: { revoked: false }, after: { revoked: true } });
    // Bravo's own changes are in Bravo's log only.
    expect(all.some((e) => e.actor.label === 'owner@bravo.test')).toBe(false);
    const bravoLog = AuditResponse.parse((await consoleCall(t.app, 'bravo', { method: 'GET', url: '/audit', credential: sessions.bravoOwner })).json());
    expect(bravoLog.entries.map((e) => e.action)).toEqual(['token.create']);
    for (const bad of ['/audit?limit=0', '/audit?limit=abc', '/audit?before=-1']) expect((await consoleCall(t.app, 'alpha', { method: 'GET', url: bad, credential: sessions.owner })).statusCode).toBe(400);
  });

  /** Runs the guard as a route would, on the channel's host with the bearer token. */
  async function runGuard(guard: ReturnType<typeof requireConsole>, slug: string, token: string): Promise<{ status: number; actor?: unknown }> {
    const request = { server: t.app, headers: { authorization: `Bearer ${token}` }, hostname: `${slug}.localhost`, host: `${slug}.localhost`, method: 'POST', consoleActor: null, channelId: 0 } as unknown as FastifyRequest;
    let status = 0;
    const reply = {
      code(value: number) {
        status = value;
        return this;
      },
      send() {
        return this;
      },
    } as unknown as FastifyReply;
    await guard.call(t.app, request, reply);
    return status === 0 ? { status, actor: request.consoleActor } : { status };
  }
});


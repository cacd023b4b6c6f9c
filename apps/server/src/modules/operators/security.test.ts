import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditResponse, CONSOLE_CODES, ConsoleSessionResponse, InvitationInfo, TotpSetupResponse } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { loadChannelFolders } from '../../core/channels/loadChannels.ts';
import { repoRoot } from '../../core/paths.ts';
import { listOutbox } from '../mail/mailer.ts';
import { seedMissing } from '../channels/seed.ts';
import { seedOperators } from './seed.ts';
import { consoleCall, cookieOf, makeOperator, signIn, TEST_PASSWORD } from './testing.ts';
import { totpCode, TOTP_PERIOD_S } from './totp.ts';

let t: TestApp;
let alpha: number;
let bravo: number;
let outboxDir: string;
/** The clock the TOTP checks read; tests move it by whole steps. */
let clock = Date.UTC(2026, 11, 6, 12, 0, 0);
const LIMITS = { addressLimit: 8, accountLimit: 3, attackLimit: 4, pauseSeconds: 60, windowMs: 15 * 60_000 };

beforeAll(async () => {
  outboxDir = await mkdtemp(join(tmpdir(), 'operators-outbox-'));
  t = await buildTestApp({ mail: { secret: 'operators-test-secret-0123456789', outboxDir }, operators: { now: () => clock, signInLimits: LIMITS } });
  alpha = t.channel('alpha').id;
  bravo = t.channel('bravo').id;
  await makeOperator(t.app, 'owner@alpha.test', [[alpha, 'owner']]);
  await makeOperator(t.app, 'producer@alpha.test', [[alpha, 'producer']]);
  await makeOperator(t.app, 'owner@bravo.test', [[bravo, 'owner']]);
});
afterAll(async () => {
  await t.close();
  await rm(outboxDir, { recursive: true, force: true });
});

/** A sign-in from a given client address. */
function signInFrom(ip: string, email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/console/session',
    remoteAddress: ip,
    headers: { host: 'alpha.localhost', origin: 'http://alpha.localhost' },
    payload: { email, password },
  });
}

describe('sign-in throttling', () => {
  it('stops an address that keeps failing on an account, with Retry-After, even with the right password', async () => {
    await makeOperator(t.app, 'target@alpha.test', [[alpha, 'support']]);
    for (let i = 0; i < LIMITS.accountLimit; i += 1) expect((await signInFrom('203.0.113.7', 'target@alpha.test', 'wrong-password')).statusCode).toBe(401);
    const stopped = await signInFrom('203.0.113.7', 'target@alpha.test', TEST_PASSWORD);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().code).toBe(CONSOLE_CODES.throttled);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back by this one's failures: the operator still gets in.
    expect((await signInFrom('198.51.100.20', 'target@alpha.test', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('stops an address that tries many accounts', async () => {
    for (let i = 0; i < LIMITS.addressLimit; i += 1) await signInFrom('203.0.113.50', `guess${i}@alpha.test`, 'wrong-password');
    expect((await signInFrom('203.0.113.50', 'owner@alpha.test', TEST_PASSWORD)).statusCode).toBe(429);
    // An IPv6 client is counted by its /64: a fresh address in the same /64 is the same client.
    for (let i = 0; i < LIMITS.addressLimit; i += 1) await signInFrom(`2001:db8:1:2::${i + 1}`, `v6guess${i}@alpha.test`, 'wrong-password');
    expect((await signInFrom('2001:db8:1:2::ffff', 'owner@alpha.test', TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('slows every address that failed on an account under attack, but not one that never failed on it', async () => {
    await makeOperator(t.app, 'attacked@alpha.test', [[alpha, 'analyst']]);
    // One failure from each of five addresses: over the attack limit, though no address is over its own.
    for (let i = 1; i <= 5; i += 1) expect((await signInFrom(`192.0.2.${i}`, 'attacked@alpha.test', 'wrong-password')).statusCode).toBe(401);
    // An address that failed on it may try once a pause, whatever it sends.
    expect((await signInFrom('192.0.2.1', 'attacked@alpha.test', 'wrong-password')).statusCode).toBe(401);
    const paused = await signInFrom('192.0.2.1', 'attacked@alpha.test', TEST_PASSWORD);
    expect(paused.statusCode).toBe(429);
    expect(Number(paused.headers['retry-after'])).toBeLessThanOrEqual(LIMITS.pauseSeconds);
    expect((await signInFrom('198.51.100.99', 'attacked@alpha.test', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('clears an address’s failures on the account when the right password comes', async () => {
    await makeOperator(t.app, 'forgetful@alpha.test', [[alpha, 'support']]);
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < LIMITS.accountLimit - 1; i += 1) expect((await signInFrom('203.0.113.80', 'forgetful@alpha.test', 'wrong-password')).statusCode).toBe(401);
      expect((await signInFrom('203.0.113.80', 'forgetful@alpha.test', TEST_PASSWORD)).statusCode).toBe(200);
    }
  });
});

describe('TOTP', () => {
  let session: string;
  let secret: string;

  beforeAll(async () => {
    await makeOperator(t.app, 'careful@alpha.test', [[alpha, 'producer']]);
    session = await signIn(t.app, 'alpha', 'careful@alpha.test');
  });

  const call = (url: string, payload?: unknown, credential = session) => consoleCall(t.app, 'alpha', { method: 'POST', url, credential, payload });
  const step = () => {
    clock += TOTP_PERIOD_S * 1000;
  };

  it('sets up a secret that works only once confirmed with a code from it, and never shows it again', async () => {
    const setup = await call('/totp/setup');
    expect(setup.statusCode).toBe(200);
    ({ secret } = TotpSetupResponse.parse(setup.json()));
    expect(TotpSetupResponse.parse(setup.json()).otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    // Stored sealed, not as given.
    const row = await t.app.db.selectFrom('operators').select(['totp_secret', 'totp_enabled_at']).where('email', '=', 'careful@alpha.test').executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(secret);
    expect(row.totp_enabled_at).toBeNull();
    // Still pending: signing in asks for no code.
    expect((await consoleCall(t.app, 'alpha', { method: 'POST', url: '/session', payload: { email: 'careful@alpha.test', password: TEST_PASSWORD } })).statusCode).toBe(200);
    const wrong = await call('/totp/enable', { code: '000000' === totpCode(secret, clock) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: CONSOLE_CODES.totpInvalid, field: 'code' });
    expect((await call('/totp/enable', { code: totpCode(secret, clock) })).statusCode).toBe(200);
    const me = ConsoleSessionResponse.parse((await consoleCall(t.app, 'alpha', { method: 'GET', url: '/session', credential: session })).json());
    expect(me.operator.totpEnabled).toBe(true);
    expect(JSON.stringify(me)).not.toContain(secret);
    const again = await call('/totp/setup');
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain(secret);
  });

  it('then asks for a code at sign-in, refuses a wrong one and a code already used', async () => {
    const signInWith = (code?: string) => consoleCall(t.app, 'alpha', { method: 'POST', url: '/session', payload: { email: 'careful@alpha.test', password: TEST_PASSWORD, ...(code === undefined ? {} : { code }) } });
    const noCode = await signInWith();
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json()).toMatchObject({ code: CONSOLE_CODES.totpRequired, field: 'code' });
    expect(noCode.headers['set-cookie']).toBeUndefined();
    // The code used to enable it is spent: the same step's code is refused.
    expect((await signInWith(totpCode(secret, clock))).json().code).toBe(CONSOLE_CODES.totpInvalid);
    step();
    const code = totpCode(secret, clock);
    const good = await signInWith(code.replace(/(\d{3})/, '$1 '));
    expect(good.statusCode).toBe(200);
    cookieOf(good);
    const reused = await signInWith(code);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe(CONSOLE_CODES.totpInvalid);
    // A wrong password with a right code is still a wrong password.
    step();
    const wrongPassword = await consoleCall(t.app, 'alpha', { method: 'POST', url: '/session', payload: { email: 'careful@alpha.test', password: 'wrong-password', code: totpCode(secret, clock) } });
    expect(wrongPassword.json().code).toBe(CONSOLE_CODES.invalidCredentials);
  });

  it('turns off with a valid code, and is audited both ways', async () => {
    step();
    expect((await call('/totp/disable', { code: '12' })).statusCode).toBe(422);
    expect((await call('/totp/disable', { code: totpCode(secret, clock) })).statusCode).toBe(200);
    expect((await consoleCall(t.app, 'alpha', { method: 'POST', url: '/session', payload: { email: 'careful@alpha.test', password: TEST_PASSWORD } })).statusCode).toBe(200);
    const owner = await signIn(t.app, 'alpha', 'owner@alpha.test');
    const log = AuditResponse.parse((await consoleCall(t.app, 'alpha', { method: 'GET', url: '/audit', credential: owner })).json());
    const mine = log.entries.filter((e) => e.actor.label === 'careful@alpha.test').map((e) => [e.action, e.before, e.after]);
    expect(mine).toEqual([
      ['operator.totp.disable', { totpEnabled: true }, { totpEnabled: false }],
      ['operator.totp.enable', { totpEnabled: false }, { totpEnabled: true }],
    ]);
  });
});

describe('TOTP required by the channel', () => {
  it('asks an operator without TOTP to set it up, refuses every other call until they do, and keeps it on', async () => {
    await makeOperator(t.app, 'required@alpha.test', [[alpha, 'producer']]);
    const owner = await signIn(t.app, 'alpha', 'owner@alpha.test');
    const before = await signIn(t.app, 'alpha', 'required@alpha.test');
    const patch = await consoleCall(t.app, 'alpha', { method: 'PATCH', url: '/security', credential: owner, payload: { requireTotp: true } });
    expect(patch.statusCode).toBe(200);
    // The session opened before the change is held to it as well.
    const meBefore = ConsoleSessionResponse.parse((await consoleCall(t.app, 'alpha', { method: 'GET', url: '/session', credential: before })).json());
    expect(meBefore.operator.totpSetupRequired).toBe(true);

    const signedIn = await consoleCall(t.app, 'alpha', { method: 'POST', url: '/session', payload: { email: 'required@alpha.test', password: TEST_PASSWORD } });
    expect(signedIn.statusCode).toBe(200);
    expect(ConsoleSessionResponse.parse(signedIn.json()).operator.totpSetupRequired).toBe(true);
    const session = cookieOf(signedIn);
    // The owner too has no TOTP: their owner calls wait for it as well.
    const refused = await consoleCall(t.app, 'alpha', { method: 'GET', url: '/operators', credential: owner });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(CONSOLE_CODES.totpSetupRequired);

    const { secret } = TotpSetupResponse.parse((await consoleCall(t.app, 'alpha', { method: 'POST', url: '/totp/setup', credential: session })).json());
    clock += TOTP_PERIOD_S * 1000;
    expect((await consoleCall(t.app, 'alpha', { method: 'POST', url: '/totp/enable', credential: session, payload: { code: totpCode(secret, clock) } })).statusCode).toBe(200);
    const me = ConsoleSessionResponse.parse((await consoleCall(t.app, 'alpha', { method: 'GET', url: '/session', credential: session })).json());
    expect(me.operator).toMatchObject({ totpEnabled: true, totpSetupRequired: false });
    clock += TOTP_PERIOD_S * 1000;
    const disable = await consoleCall(t.app, 'alpha', { method: 'POST', url: '/totp/disable', credential: session, payload: { code: totpCode(secret, clock) } });
    expect(disable.statusCode).toBe(409);
    expect(disable.json().code).toBe(CONSOLE_CODES.totpRequiredByChannel);
    // Another channel's setting is its own.
    const bravoOwner = await signIn(t.app, 'bravo', 'owner@bravo.test');
    expect((await consoleCall(t.app, 'bravo', { method: 'GET', url: '/operators', credential: bravoOwner })).statusCode).toBe(200);

    // The owner sets theirs up in turn, then lifts the requirement (audited).
    const ownerSecret = TotpSetupResponse.parse((await consoleCall(t.app, 'alpha', { method: 'POST', url: '/totp/setup', credential: owner })).json()).secret;
    expect((await consoleCall(t.app, 'alpha', { method: 'POST', url: '/totp/enable', credential: owner, payload: { code: totpCode(ownerSecret, clock) } })).statusCode).toBe(200);
    expect((await consoleCall(t.app, 'alpha', { method: 'PATCH', url: '/security', credential: owner, payload: { requireTotp: false } })).statusCode).toBe(200);
    const log = AuditResponse.parse((await consoleCall(t.app, 'alpha', { method: 'GET', url: '/audit?limit=200', credential: owner })).json());
    expect(log.entries.filter((e) => e.action === 'security.update').map((e) => [e.before, e.after])).toEqual([
      [{ requireTotp: true }, { requireTotp: false }],
      [{ requireTotp: false }, { requireTotp: true }],
    ]);
  });
});

describe('invitations', () => {
  beforeAll(async () => {
    await makeOperator(t.app, 'inviter@alpha.test', [[alpha, 'owner']]);
  });
  async function invitationLink(to: string): Promise<string> {
    let link = '';
    await vi.waitFor(async () => {
      const mail = (await listOutbox(outboxDir, 'alpha')).find((message) => message.to === to);
      if (!mail) throw new Error('no invitation mail yet');
      link = /http\S+\/console\/invitation\/\S+/.exec(mail.text)![0];
    });
    return link;
  }
  const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

  it('mails an invitation; accepting it as a new operator applies the role and signs them in, once', async () => {
    const owner = await signIn(t.app, 'alpha', 'inviter@alpha.test');
    const invited = await consoleCall(t.app, 'alpha', { method: 'POST', url: '/invitations', credential: owner, payload: { email: 'New.Person@Alpha.test', role: 'support' } });
    expect(invited.statusCode).toBe(200);
    const link = await invitationLink('new.person@alpha.test');
    expect(link.startsWith(t.app.channels.publicOrigin(alpha))).toBe(true);
    const token = tokenOf(link);
    // The database keeps the token's hash only.
    expect(JSON.stringify(await t.app.db.selectFrom('operator_invitations').selectAll().execute())).not.toContain(token);

    const info = await consoleCall(t.app, 'alpha', { method: 'GET', url: `/invitations/${token}` });
    expect(InvitationInfo.parse(info.json())).toEqual({ channel: { slug: 'alpha', name: t.channel('alpha').config.name }, email: 'new.person@alpha.test', role: 'support', existingOperator: false });
    // On another channel's host the link is nothing.
    expect((await consoleCall(t.app, 'bravo', { method: 'GET', url: `/invitations/${token}` })).statusCode).toBe(404);
    const noName = await consoleCall(t.app, 'alpha', { method: 'POST', url: `/invitations/${token}/accept`, payload: { password: 'a-long-new-password' } });
    expect(noName.json()).toMatchObject({ field: 'name' });
    expect((await consoleCall(t.app, 'alpha', { method: 'POST', url: `/invitations/${token}/accept`, payload: { name: 'Nina', password: 'password' } })).json()).toMatchObject({ field: 'password' });
    expect((await consoleCall(t.app, 'alpha', { method: 'POST', url: `/invitations/${token}/accept`, origin: 'http://evil.test', payload: { name: 'Nina', password: 'a-long-new-password' } })).statusCode).toBe(403);

    const accepted = await consoleCall(t.app, 'alpha', { method: 'POST', url: `/invitations/${token}/accept`, payload: { name: 'Nina', password: 'a-long-new-password' } });
    expect(accepted.statusCode).toBe(200);
    expect(ConsoleSessionResponse.parse(accepted.json()).operator).toMatchObject({ email: 'new.person@alpha.test', name: 'Nina', role: 'support' });
    const me = await consoleCall(t.app, 'alpha', { method: 'GET', url: '/session', credential: cookieOf(accepted) });
    expect(ConsoleSessionResponse.parse(me.json()).operator.role).toBe('support');
    expect((await consoleCall(t.app, 'alpha', { method: 'POST', url: `/invitations/${token}/accept`, payload: { name: 'Eve', password: 'another-long-password' } })).statusCode).toBe(404);
    expect((await consoleCall(t.app, 'alpha', { method: 'POST', url: '/session', payload: { email: 'new.person@alpha.test', password: 'a-long-new-password' } })).statusCode).toBe(200);

    const log = AuditResponse.parse((await consoleCall(t.app, 'alpha', { method: 'GET', url: '/audit?limit=200', credential: owner })).json());
    expect(log.entries.find((e) => e.action === 'invitation.create')).toMatchObject({ actor: { label: 'inviter@alpha.test' }, before: null, after: { email: 'new.person@alpha.test', role: 'support' } });
    expect(log.entries.find((e) => e.action === 'invitation.accept')).toMatchObject({ actor: { label: 'new.person@alpha.test' }, after: { email: 'new.person@alpha.test', role: 'support' } });
  });

  it('lets an operator of another channel accept with their own password, and refuses a wrong one', async () => {
    const owner = await signIn(t.app, 'alpha', 'inviter@alpha.test');
    expect((await consoleCall(t.app, 'alpha', { method: 'POST', url: '/invitations', credential: owner, payload: { email: 'owner@bravo.test', role: 'analyst' } })).statusCode).toBe(200);
    const token = tokenOf(await invitationLink('owner@bravo.test'));
    expect(InvitationInfo.parse((await consoleCall(t.app, 'alpha', { method: 'GET', url: `/invitations/${token}` })).json()).existingOperator).toBe(true);
    const wrong = await consoleCall(t.app, 'alpha', { method: 'POST', url: `/invitations/${token}/accept`, payload: { password: 'wrong-password' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const accepted = await consoleCall(t.app, 'alpha', { method: 'POST', url: `/invitations/${token}/accept`, payload: { password: TEST_PASSWORD } });
    expect(accepted.statusCode).toBe(200);
    expect(ConsoleSessionResponse.parse(accepted.json()).operator.channels.map((c) => [c.slug, c.role]).sort()).toEqual([
      ['alpha', 'analyst'],
      ['bravo', 'owner'],
    ]);
  });

  it('refuses inviting a member, lists and cancels pending invitations; a producer may not invite', async () => {
    const owner = await signIn(t.app, 'alpha', 'inviter@alpha.test');
    const member = await consoleCall(t.app, 'alpha', { method: 'POST', url: '/invitations', credential: owner, payload: { email: 'producer@alpha.test', role: 'owner' } });
    expect(member.statusCode).toBe(409);
    expect(member.json().code).toBe(CONSOLE_CODES.alreadyMember);
    expect((await consoleCall(t.app, 'alpha', { method: 'POST', url: '/invitations', credential: owner, payload: { email: 'not an email', role: 'owner' } })).json()).toMatchObject({ field: 'email' });
    const producer = await signIn(t.app, 'alpha', 'producer@alpha.test');
    expect((await consoleCall(t.app, 'alpha', { method: 'POST', url: '/invitations', credential: producer, payload: { email: 'x@alpha.test', role: 'owner' } })).statusCode).toBe(403);

    const created = await consoleCall(t.app, 'alpha', { method: 'POST', url: '/invitations', credential: owner, payload: { email: 'later@alpha.test', role: 'producer' } });
    const id = created.json().invitation.id as number;
    const token = tokenOf(await invitationLink('later@alpha.test'));
    const pending = await consoleCall(t.app, 'alpha', { method: 'GET', url: '/invitations', credential: owner });
    expect(pending.json().invitations.map((i: { email: string }) => i.email)).toContain('later@alpha.test');
    expect((await consoleCall(t.app, 'alpha', { method: 'DELETE', url: `/invitations/${id}`, credential: owner })).statusCode).toBe(200);
    expect((await consoleCall(t.app, 'alpha', { method: 'GET', url: `/invitations/${token}` })).statusCode).toBe(404);
    // An expired link is nothing either.
    await consoleCall(t.app, 'alpha', { method: 'POST', url: '/invitations', credential: owner, payload: { email: 'slow@alpha.test', role: 'producer' } });
    const slow = tokenOf(await invitationLink('slow@alpha.test'));
    clock += 8 * 86_400_000;
    expect((await consoleCall(t.app, 'alpha', { method: 'GET', url: `/invitations/${slow}` })).statusCode).toBe(404);
    for (const bad of ['short', 'x'.repeat(150)]) expect((await consoleCall(t.app, 'alpha', { method: 'GET', url: `/invitations/${bad}` })).statusCode).toBe(400);
  });
});

describe('demo operators', () => {
  it('are seeded with the channel: the fixture channel’s analyst signs in', async () => {
    const response = await consoleCall(t.app, 'bravo', { method: 'POST', url: '/session', payload: { email: 'seeded.analyst@bravo.test', password: 'bravo-analyst-fixture' } });
    expect(response.statusCode).toBe(200);
    expect(ConsoleSessionResponse.parse(response.json()).operator.role).toBe('analyst');
  });

  it('come to an already seeded database at start, never over an existing account', async () => {
    const bravoChannel = t.channel('bravo');
    const email = 'seeded.analyst@bravo.test';
    await t.app.db.deleteFrom('operators').where('email', '=', email).execute();
    expect(await seedMissing(t.app.db, [bravoChannel])).toEqual([]);
    const back = await consoleCall(t.app, 'bravo', { method: 'POST', url: '/session', payload: { email, password: 'bravo-analyst-fixture' } });
    expect(back.statusCode).toBe(200);
    // Removed from the channel by an owner: a start does not bring the role back.
    await t.app.db.deleteFrom('operator_memberships').where('operator_id', '=', ConsoleSessionResponse.parse(back.json()).operator.id).execute();
    await seedMissing(t.app.db, [bravoChannel]);
    expect((await consoleCall(t.app, 'bravo', { method: 'POST', url: '/session', payload: { email, password: 'bravo-analyst-fixture' } })).statusCode).toBe(403);
  });

  it('gives each demo channel an owner, a producer and a support operator, and the platform owner both channels; a re-seed puts them back', async () => {
    const folders = await loadChannelFolders(join(repoRoot, 'channels'));
    const bySlug = new Map(folders.map((folder) => [folder.config.slug, folder.seed?.operators ?? []]));
    for (const slug of ['northfield', 'laurentides']) {
      const roles = bySlug.get(slug)!.map((o) => [o.email, o.role]);
      expect(roles).toContainEqual([`owner@${slug}.test`, 'owner']);
      expect(roles).toContainEqual([`producer@${slug}.test`, 'producer']);
      expect(roles).toContainEqual([`support@${slug}.test`, 'support']);
      expect(roles).toContainEqual(['ops@grandstand.test', 'owner']);
    }
    const northfield = bySlug.get('northfield')!;
    await seedOperators(t.app.db, alpha, northfield);
    await seedOperators(t.app.db, bravo, bySlug.get('laurentides')!);
    const platform = await signIn(t.app, 'bravo', 'ops@grandstand.test', { password: 'grandstand-reports-demo' });
    expect(ConsoleSessionResponse.parse((await consoleCall(t.app, 'bravo', { method: 'GET', url: '/session', credential: platform })).json()).operator.channels).toHaveLength(2);
    // A changed password comes back with a re-seed.
    await t.app.db.updateTable('operators').set({ password_hash: 'changed' }).where('email', '=', 'owner@northfield.test').execute();
    await seedOperators(t.app.db, alpha, northfield);
    const owner = northfield.find((o) => o.email === 'owner@northfield.test')!;
    expect((await consoleCall(t.app, 'alpha', { method: 'POST', url: '/session', payload: { email: owner.email, password: owner.password } })).statusCode).toBe(200);
    expect(await t.app.db.selectFrom('operators').select('id').where('email', '=', 'ops@grandstand.test').execute()).toHaveLength(1);
  });
});

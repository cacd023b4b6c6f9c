import { ApiErrorBody, AUTH_MESSAGES, AUTH_REFUSAL_CODES, KEY_INVALID_STATUS, MessageResponse } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsersRepository, hashPassword, startSession, verifyPassword } from './index.ts';
import type { UserRow } from './tables.ts';
import { signLink } from '../mail/links.ts';
import { RESET_REQUEST_MESSAGE } from './mailRoutes.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { linkOf, startSmtpServer, type TestSmtpServer } from '../../../test/support/smtpServer.ts';

const SECRET = 'test-secret-for-mailed-links-0123456789';
let clock = Math.floor(Date.now() / 1000);
let smtp: TestSmtpServer;
let t: TestApp;
let alphaKey: string;
let bravoKey: string;
let serial = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ mail: { smtpUrl: smtp.url, secret: SECRET, now: () => clock } });
  alphaKey = await t.keyFor('alpha');
  bravoKey = await t.keyFor('bravo');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function newUser(slug: string, options: { verified?: boolean; temporaryPassword?: boolean; password?: string } = {}): Promise<UserRow> {
  serial += 1;
  return createUsersRepository(t.app.db).create({
    channelId: t.channel(slug).id,
    email: `viewer${serial}-${Date.now()}@example.org`,
    passwordHash: await hashPassword(options.password ?? 'an old password'),
    firstName: 'Dana',
    lastName: 'Viewer',
    verified: options.verified ?? false,
    temporaryPassword: options.temporaryPassword,
  });
}

const post = (url: string, payload: Record<string, unknown>, host = 'alpha.localhost:8080') =>
  t.app.inject({ method: 'POST', url, payload, headers: { host } });

const errorOf = (response: { statusCode: number; json(): unknown }) => {
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  return ApiErrorBody.parse(response.json());
};

describe('email verification through the real mail', () => {
  it('mails a link to the site that verifies the address once', async () => {
    const user = await newUser('alpha');
    await t.app.accountsMail.sendVerification({ channel: t.channel('alpha'), user });
    const mail = await smtp.nextTo(user.email);
    expect(mail.subject).toBe('Verify your email address for Alpha Sports');
    expect(mail.from?.value[0]).toMatchObject({ name: 'Alpha Sports' });
    expect(mail.text).toContain('Hello Dana,');
    const { url, query } = linkOf(mail);
    expect(url.origin + url.pathname).toBe('http://localhost:8080/verify-email');
    expect(Number(query.expires) - clock).toBe(24 * 60 * 60);
    expect(mail.html).toContain(`href="${url.toString().replace(/&/g, '&amp;')}"`);

    const verified = await post('/api/auth/email-verify', { api_key: alphaKey, ...query });
    expect(verified.statusCode).toBe(200);
    MessageResponse.parse(verified.json());
    const row = await createUsersRepository(t.app.db).findById(t.channel('alpha').id, user.id);
    expect(row?.email_verified_at).not.toBeNull();

    const again = await post('/api/auth/email-verify', { api_key: alphaKey, ...query });
    expect(errorOf(again).message).toBe(AUTH_MESSAGES.emailAlreadyVerified);
    // The site tells a link used before from a broken one by the code, whatever the words.
    expect(errorOf(again).code).toBe(AUTH_REFUSAL_CODES.emailAlreadyVerified);
  });

  it('writes in the channel language', async () => {
    const user = await newUser('bravo');
    await t.app.accountsMail.sendVerification({ channel: t.channel('bravo').id, user });
    const mail = await smtp.nextTo(user.email);
    expect(mail.subject).toBe('Confirmez votre adresse courriel pour Bravo Sports');
    expect(mail.text).toContain('Bonjour Dana,');
  });

  it('refuses a forged, an expired and another channel’s link', async () => {
    const user = await newUser('alpha');
    const alpha = t.channel('alpha');
    const expires = clock + 600;
    const signed = (data: { expires?: number; channelId?: number; purpose?: 'verify-email' | 'password-reset' }) =>
      signLink({ channelId: data.channelId ?? alpha.id, email: user.email, expires: data.expires ?? expires, purpose: data.purpose ?? 'verify-email' }, SECRET);

    const forged = await post('/api/auth/email-verify', { api_key: alphaKey, email: user.email, expires, signature: 'x'.repeat(43) });
    expect(errorOf(forged).message).toBe(AUTH_MESSAGES.verificationFailed);
    expect(errorOf(forged).code).toBe(AUTH_REFUSAL_CODES.verificationFailed);
    const otherSecret = signLink({ channelId: alpha.id, email: user.email, expires, purpose: 'verify-email' }, 'another secret');
    expect(errorOf(await post('/api/auth/email-verify', { api_key: alphaKey, email: user.email, expires, signature: otherSecret })).message).toBe(AUTH_MESSAGES.verificationFailed);
    const stretched = await post('/api/auth/email-verify', { api_key: alphaKey, email: user.email, expires: expires + 1, signature: signed({}) });
    expect(errorOf(stretched).message).toBe(AUTH_MESSAGES.verificationFailed);
    const resetLink = await post('/api/auth/email-verify', { api_key: alphaKey, email: user.email, expires, signature: signed({ purpose: 'password-reset' }) });
    expect(errorOf(resetLink).message).toBe(AUTH_MESSAGES.verificationFailed);
    const expired = await post('/api/auth/email-verify', { api_key: alphaKey, email: user.email, expires: clock - 1, signature: signed({ expires: clock - 1 }) });
    expect(errorOf(expired).message).toBe(AUTH_MESSAGES.verificationFailed);
    expect(errorOf(expired).code).toBe(AUTH_REFUSAL_CODES.verificationFailed);
    const crossChannel = await post('/api/auth/email-verify', { api_key: bravoKey, email: user.email, expires, signature: signed({}) }, 'bravo.localhost:8080');
    expect(errorOf(crossChannel).message).toBe(AUTH_MESSAGES.verificationFailed);

    const row = await createUsersRepository(t.app.db).findById(alpha.id, user.id);
    expect(row?.email_verified_at).toBeNull();
    expect((await post('/api/auth/email-verify', { api_key: alphaKey, email: user.email, expires, signature: signed({}) })).statusCode).toBe(200);
  });
});

describe('password reset through the real mail', () => {
  it('mails a 1 h link on the channel’s public origin; the reset sets the password, clears the temporary flag and ends every session, once', async () => {
    const user = await newUser('alpha', { verified: true, temporaryPassword: true });
    const alpha = t.channel('alpha');
    const session = await startSession(t.app, { channelId: alpha.id, userId: user.id });
    const otherSession = await startSession(t.app, { channelId: alpha.id, userId: user.id });

    const requested = await post('/api/auth/password-reset-request', { api_key: alphaKey, email: user.email.toUpperCase() }, 'alpha.localhost:8080');
    expect(requested.statusCode).toBe(200);
    expect(MessageResponse.parse(requested.json()).data.message).toBe(RESET_REQUEST_MESSAGE);
    const mail = await smtp.nextTo(user.email);
    expect(mail.subject).toBe('Reset your Alpha Sports password');
    const { url, query } = linkOf(mail);
    expect(url.origin + url.pathname).toBe('http://localhost:8080/password-reset');
    expect(Number(query.expires) - clock).toBe(60 * 60);

    const mismatch = await post('/api/auth/password-reset', { api_key: alphaKey, ...query, password: 'a new password 1', password_confirmation: 'a new password 2' });
    expect(errorOf(mismatch)).toMatchObject({ field: 'password_confirmation', message: 'PASSWORDS DON’T MATCH' });
    const tooShort = await post('/api/auth/password-reset', { api_key: alphaKey, ...query, password: 'short', password_confirmation: 'short' });
    expect(errorOf(tooShort)).toMatchObject({ field: 'password', message: AUTH_MESSAGES.passwordTooShort });

    const reset = await post('/api/auth/password-reset', { api_key: alphaKey, ...query, password: 'a new password 1', password_confirmation: 'a new password 1' });
    expect(reset.statusCode).toBe(200);
    MessageResponse.parse(reset.json());
    const row = await createUsersRepository(t.app.db).findById(alpha.id, user.id);
    expect(row?.temporary_password).toBe(false);
    expect(await verifyPassword(row?.password_hash ?? '', 'a new password 1')).toBe(true);
    for (const key of [session, otherSession]) {
      const refused = await t.app.inject({ url: `/api/settings?api_key=${key}` });
      expect(refused.statusCode).toBe(KEY_INVALID_STATUS);
    }

    const replayed = await post('/api/auth/password-reset', { api_key: alphaKey, ...query, password: 'a third password', password_confirmation: 'a third password' });
    expect(errorOf(replayed).message).toBe(AUTH_MESSAGES.resetFailed);
    expect(await verifyPassword((await createUsersRepository(t.app.db).findById(alpha.id, user.id))?.password_hash ?? '', 'a new password 1')).toBe(true);
  });

  it('tells an expired link from a forged one, and refuses another channel’s key', async () => {
    const user = await newUser('alpha', { verified: true });
    await post('/api/auth/password-reset-request', { api_key: alphaKey, email: user.email });
    const { query } = linkOf(await smtp.nextTo(user.email));
    const body = { ...query, password: 'a brand new one', password_confirmation: 'a brand new one' };

    const crossChannel = await post('/api/auth/password-reset', { api_key: bravoKey, ...body }, 'bravo.localhost:8080');
    expect(errorOf(crossChannel).message).toBe(AUTH_MESSAGES.resetFailed);
    // One signature character changed in its full six bits, so the forgery always differs from the real one.
    const signature = `${query.signature.slice(0, -2)}${query.signature.at(-2) === 'A' ? 'B' : 'A'}${query.signature.slice(-1)}`;
    const forged = await post('/api/auth/password-reset', { api_key: alphaKey, ...body, signature });
    expect(errorOf(forged).message).toBe(AUTH_MESSAGES.resetFailed);
    const stretched = await post('/api/auth/password-reset', { api_key: alphaKey, ...body, expires: Number(query.expires) + 3600 });
    expect(errorOf(stretched).message).toBe(AUTH_MESSAGES.resetFailed);
    const unknown = await post('/api/auth/password-reset', { api_key: alphaKey, ...body, email: 'nobody@example.org' });
    expect(errorOf(unknown).message).toBe(AUTH_MESSAGES.resetFailed);

    const saved = clock;
    clock += 60 * 60 + 1;
    try {
      const expired = await post('/api/auth/password-reset', { api_key: alphaKey, ...body });
      expect(errorOf(expired).message).toBe(AUTH_MESSAGES.resetKeyExpired);
    } finally {
      clock = saved;
    }
    expect((await post('/api/auth/password-reset', { api_key: alphaKey, ...body })).statusCode).toBe(200);
  });

  it('answers an unknown address exactly as a known one, and mails only the known one', async () => {
    const known = await newUser('alpha', { verified: true });
    const before = smtp.messages.length;
    const unknown = await post('/api/auth/password-reset-request', { api_key: alphaKey, email: 'nobody-here@example.org' });
    const knownAnswer = await post('/api/auth/password-reset-request', { api_key: alphaKey, email: known.email });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(knownAnswer.body);
    await smtp.nextTo(known.email);
    const after = smtp.messages.slice(before).flatMap((m) => [m.to ?? []].flat().flatMap((to) => to.value.map((v) => v.address)));
    expect(after).not.toContain('nobody-here@example.org');
  });

  it('answers a known address of another channel as an unknown one', async () => {
    const bravoUser = await newUser('bravo', { verified: true });
    const answer = await post('/api/auth/password-reset-request', { api_key: alphaKey, email: bravoUser.email });
    expect(MessageResponse.parse(answer.json()).data.message).toBe(RESET_REQUEST_MESSAGE);
    await expect(smtp.nextTo(bravoUser.email, 300)).rejects.toThrow(/no mail/);
  });
});

describe('bad input', () => {
  it('answers 4xx naming the field, never a 5xx', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/auth/email-verify', { email: 'a@example.org', expires: 123 }, 'signature'],
      ['/api/auth/email-verify', { email: 'a@example.org', expires: 'soon', signature: 'x' }, 'expires'],
      ['/api/auth/email-verify', { expires: 123, signature: 'x' }, 'email'],
      ['/api/auth/password-reset-request', {}, 'email'],
      ['/api/auth/password-reset-request', { email: ['a@example.org'] }, 'email'],
      ['/api/auth/password-reset-request', { email: 'not an address' }, 'email'],
      ['/api/auth/password-reset', { email: 'a@example.org', expires: 123, signature: 'x', password: 'short', password_confirmation: 'short' }, 'password'],
      ['/api/auth/password-reset', { email: 'a@example.org', expires: 123, signature: 'x', password: 'password1', password_confirmation: 'password1' }, 'password'],
      ['/api/auth/password-reset', { email: 'a@example.org', expires: -5, signature: 'x', password: 'long enough', password_confirmation: 'long enough' }, 'expires'],
    ];
    for (const [url, payload, field] of cases) {
      const response = await post(url, { api_key: alphaKey, ...payload });
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(ApiErrorBody.parse(response.json()).field).toBe(field);
    }
  });

  it('needs an api key', async () => {
    const response = await post('/api/auth/password-reset-request', { email: 'a@example.org' });
    expect(response.statusCode).toBe(KEY_INVALID_STATUS);
  });
});

describe('no outbox when SMTP_URL is set', () => {
  it('does not serve /outbox', async () => {
    const response = await t.app.inject({ url: '/outbox', headers: { host: 'alpha.localhost:8080' } });
    expect(response.body).not.toContain('Demo outbox');
  });
});

import { ApiErrorBody, AUTH_MESSAGES } from '@grandstand/contract';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUsersRepository, hashPassword } from './index.ts';
import { signLink } from '../mail/links.ts';
import { listOutbox } from '../mail/mailer.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

// Nothing a visitor sends may tell which addresses hold an account of a channel: not the answer
// (status, message, field) and not the time it takes (an unknown address costs the same Argon2
// hash a known one does).
const SECRET = 'enumeration-test-secret-0123456789';
const PASSWORD = 'touchline-42-blue';
let t: TestApp;
let key: string;
let outboxDir: string;
let serial = 0;
const fresh = () => `enum${++serial}-${Date.now()}@example.org`;

beforeAll(async () => {
  outboxDir = await mkdtemp(join(tmpdir(), 'enumeration-outbox-'));
  t = await buildTestApp({ mail: { secret: SECRET, outboxDir } });
  key = await t.keyFor('alpha');
});
afterAll(async () => {
  await t.close();
  await rm(outboxDir, { recursive: true, force: true });
});

async function account(options: { password?: string | null; verified?: boolean } = {}) {
  return createUsersRepository(t.app.db).create({
    channelId: t.channel('alpha').id,
    email: fresh(),
    passwordHash: options.password === null ? null : await hashPassword(options.password ?? PASSWORD),
    firstName: 'Dana',
    lastName: 'Viewer',
    verified: options.verified ?? true,
  });
}

const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, payload: { api_key: key, ...payload } });

/** What a caller can compare: status and body (message, field, errors). */
const answerOf = (response: { statusCode: number; json(): unknown }) => ({ status: response.statusCode, body: response.json() });

async function timed(call: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await call();
  return performance.now() - started;
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Compares the answer times of two calls, each warmed up first (the first calls of a route pay
 * for compiling it), then run in A B B A order so whatever one leaves running after its answer
 * weighs on both sides alike. The medians must be within a factor of two of each other, or closer
 * than half of one Argon2 hash timed on this machine right then (and at least 5 ms): what this
 * guards against is a hash on one side only, while a busy machine (CI runs suites side by side on
 * two cores) moves millisecond answers by more than a factor of two, and slows a hash as much as
 * it slows them. Smaller leaks have their own exact tests (the reset mail below).
 * `settle` runs after each call, outside the timing: work a route does after answering (a mail)
 * is not part of the answer's time.
 */
async function expectSimilarTiming(a: () => Promise<unknown>, b: () => Promise<unknown>, label: string, settle: () => Promise<void> = async () => {}) {
  const ta: number[] = [];
  const tb: number[] = [];
  const run = async (call: () => Promise<unknown>, into: number[] | null) => {
    const time = await timed(call);
    into?.push(time);
    await settle();
  };
  for (let i = 0; i < 2; i += 1) {
    await run(a, null);
    await run(b, null);
  }
  for (let i = 0; i < 8; i += 1) {
    if (i % 2 === 0) {
      await run(a, ta);
      await run(b, tb);
    } else {
      await run(b, tb);
      await run(a, ta);
    }
  }
  const hashes: number[] = [];
  for (let i = 0; i < 3; i += 1) hashes.push(await timed(() => hashPassword(PASSWORD)));
  const [ma, mb, hash] = [median(ta), median(tb), median(hashes)];
  const similar = Math.min(ma, mb) / Math.max(ma, mb) > 0.5 || Math.abs(ma - mb) < Math.max(5, hash / 2);
  expect(similar, `${label}: medians ${ma.toFixed(1)} ms and ${mb.toFixed(1)} ms, one hash ${hash.toFixed(1)} ms`).toBe(true);
}

describe('password reset', () => {
  it('answers a wrong signature for a known address exactly as any link for an unknown one', async () => {
    const known = await account();
    const expires = Math.floor(Date.now() / 1000) + 600;
    const body = { expires, signature: 'x'.repeat(43), password: 'a brand new one', password_confirmation: 'a brand new one' };
    const forKnown = answerOf(await post('/api/auth/password-reset', { ...body, email: known.email }));
    const forUnknown = answerOf(await post('/api/auth/password-reset', { ...body, email: fresh() }));
    expect(forKnown.status).toBe(400);
    expect(forUnknown).toEqual(forKnown);
    expect(ApiErrorBody.parse(forKnown.body)).toMatchObject({ message: AUTH_MESSAGES.resetFailed, field: 'signature' });

    // A signature made for the address (as if the link was genuine) does not help on an unknown one.
    const unknown = fresh();
    const signed = signLink({ channelId: t.channel('alpha').id, email: unknown, expires, purpose: 'password-reset', binding: 'no-password' }, SECRET);
    expect(answerOf(await post('/api/auth/password-reset', { ...body, email: unknown, signature: signed }))).toEqual(forKnown);
    // An already expired time changes nothing without a genuine signature.
    const past = { ...body, expires: expires - 7200 };
    expect(answerOf(await post('/api/auth/password-reset', { ...past, email: known.email }))).toEqual(forKnown);
    expect(answerOf(await post('/api/auth/password-reset', { ...past, email: fresh() }))).toEqual(forKnown);
  });

  it('answers a reset request for a known address before its mail is composed', async () => {
    const known = await account();
    let release = () => {};
    const pending = new Promise<void>((resolve) => {
      release = resolve;
    });
    const send = vi.spyOn(t.app.accountsMail, 'sendPasswordReset').mockImplementation(() => pending);
    try {
      const response = await post('/api/auth/password-reset-request', { email: known.email });
      expect(response.statusCode).toBe(200);
      // The answer is out while the mail has not even started; it starts right after.
      await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    } finally {
      release();
      send.mockRestore();
    }
  });

  it('answers a reset request the same for a known and an unknown address, in similar time', async () => {
    const known = await account();
    const sent = async () => (await listOutbox(outboxDir, 'alpha')).filter((message) => message.to === known.email).length;
    expect(answerOf(await post('/api/auth/password-reset-request', { email: fresh() }))).toEqual(answerOf(await post('/api/auth/password-reset-request', { email: known.email })));
    await vi.waitFor(async () => expect(await sent()).toBe(1));
    // The mail is composed after the answer; wait for it so it does not weigh on the next call.
    let expected = 1;
    await expectSimilarTiming(
      async () => {
        await post('/api/auth/password-reset-request', { email: known.email });
        expected += 1;
      },
      () => post('/api/auth/password-reset-request', { email: fresh() }),
      'reset request',
      async () => vi.waitFor(async () => expect(await sent()).toBe(expected)),
    );
  });
});

describe('email verification', () => {
  it('answers a forged link for a verified address exactly as one for an unknown address', async () => {
    const verified = await account({ verified: true });
    const body = { expires: Math.floor(Date.now() / 1000) + 600, signature: 'x'.repeat(43) };
    const forKnown = answerOf(await post('/api/auth/email-verify', { ...body, email: verified.email }));
    expect(forKnown.status).toBe(400);
    expect(answerOf(await post('/api/auth/email-verify', { ...body, email: fresh() }))).toEqual(forKnown);
  });
});

describe('login', () => {
  it('answers an unknown address, a wrong password and a password-less (social) account alike, in similar time', async () => {
    const known = await account();
    const social = await account({ password: null });
    const wrong = answerOf(await post('/api/v2/auth/login', { email: known.email, password: 'not the password' }));
    expect(wrong.status).toBe(422);
    expect(answerOf(await post('/api/v2/auth/login', { email: fresh(), password: 'not the password' }))).toEqual(wrong);
    expect(answerOf(await post('/api/v2/auth/login', { email: social.email, password: 'not the password' }))).toEqual(wrong);
    await expectSimilarTiming(
      () => post('/api/v2/auth/login', { email: known.email, password: 'not the password' }),
      () => post('/api/v2/auth/login', { email: fresh(), password: 'not the password' }),
      'login',
    );
  });
});

describe('registration', () => {
  it('costs an address already registered the same Argon2 hash as a new one', async () => {
    // The answer itself names a taken address (spec §8: "The email address you have entered is
    // already registered."); the time must not add anything, e.g. to a caller who cannot read it.
    const taken = await account();
    const register = (email: string, apiKey = key) =>
      t.app.inject({ method: 'POST', url: '/api/v2/auth/register', payload: { api_key: apiKey, email, password: PASSWORD, password_confirmation: PASSWORD, first_name: 'Ada', last_name: 'Fan', terms: true } });
    const answer = await register(taken.email);
    expect(answerOf(answer)).toMatchObject({ status: 422, body: { field: 'email', message: AUTH_MESSAGES.emailTaken } });
    // A new account ends the visitor key it was made with: it gets its own.
    const newKey = await t.keyFor('alpha');
    // A new account then does more than a taken address can (the account, its session, the
    // verification mail), and a loaded machine stretches that work well past a hash, so the two
    // times are not compared with each other: what is checked is that the taken address pays the
    // hash, timed beside it, without which it would be answered in a few milliseconds.
    for (let i = 0; i < 2; i += 1) await register(taken.email);
    const takenTimes: number[] = [];
    const hashes: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      takenTimes.push(await timed(() => register(taken.email)));
      hashes.push(await timed(() => hashPassword(PASSWORD)));
    }
    const [takenTime, hash] = [median(takenTimes), median(hashes)];
    expect(takenTime, `registration of a taken address: median ${takenTime.toFixed(1)} ms, one hash ${hash.toFixed(1)} ms`).toBeGreaterThan(hash * 0.6);
    expect((await register(fresh(), newKey)).statusCode).toBe(200);
  });
});

import { ApiErrorBody } from '@grandstand/contract';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RESET_REQUESTS_PER_CLIENT, DEFAULT_RESET_REQUESTS_PER_EMAIL } from './config.ts';
import { createUsersRepository, hashPassword } from './index.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { listOutbox } from '../mail/mailer.ts';
import { TOO_MANY_ATTEMPTS_MESSAGE } from '../../core/rateLimit/plugin.ts';
import { RESET_REQUEST_MESSAGE } from './mailRoutes.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

// A reset request mails its address: without a limit per address, anyone can flood a viewer's
// mailbox from many client addresses, and one client can mail every address it knows. Both limits
// count in the shared database store, and an unknown address meets them exactly as a known one.
const PER_EMAIL = 3;
const PER_CLIENT = 5;
let t: TestApp;
let key: string;
let outboxDir: string;
let serial = 0;
const accounts: string[] = [];

beforeAll(async () => {
  outboxDir = await mkdtemp(join(tmpdir(), 'reset-throttle-outbox-'));
  t = await buildTestApp({
    mail: { secret: 'reset-throttle-secret-0123456789', outboxDir },
    // The minute limit of the account routes stays out of the way: these are the hour's.
    rateLimit: { max: 10_000, resetPerEmailMax: PER_EMAIL, resetPerClientMax: PER_CLIENT },
  });
  key = await t.keyFor('alpha');
});
afterAll(async () => {
  // The mails go out after the answers: every account asked for got its mail before the app closes.
  await vi.waitFor(async () => {
    if (new Set((await listOutbox(outboxDir, 'alpha')).map((mail) => mail.to.toLowerCase())).size < accounts.length) throw new Error('mails still on their way');
  });
  await t.close();
  await rm(outboxDir, { recursive: true, force: true });
});

async function account(): Promise<string> {
  const email = `reset-throttle-${++serial}-${Date.now()}@example.org`;
  accounts.push(email);
  await createUsersRepository(t.app.db).create({ channelId: t.channel('alpha').id, email, passwordHash: await hashPassword('touchline-42-blue'), firstName: 'Dana', lastName: 'Viewer', verified: true });
  return email;
}

const request = (email: string, remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/auth/password-reset-request', remoteAddress, payload: { api_key: key, email } });

describe('password-reset requests', () => {
  it('are limited per email address, whatever the client address, the same for an unknown address', async () => {
    const known = await account();
    const unknown = `nobody-${Date.now()}@example.org`;
    // Each from a new client address: only the per-address limit can stop them.
    const fromEverywhere = (base: number) => Array.from({ length: PER_EMAIL + 2 }, (_, i) => `10.${base}.0.${i + 1}`);
    // Every other one spelt otherwise: the same mailbox.
    const a = [];
    for (const [i, address] of fromEverywhere(1).entries()) {
      const response = await request(i % 2 === 0 ? known : ` ${known.toUpperCase()} `, address);
      a.push({ status: response.statusCode, body: response.json() as unknown });
    }
    const b = [];
    for (const [i, address] of fromEverywhere(2).entries()) {
      const response = await request(i % 2 === 0 ? unknown : ` ${unknown.toUpperCase()} `, address);
      b.push({ status: response.statusCode, body: response.json() as unknown });
    }
    const expected = [...Array.from({ length: PER_EMAIL }, () => 200), 429, 429];
    expect(a.map((x) => x.status)).toEqual(expected);
    // No enumeration: the unknown address gets the very same answers, bodies included.
    expect(b).toEqual(a);
    expect(a[0]?.body).toEqual({ data: { message: RESET_REQUEST_MESSAGE } });
    expect(ApiErrorBody.parse(a[PER_EMAIL]?.body)).toMatchObject({ message: TOO_MANY_ATTEMPTS_MESSAGE, field: 'email' });
    // The mailbox got as many mails as answers said so, not one per request.
    await expect.poll(async () => (await listOutbox(outboxDir, 'alpha')).filter((mail) => mail.to.toLowerCase() === known.toLowerCase()).length).toBe(PER_EMAIL);
  });

  it('are limited per client address, across email addresses', async () => {
    const statuses = [];
    for (let i = 0; i < PER_CLIENT + 1; i += 1) statuses.push((await request(i % 2 === 0 ? await account() : `ghost-${i}-${Date.now()}@example.org`, '192.0.2.77')).statusCode);
    expect(statuses).toEqual([...Array.from({ length: PER_CLIENT }, () => 200), 429]);
    // Another client is not held by this one's limit.
    expect((await request(await account(), '192.0.2.78')).statusCode).toBe(200);
  });

  it('still refuses a malformed address with 400 naming the field, without counting it', async () => {
    for (let i = 0; i < PER_CLIENT + 2; i += 1) {
      const response = await request('not-an-address', '192.0.2.90');
      expect(response.statusCode).toBe(400);
      expect(ApiErrorBody.parse(response.json()).field).toBe('email');
    }
    expect((await request(await account(), '192.0.2.90')).statusCode).toBe(200);
  });
});

describe('the reset limits’ configuration', () => {
  it('defaults to 3 an hour per address and 20 per client; the variables change them; a bad value stops the start', () => {
    expect(loadConfig({}).accounts.resetRequests).toEqual({ perEmail: DEFAULT_RESET_REQUESTS_PER_EMAIL, perClient: DEFAULT_RESET_REQUESTS_PER_CLIENT, windowMs: 3_600_000 });
    expect(DEFAULT_RESET_REQUESTS_PER_EMAIL).toBe(3);
    expect(DEFAULT_RESET_REQUESTS_PER_CLIENT).toBe(20);
    expect(loadConfig({ PASSWORD_RESET_LIMIT_PER_EMAIL: '5', PASSWORD_RESET_LIMIT_PER_CLIENT: '50', PASSWORD_RESET_LIMIT_WINDOW: '30m' }).accounts.resetRequests).toEqual({ perEmail: 5, perClient: 50, windowMs: 1_800_000 });
    for (const [name, value] of [['PASSWORD_RESET_LIMIT_PER_EMAIL', '0'], ['PASSWORD_RESET_LIMIT_PER_CLIENT', 'lots'], ['PASSWORD_RESET_LIMIT_WINDOW', '0']] as const) {
      expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^${name}`));
    }
  });
});

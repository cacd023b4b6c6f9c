import { CONSOLE_CODES, TotpSetupResponse } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { consoleCall, makeOperator, signIn, TEST_PASSWORD } from './testing.ts';
import { totpCode } from './totp.ts';

const TOKEN = 'shared-analytics-admin-token-0123456789';
let t: TestApp;
let clock = Date.UTC(2026, 11, 6, 9, 0, 0);

beforeAll(async () => {
  t = await buildTestApp({
    analyticsForget: { url: 'http://127.0.0.1:9', adminToken: TOKEN, intervalMs: 3_600_000 },
    operators: { now: () => clock, signInLimits: { accountLimit: 3, addressLimit: 50, attackLimit: 50, pauseSeconds: 60, windowMs: 60_000 } },
  });
  const alpha = t.channel('alpha').id;
  const bravo = t.channel('bravo').id;
  await makeOperator(t.app, 'analyst@both.test', [[alpha, 'analyst'], [bravo, 'producer']]);
  await makeOperator(t.app, 'producer@alpha.test', [[alpha, 'producer']]);
  await makeOperator(t.app, 'owner@alpha.test', [[alpha, 'owner']]);
});
afterAll(async () => t.close());

function check(body: Record<string, unknown>, token: string | null = TOKEN) {
  return t.app.inject({ method: 'POST', url: '/api/console/operator-check', headers: token === null ? {} : { authorization: `Bearer ${token}` }, payload: { address: '203.0.113.9', ...body } });
}

describe('the reports’ sign-in checked against the operators (server to server)', () => {
  it('refuses a caller without the shared token', async () => {
    for (const token of [null, 'wrong-token', `${TOKEN}x`]) {
      const response = await check({ email: 'owner@alpha.test', password: TEST_PASSWORD }, token);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe(CONSOLE_CODES.signedOut);
    }
  });

  it('answers the channels where the operator is owner or analyst, and refuses one with neither', async () => {
    const response = await check({ email: 'Analyst@Both.test', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json().operator).toEqual({ email: 'analyst@both.test', name: 'analyst', channels: [{ slug: 'alpha', name: t.channel('alpha').config.name, role: 'analyst' }] });
    const producer = await check({ email: 'producer@alpha.test', password: TEST_PASSWORD });
    expect(producer.statusCode).toBe(403);
    expect(producer.json().code).toBe(CONSOLE_CODES.forbidden);
    const wrong = await check({ email: 'owner@alpha.test', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe(CONSOLE_CODES.invalidCredentials);
  });

  it('throttles by the person’s address, not the service’s, sharing the console’s counters', async () => {
    for (let i = 0; i < 3; i += 1) await check({ email: 'owner@alpha.test', password: 'wrong-password', address: '198.51.100.1' });
    const stopped = await check({ email: 'owner@alpha.test', password: TEST_PASSWORD, address: '198.51.100.1' });
    expect(stopped.statusCode).toBe(429);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    // The console's own sign-in from that address meets the same count.
    const viaConsole = await t.app.inject({ method: 'POST', url: '/api/console/session', remoteAddress: '198.51.100.1', headers: { host: 'alpha.localhost', origin: 'http://alpha.localhost' }, payload: { email: 'owner@alpha.test', password: TEST_PASSWORD } });
    expect(viaConsole.statusCode).toBe(429);
    expect((await check({ email: 'owner@alpha.test', password: TEST_PASSWORD, address: '198.51.100.2' })).statusCode).toBe(200);
    expect((await check({ email: 'owner@alpha.test', password: TEST_PASSWORD, address: 'not-an-address' })).statusCode).toBe(400);
  });

  it('asks for the TOTP code of an operator who turned it on, and takes each code once', async () => {
    const session = await signIn(t.app, 'alpha', 'owner@alpha.test');
    const { secret } = TotpSetupResponse.parse((await consoleCall(t.app, 'alpha', { method: 'POST', url: '/totp/setup', credential: session })).json());
    expect((await consoleCall(t.app, 'alpha', { method: 'POST', url: '/totp/enable', credential: session, payload: { code: totpCode(secret, clock) } })).statusCode).toBe(200);
    const noCode = await check({ email: 'owner@alpha.test', password: TEST_PASSWORD });
    expect(noCode.json().code).toBe(CONSOLE_CODES.totpRequired);
    clock += 30_000;
    const code = totpCode(secret, clock);
    expect((await check({ email: 'owner@alpha.test', password: TEST_PASSWORD, code })).statusCode).toBe(200);
    expect((await check({ email: 'owner@alpha.test', password: TEST_PASSWORD, code })).json().code).toBe(CONSOLE_CODES.totpInvalid);
  });
});

describe('without the shared token configured', () => {
  it('answers 404: the check is off', async () => {
    const plain = await buildTestApp();
    try {
      const response = await plain.app.inject({ method: 'POST', url: '/api/console/operator-check', headers: { authorization: 'Bearer anything' }, payload: { email: 'a@b.test', password: 'x', address: '203.0.113.1' } });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

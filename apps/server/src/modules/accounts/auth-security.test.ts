import { ApiErrorBody, AUTH_MESSAGES, SessionResponse } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_ATTEMPTS_MESSAGE } from '../../core/rateLimit/plugin.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimit: { max: 3 } });
  });
  afterAll(async () => t.close());

  it('a login burst gets 429, per client and channel; other routes are not limited', async () => {
    const key = await t.keyFor('alpha');
    const attempt = (apiKey: string) => t.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { api_key: apiKey, email: 'nobody@example.com', password: 'guess-guess' } });
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await attempt(key));
    expect(answers.map((a) => a.statusCode)).toEqual([422, 422, 422, 429, 429]);
    const body = ApiErrorBody.parse(answers[4]!.json());
    expect(body.message).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
    expect(answers[4]!.headers['retry-after']).toBeDefined();
    // Another channel's counter is its own.
    expect((await attempt(await t.keyFor('bravo'))).statusCode).toBe(422);
    expect((await t.app.inject({ url: `/api/menu?api_key=${key}` })).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64: addresses of one subscriber share the limit, another subscriber does not', async () => {
    const key = await t.keyFor('alpha');
    const attempt = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/v2/auth/login', remoteAddress, payload: { api_key: key, email: 'nobody@example.com', password: 'guess-guess' } });
    const codes = [];
    for (let i = 1; i <= 4; i += 1) codes.push((await attempt(`2001:db8:1:2::${i.toString(16)}`)).statusCode);
    expect(codes).toEqual([422, 422, 422, 429]);
    expect((await attempt('2001:db8:1:3::1')).statusCode).toBe(422);
  });

  it('registration is limited too', async () => {
    const key = await t.keyFor('bravo');
    const codes = [];
    for (let i = 0; i < 4; i += 1) codes.push((await t.app.inject({ method: 'POST', url: '/api/v2/auth/register', payload: { api_key: key, email: 'bad' } })).statusCode);
    expect(codes).toEqual([422, 422, 422, 429]);
  });
});

describe('logs', () => {
  it('never contain a session key', async () => {
    const lines: string[] = [];
    const t = await buildTestApp({ logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } }, rateLimit: { max: 100 } });
    try {
      const visitor = await t.keyFor('alpha');
      const password = 'lighthouse-keeper-9';
      const email = `logs-${Date.now()}@example.com`;
      const registered = SessionResponse.parse(
        (await t.app.inject({ method: 'POST', url: '/api/v2/auth/register', payload: { api_key: visitor, email, password, password_confirmation: password, first_name: 'L', last_name: 'G', terms: true } })).json(),
      ).data.api_key;
      await t.app.inject({ url: `/api/profile?api_key=${registered}` });
      await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { api_key: registered } });
      const again = await t.keyFor('alpha');
      const login = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { api_key: again, email, password } });
      const session = SessionResponse.parse(login.json()).data.api_key;
      const wrong = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { api_key: await t.keyFor('alpha'), email, password: 'not-it-at-all' } });
      expect(ApiErrorBody.parse(wrong.json()).message).toBe(AUTH_MESSAGES.invalidCredentials);
      const text = lines.join('\n');
      expect(lines.length).toBeGreaterThan(0);
      for (const secret of [visitor, registered, again, session, password]) expect(text).not.toContain(secret);
    } finally {
      await t.close();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { BuyResponse, CustomerPortalResponse, SANDBOX_TEST_CARDS, SandboxPaymentMethodResponse, SessionResponse } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsersRepository, hashPassword } from '../../modules/accounts/index.ts';
import { loadConfig } from '../../config.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { linkOf, startSmtpServer, type TestSmtpServer } from '../../../test/support/smtpServer.ts';

// Architecture "Never trust what the request says about itself": a channel's public origin is
// configuration. Every link mailed and every redirect built for a viewer points there, whatever
// Host, Origin and X-Forwarded-Host the request claims, with or without a trusted proxy.
const ALPHA = 'https://watch.alpha.example';
const BRAVO = 'https://bravo.example:8443';
const EVIL = { host: 'evil.example', origin: 'http://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
const PASSWORD = 'touchline-42-blue';

const social = loadConfig({
  SOCIAL_GOOGLE_ISSUER: 'https://accounts.provider.example',
  SOCIAL_GOOGLE_CLIENT_ID: 'grandstand',
  SOCIAL_GOOGLE_CLIENT_SECRET: 'secret',
  SOCIAL_GOOGLE_AUTHORIZATION_ENDPOINT: 'https://accounts.provider.example/authorize',
  SOCIAL_GOOGLE_TOKEN_ENDPOINT: 'https://accounts.provider.example/token',
}).social;

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => smtp.close());

let serial = 0;
const address = () => `origin${++serial}-${Date.now()}@example.org`;

describe.each([
  ['without a trusted proxy', false as const],
  ['behind a trusted proxy (TRUST_PROXY)', ['127.0.0.1']],
])('configured public origins, %s', (_name, trustProxy) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      trustProxy,
      publicOrigins: { overrides: { alpha: ALPHA, bravo: BRAVO } },
      mail: { smtpUrl: smtp.url },
      social: { config: social, secret: 'public-origin-test-secret' },
    });
  });
  afterAll(async () => t.close());

  it('mails the reset link to the configured origin', async () => {
    for (const [slug, origin] of [['alpha', ALPHA], ['bravo', BRAVO]] as const) {
      const user = await createUsersRepository(t.app.db).create({ channelId: t.channel(slug).id, email: address(), passwordHash: await hashPassword(PASSWORD), firstName: 'Dana', lastName: 'Viewer', verified: true });
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset-request', headers: EVIL, payload: { api_key: await t.keyFor(slug), email: user.email } });
      expect(response.statusCode, response.body).toBe(200);
      const { url } = linkOf(await smtp.nextTo(user.email));
      expect(url.origin + url.pathname).toBe(`${origin}/password-reset`);
    }
  });

  it('mails the registration’s verification link to the configured origin', async () => {
    const email = address();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/register',
      headers: EVIL,
      payload: { api_key: await t.keyFor('alpha'), email, password: PASSWORD, password_confirmation: PASSWORD, first_name: 'Ada', last_name: 'Fan', terms: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { url } = linkOf(await smtp.nextTo(email));
    expect(url.origin + url.pathname).toBe(`${ALPHA}/verify-email`);
  });

  it('sends a card’s security step, its way back and the saved-cards portal only to the configured origin', async () => {
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/register',
      payload: { api_key: await t.keyFor('alpha'), email: address(), password: PASSWORD, password_confirmation: PASSWORD, first_name: 'Ada', last_name: 'Fan', terms: true },
    });
    const key = SessionResponse.parse(register.json()).data.api_key;
    const pm = await t.app.inject({ method: 'POST', url: '/api/sandbox/payment_methods', payload: { api_key: key, number: SANDBOX_TEST_CARDS.authenticate, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' } });
    const db = t.database.db;
    const channelId = t.channel('alpha').id;
    const event = await db.selectFrom('events').select('id').where('channel_id', '=', channelId).where('access_type', 'in', ['paid', 'ppv']).where('base_price', '>', 0).executeTakeFirstOrThrow();
    const single = await db.insertInto('packages').values({ channel_id: channelId, name: 'Single', description: null, scope: 'single', base_price: 0, service_fee: 0, offer: null, period: null }).returning('id').executeTakeFirstOrThrow();

    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/buy',
      headers: EVIL,
      payload: { api_key: key, idempotency_key: randomUUID(), type: 'event', event_id: event.id, single_event_package_id: single.id, payment_method: SandboxPaymentMethodResponse.parse(pm.json()).data.id, return_path: '/buy?event_id=1' },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const { order, next_action: next } = BuyResponse.parse(bought.json()).data;
    expect(new URL(next!.url).origin).toBe(ALPHA);
    const passed = await t.app.inject({ method: 'POST', url: new URL(next!.url).pathname, headers: { ...EVIL, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=complete' });
    expect(passed.statusCode).toBe(303);
    expect(passed.headers.location).toBe(`${ALPHA}/buy?event_id=1&order_id=${order.id}`);

    const portal = await t.app.inject({ url: `/api/sandbox/customer-portal?api_key=${key}`, headers: EVIL });
    expect(portal.statusCode, portal.body).toBe(200);
    const portalUrl = new URL(CustomerPortalResponse.parse(portal.json()).data.url);
    expect(portalUrl.origin).toBe(ALPHA);
    const page = await t.app.inject({ url: portalUrl.pathname, headers: EVIL });
    expect(page.body).toContain(`href="${ALPHA}/profile"`);
    expect(page.body).not.toContain('evil.example');
  });

  it('starts a social login whose redirect address and landing page are the configured origin', async () => {
    const start = await t.app.inject({ url: `/api/auth/login/google?api_key=${await t.keyFor('alpha')}`, headers: EVIL });
    expect(start.statusCode, start.body).toBe(302);
    const authorization = new URL(start.headers.location as string);
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${ALPHA}/api/auth/login/google/callback`);
    const state = authorization.searchParams.get('state') ?? '';
    const back = await t.app.inject({ url: `/api/auth/login/google/callback?code=abc&state=${encodeURIComponent(state)}`, headers: EVIL });
    expect(back.statusCode).toBe(302);
    expect(new URL(back.headers.location as string).origin + new URL(back.headers.location as string).pathname).toBe(`${ALPHA}/login`);
  });

  it('serves each channel’s site on its configured host', async () => {
    const bravo = await t.app.inject({ url: '/channel-key.json', headers: { host: 'bravo.example:8443' } });
    expect(bravo.json()).toEqual({ channel_key: t.channel('bravo').config.channelKey });
    const bravoLocal = await t.app.inject({ url: '/channel-key.json', headers: { host: 'bravo.localhost:8080' } });
    expect(bravoLocal.json()).toEqual({ channel_key: t.channel('bravo').config.channelKey });
  });
});

describe('derived public origins (no configuration, outside production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ publicOrigins: { port: 8123 }, mail: { smtpUrl: smtp.url } });
  });
  afterAll(async () => t.close());

  it('builds links on the server’s own port: the default channel on localhost, the others on <slug>.localhost', async () => {
    expect(t.app.channels.publicOrigin(t.channel('alpha').id)).toBe('http://localhost:8123');
    expect(t.app.channels.publicOrigin(t.channel('bravo').id)).toBe('http://bravo.localhost:8123');
    const user = await createUsersRepository(t.app.db).create({ channelId: t.channel('bravo').id, email: address(), passwordHash: await hashPassword(PASSWORD), firstName: 'Dana', lastName: 'Viewer', verified: true });
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset-request', headers: EVIL, payload: { api_key: await t.keyFor('bravo'), email: user.email } });
    expect(response.statusCode).toBe(200);
    const { url } = linkOf(await smtp.nextTo(user.email));
    expect(url.origin).toBe('http://bravo.localhost:8123');
  });
});

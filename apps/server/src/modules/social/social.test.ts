import { ApiErrorBody, AUTH_REFUSAL_CODES, SessionResponse } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { type RunningProvider, startTestProvider } from '../../../test/oidc/provider.ts';

const HOSTS = { alpha: 'localhost', bravo: 'bravo.localhost' } as const;
type Slug = keyof typeof HOSTS;

let oidc: RunningProvider;
let t: TestApp;

beforeAll(async () => {
  oidc = await startTestProvider({
    redirectUris: Object.values(HOSTS).map((host) => `http://${host}/api/auth/login/google/callback`),
  });
  // Google for every channel from the shared variables; facebook only configured for bravo.
  const config = loadConfig({
    SOCIAL_GOOGLE_ISSUER: oidc.issuer,
    SOCIAL_GOOGLE_CLIENT_ID: oidc.clientId,
    SOCIAL_GOOGLE_CLIENT_SECRET: oidc.clientSecret,
    GRANDSTAND_BRAVO_SOCIAL_FACEBOOK_ISSUER: oidc.issuer,
    GRANDSTAND_BRAVO_SOCIAL_FACEBOOK_CLIENT_ID: oidc.clientId,
  }).social;
  // Each channel's public origin is where its site is: the redirect address registered above.
  t = await buildTestApp({ social: { config, secret: 'social-test-secret' }, publicOrigins: { overrides: { alpha: `http://${HOSTS.alpha}`, bravo: `http://${HOSTS.bravo}` } } });
});

afterAll(async () => {
  await t?.close();
  await oidc?.close();
});

/** A tiny cookie jar: the provider keeps its interaction in cookies between its pages. */
class Browser {
  private readonly cookies = new Map<string, string>();
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return response;
  }
}

/**
 * At the provider: follows its redirects, fills in its login form with the email, and stops at the
 * redirect back to the API's callback, which it returns.
 */
async function loginAtProvider(authorizationUrl: string, email: string): Promise<URL> {
  const browser = new Browser();
  let response = await browser.fetch(authorizationUrl);
  for (let step = 0; step < 10; step += 1) {
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, response.url || authorizationUrl);
      if (!next.href.startsWith(oidc.issuer)) return next;
      response = await browser.fetch(next.href);
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    expect(action, `the provider's page has a form: ${html.slice(0, 300)}`).toBeDefined();
    response = await browser.fetch(new URL(action!.replace(/&amp;/g, '&'), oidc.issuer).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login: email, password: 'any' }).toString(),
    });
  }
  throw new Error('the provider never sent the browser back');
}

interface SiteLogin {
  apiKey: string;
  code: string;
  state: string;
  siteUrl: URL;
}

/** The whole redirect flow, up to the site's /login with code and state. */
/** The flow from the site to the provider and back; `registration` as from the registration page with the terms ticked. */
async function redirectFlow(slug: Slug, email: string, provider = 'google', mode: 'login' | 'registration' = 'registration'): Promise<SiteLogin> {
  const apiKey = await t.keyFor(slug);
  const host = HOSTS[slug];
  const start = await t.app.inject({ method: 'GET', url: `/api/auth/login/${provider}?api_key=${apiKey}&mode=${mode}`, headers: { host } });
  expect(start.statusCode).toBe(302);
  const authorization = new URL(start.headers.location as string);
  expect(authorization.href.startsWith(oidc.issuer)).toBe(true);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorization.searchParams.get('scope')).toBe('openid email profile');
  expect(authorization.searchParams.get('nonce')).toBeTruthy();
  // The state carries the key sealed: neither it nor the PKCE verifier can be read in the URL.
  expect(authorization.searchParams.get('state')).not.toContain(apiKey);

  const callback = await loginAtProvider(authorization.href, email);
  expect(callback.host).toBe(host);
  expect(callback.pathname).toBe(`/api/auth/login/${provider}/callback`);
  const back = await t.app.inject({ method: 'GET', url: callback.pathname + callback.search, headers: { host } });
  expect(back.statusCode).toBe(302);
  const siteUrl = new URL(back.headers.location as string);
  return { apiKey, code: siteUrl.searchParams.get('code') ?? '', state: siteUrl.searchParams.get('state') ?? '', siteUrl };
}

function finish(slug: Slug, login: { apiKey: string; code: string; state: string }, provider = 'google') {
  return t.app.inject({ method: 'POST', url: `/api/v2/auth/social/${provider}`, payload: { api_key: login.apiKey, code: login.code, state: login.state } });
}

describe('social login through a local OpenID provider', () => {
  it('lists the configured providers in the settings, so the site shows only those buttons', async () => {
    const expected: Record<Slug, string[]> = { alpha: ['google'], bravo: ['google', 'facebook'] };
    for (const slug of Object.keys(HOSTS) as Slug[]) {
      const settings = await t.app.inject({ url: `/api/settings?api_key=${await t.keyFor(slug)}` });
      expect((settings.json() as { data: { social_providers: string[] } }).data.social_providers).toEqual(expected[slug]);
    }
  });

  it('sends the browser to the provider and back to the channel site, then starts a session for a new verified user', async () => {
    const login = await redirectFlow('bravo', 'ana.lima@example.test');
    expect(login.siteUrl.origin).toBe('http://bravo.localhost');
    expect(login.siteUrl.pathname).toBe('/login');
    expect(login.siteUrl.searchParams.get('provider')).toBe('google');

    const response = await finish('bravo', login);
    expect(response.statusCode).toBe(200);
    const session = SessionResponse.parse(response.json()).data;
    expect(session.user).toMatchObject({ email: 'ana.lima@example.test', first_name: 'Ana', last_name: 'Lima' });
    expect(session.api_key).not.toBe(login.apiKey);

    // The fresh key is the user's, in bravo; the key the login started with stopped working.
    const keys = await t.database.db.selectFrom('api_keys').select(['channel_id', 'user_id']).where('user_id', '=', session.user.id).execute();
    expect(keys).toEqual([{ channel_id: t.channel('bravo').id, user_id: session.user.id }]);
    const fresh = await t.app.inject({ method: 'GET', url: `/api/settings?api_key=${session.api_key}` });
    expect(fresh.statusCode).toBe(200);
    const old = await t.app.inject({ method: 'GET', url: `/api/settings?api_key=${login.apiKey}` });
    expect(old.statusCode).toBe(403);
    const user = await t.database.db.selectFrom('users').selectAll().where('id', '=', session.user.id).executeTakeFirstOrThrow();
    expect(user.channel_id).toBe(t.channel('bravo').id);
    expect(user.email_verified_at).not.toBeNull();
  });

  it('logs an existing user of the channel in again, as the same user', async () => {
    const first = SessionResponse.parse((await finish('alpha', await redirectFlow('alpha', 'repeat@example.test'))).json()).data;
    const second = SessionResponse.parse((await finish('alpha', await redirectFlow('alpha', 'repeat@example.test', 'google', 'login'))).json()).data;
    expect(second.user.id).toBe(first.user.id);
    // The same address in another channel is another account (channels never share users).
    const elsewhere = SessionResponse.parse((await finish('bravo', await redirectFlow('bravo', 'repeat@example.test'))).json()).data;
    expect(elsewhere.user.id).not.toBe(first.user.id);
  });

  it('asks for the terms before making an account: a sign-in from the login page of an address with no account makes none (spec §5)', async () => {
    const email = 'no.account.yet@example.test';
    const refused = await finish('alpha', await redirectFlow('alpha', email, 'google', 'login'));
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      field: 'terms',
      code: AUTH_REFUSAL_CODES.notRegistered,
      message: 'You are not registered yet. Please accept terms and conditions and click Register to continue.',
    });
    const none = await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(none).toEqual([]);
    // From the registration page, terms ticked: the account is made and logged in.
    const registered = await finish('alpha', await redirectFlow('alpha', email, 'google', 'registration'));
    expect(registered.statusCode, registered.body).toBe(200);
    expect(SessionResponse.parse(registered.json()).data.user.email).toBe(email);
  });

  it('refuses a code used twice', async () => {
    // Sent twice at once from the key that started it: the provider takes the code once. The other
    // call is refused either for the code (it reached the provider) or for its key (the first call
    // had already made that key the session's, which ends the key): which one depends on timing,
    // on PostgreSQL where the two run side by side.
    const login = await redirectFlow('alpha', 'twice@example.test');
    const both = await Promise.all([finish('alpha', login), finish('alpha', login)]);
    const [refused, ...more] = both.filter((r) => r.statusCode !== 200);
    expect(both.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(more).toEqual([]);
    if (refused!.statusCode === 400) expect(ApiErrorBody.parse(refused!.json()).field).toBe('code');
    else expect(refused!.statusCode).toBe(403);
    const user = await t.database.db.selectFrom('users').select('id').where('email', '=', 'twice@example.test').executeTakeFirstOrThrow();
    const sessions = await t.database.db.selectFrom('api_keys').select('id').where('user_id', '=', user.id).execute();
    expect(sessions).toHaveLength(1);
    // Later, the key that started it has become the session's and is gone; another key is not the starter.
    expect((await finish('alpha', login)).statusCode).toBe(403);
    const replay = await finish('alpha', { ...login, apiKey: await t.keyFor('alpha') });
    expect(replay.statusCode).toBe(400);
  });

  it("completes only for the key that started it: a victim's browser is never logged into the attacker's account", async () => {
    // The attacker runs the flow with their own account and stops before the site's last call,
    // then makes the victim's browser open the site's /login?code=…&state=… (login CSRF).
    const attacker = await redirectFlow('alpha', 'mallory@example.test');
    const victimKey = await t.keyFor('alpha');
    const forced = await finish('alpha', { ...attacker, apiKey: victimKey });
    expect(forced.statusCode).toBe(400);
    expect(ApiErrorBody.parse(forced.json()).field).toBe('state');
    // The victim is still a visitor on their own key.
    expect((await t.app.inject({ url: `/api/profile?api_key=${victimKey}` })).statusCode).toBe(401);
    // The key that started the login still completes it (the site sends its key on the last call).
    const own = await finish('alpha', attacker);
    expect(own.statusCode, own.body).toBe(200);
    expect(SessionResponse.parse(own.json()).data.user.email).toBe('mallory@example.test');
  });

  it('signing in to an unverified password account drops the password someone else may have set, and ends its other sessions', async () => {
    // Pre-account takeover: someone registers the victim's address with a password of their own
    // and keeps a session, waiting for the owner to sign in with Google.
    const email = 'preclaimed@example.test';
    const squatterPassword = 'squatter-pass-9182';
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/register',
      payload: { api_key: await t.keyFor('alpha'), email, password: squatterPassword, password_confirmation: squatterPassword, first_name: 'Sq', last_name: 'Uatter', terms: true },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const squatter = SessionResponse.parse(registered.json()).data;

    const owner = await finish('alpha', await redirectFlow('alpha', email));
    expect(owner.statusCode, owner.body).toBe(200);
    const session = SessionResponse.parse(owner.json()).data;
    expect(session.user.id).toBe(squatter.user.id);
    expect((await t.app.inject({ url: `/api/profile?api_key=${session.api_key}` })).statusCode).toBe(200);
    // The squatter's session is over, and their password no longer opens the account.
    expect((await t.app.inject({ url: `/api/profile?api_key=${squatter.api_key}` })).statusCode).toBe(403);
    const login = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { api_key: await t.keyFor('alpha'), email, password: squatterPassword } });
    expect(login.statusCode).toBe(422);
    const row = await t.database.db.selectFrom('users').select(['password_hash', 'email_verified_at']).where('id', '=', session.user.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    expect(row.email_verified_at).not.toBeNull();
  });

  it("a verified password account keeps its password and sessions when its owner signs in with the provider", async () => {
    const email = 'verified-owner@example.test';
    const password = 'owner-pass-5521';
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/register',
      payload: { api_key: await t.keyFor('alpha'), email, password, password_confirmation: password, first_name: 'Ve', last_name: 'Rified', terms: true },
    });
    const first = SessionResponse.parse(registered.json()).data;
    await t.database.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', first.user.id).execute();
    const social = await finish('alpha', await redirectFlow('alpha', email));
    expect(social.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/profile?api_key=${first.api_key}` })).statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { api_key: await t.keyFor('alpha'), email, password } });
    expect(login.statusCode).toBe(200);
  });

  it("refuses a state of another channel, even with a valid code", async () => {
    const login = await redirectFlow('alpha', 'crossing@example.test');
    const response = await finish('bravo', { ...login, apiKey: await t.keyFor('bravo') });
    expect(response.statusCode).toBe(400);
    expect(ApiErrorBody.parse(response.json()).field).toBe('state');
  });

  it('refuses a forged or altered state, at the callback and at the login call', async () => {
    const login = await redirectFlow('alpha', 'forger@example.test');
    const [body, tag] = login.state.split('.') as [string, string];
    const flipped = `${body.slice(0, -2)}${body.endsWith('AA') ? 'BA' : 'AA'}.${tag}`;
    for (const state of ['forged', flipped, Buffer.from(JSON.stringify({ channelId: 1, apiKey: 'x' })).toString('base64url')]) {
      const response = await finish('alpha', { ...login, state, apiKey: await t.keyFor('alpha') });
      expect(response.statusCode).toBe(400);
      expect(ApiErrorBody.parse(response.json()).field).toBe('state');
      const callback = await t.app.inject({ method: 'GET', url: `/api/auth/login/google/callback?code=x&state=${encodeURIComponent(state)}` });
      expect(callback.statusCode).toBe(400);
      expect(ApiErrorBody.parse(callback.json()).field).toBe('state');
    }
    // A state is bound to its provider too.
    const wrongProvider = await finish('alpha', login, 'facebook');
    expect(wrongProvider.statusCode).toBe(400);
  });

  it('answers 404 naming provider for a provider the channel has not configured, 400 for an unknown one', async () => {
    const key = await t.keyFor('alpha');
    const facebook = await t.app.inject({ method: 'GET', url: `/api/auth/login/facebook?api_key=${key}`, headers: { host: 'localhost' } });
    expect(facebook.statusCode).toBe(404);
    expect(ApiErrorBody.parse(facebook.json()).field).toBe('provider');
    const unknown = await t.app.inject({ method: 'GET', url: `/api/auth/login/myspace?api_key=${key}`, headers: { host: 'localhost' } });
    expect(unknown.statusCode).toBe(400);
    expect(ApiErrorBody.parse(unknown.json()).field).toBe('provider');
    // bravo has facebook (here the same local provider).
    const bravo = await t.app.inject({ method: 'GET', url: `/api/auth/login/facebook?api_key=${await t.keyFor('bravo')}`, headers: { host: 'bravo.localhost' } });
    expect(bravo.statusCode).toBe(302);
  });

  it('answers 404 naming provider when the provider of a login under way is no longer configured, never a 5xx', async () => {
    const started = await t.app.inject({ method: 'GET', url: `/api/auth/login/facebook?api_key=${await t.keyFor('bravo')}`, headers: { host: 'bravo.localhost' } });
    expect(started.statusCode).toBe(302);
    const state = new URL(started.headers.location as string).searchParams.get('state')!;
    // The channel's operator removes facebook while a viewer is at the provider.
    const googleOnly = loadConfig({ SOCIAL_GOOGLE_ISSUER: oidc.issuer, SOCIAL_GOOGLE_CLIENT_ID: oidc.clientId, SOCIAL_GOOGLE_CLIENT_SECRET: oidc.clientSecret }).social;
    const later = await buildTestApp({ social: { config: googleOnly, secret: 'social-test-secret' }, publicOrigins: { overrides: { alpha: `http://${HOSTS.alpha}`, bravo: `http://${HOSTS.bravo}` } } });
    try {
      const query = new URLSearchParams({ code: 'any', state, iss: oidc.issuer });
      const callback = await later.app.inject({ method: 'GET', url: `/api/auth/login/facebook/callback?${query}`, headers: { host: 'bravo.localhost' } });
      expect(callback.statusCode, callback.body).toBe(404);
      expect(ApiErrorBody.parse(callback.json()).field).toBe('provider');
    } finally {
      await later.close();
    }
  });

  it('needs a valid api key to start, and the site of the key’s own channel', async () => {
    const noKey = await t.app.inject({ method: 'GET', url: '/api/auth/login/google', headers: { host: 'localhost' } });
    expect(noKey.statusCode).toBe(403);
    const otherSite = await t.app.inject({ method: 'GET', url: `/api/auth/login/google?api_key=${await t.keyFor('bravo')}`, headers: { host: 'localhost' } });
    expect(otherSite.statusCode).toBe(400);
    expect(ApiErrorBody.parse(otherSite.json()).field).toBe('api_key');
  });

  it('answers bad bodies with a 4xx naming the field', async () => {
    const key = await t.keyFor('alpha');
    const missing = await t.app.inject({ method: 'POST', url: '/api/v2/auth/social/google', payload: { api_key: key, state: 'x' } });
    expect(missing.statusCode).toBe(400);
    expect(ApiErrorBody.parse(missing.json()).field).toBe('code');
  });
});

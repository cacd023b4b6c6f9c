import { ApiErrorBody, AUTH_MESSAGES, AUTH_REFUSAL_CODES, DeviceCodeResponse, KEY_INVALID_MESSAGE, ProfileResponse, SessionResponse } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, PASSWORDS_DONT_MATCH_MESSAGE } from './index.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

type Reply = { statusCode: number; json(): unknown; body: string };
function expectFieldError(response: Reply, status: number, field: string, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = ApiErrorBody.parse(response.json());
  expect(body.field).toBe(field);
  if (message !== undefined) expect(body.message).toBe(message);
}

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const PASSWORD = 'touchline-42-blue';
let counter = 0;
const uniqueEmail = () => `fan${++counter}-${Date.now()}@example.com`;

async function register(slug = 'alpha', email = uniqueEmail(), password = PASSWORD) {
  const key = await t.keyFor(slug);
  const response = await post('/api/v2/auth/register', { api_key: key, email, password, password_confirmation: password, first_name: 'Ada', last_name: 'Fan', terms: true });
  expect(response.statusCode, response.body).toBe(200);
  return { oldKey: key, email, ...SessionResponse.parse(response.json()).data };
}

async function login(slug: string, email: string, password = PASSWORD) {
  return post('/api/v2/auth/login', { api_key: await t.keyFor(slug), email, password });
}

const profile = (key: string) => t.app.inject({ url: `/api/profile?api_key=${key}` });

describe('registration', () => {
  it('creates an unverified user, answers a session on a fresh key, and ends the old key', async () => {
    const session = await register();
    expect(session.user).toMatchObject({ email: session.email, first_name: 'Ada', last_name: 'Fan', temporary_password: false });
    expect(session.api_key).not.toBe(session.oldKey);
    const me = await profile(session.api_key);
    expect(me.statusCode).toBe(200);
    expect(ProfileResponse.parse(me.json()).data.email).toBe(session.email);
    const old = await profile(session.oldKey);
    expect(old.statusCode).toBe(403);
    expect(old.json()).toMatchObject({ message: KEY_INVALID_MESSAGE, field: 'api_key' });
    const row = await t.database.db.selectFrom('users').select(['email_verified_at', 'password_hash']).where('id', '=', session.user.id).executeTakeFirstOrThrow();
    expect(row.email_verified_at).toBeNull();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses each bad field with the spec text, naming the field', async () => {
    const key = await t.keyFor('alpha');
    const good = { api_key: key, email: uniqueEmail(), password: PASSWORD, password_confirmation: PASSWORD, first_name: 'A', last_name: 'B', terms: true };
    const cases: [object, string, string][] = [
      [{ email: 'not-an-email' }, 'email', AUTH_MESSAGES.invalidEmail],
      [{ email: '' }, 'email', AUTH_MESSAGES.nameAndEmailRequired],
      [{ email: 42 }, 'email', AUTH_MESSAGES.nameAndEmailRequired],
      [{ password: 'short', password_confirmation: 'short' }, 'password', AUTH_MESSAGES.passwordTooShort],
      [{ password: 'x'.repeat(129), password_confirmation: 'x'.repeat(129) }, 'password', 'Field length must be less than 129'],
      [{ password: 'baseball', password_confirmation: 'baseball' }, 'password', COMMON_PASSWORD_MESSAGE],
      [{ password: 'Password', password_confirmation: 'Password' }, 'password', COMMON_PASSWORD_MESSAGE],
      [{ password_confirmation: 'something-else' }, 'password_confirmation', PASSWORDS_DONT_MATCH_MESSAGE],
      [{ first_name: '' }, 'first_name', AUTH_MESSAGES.nameAndEmailRequired],
      [{ last_name: 'x'.repeat(101) }, 'last_name', 'Field length must be less than 101'],
      [{ terms: false }, 'terms', 'Please accept terms & conditions'],
    ];
    for (const [change, field, message] of cases) {
      expectFieldError(await post('/api/v2/auth/register', { ...good, ...change }), 422, field, message);
    }
    // spec §5: the numeric form (digits and parentheses) is an accepted address too.
    const numeric = await post('/api/v2/auth/register', { ...good, email: `(555)${Date.now()}` });
    expect(numeric.statusCode, numeric.body).toBe(200);
  });

  it('refuses an address already registered on the channel, whatever its case', async () => {
    const { email } = await register();
    const key = await t.keyFor('alpha');
    const again = await post('/api/v2/auth/register', { api_key: key, email: email.toUpperCase(), password: PASSWORD, password_confirmation: PASSWORD, first_name: 'A', last_name: 'B', terms: true });
    expectFieldError(again, 422, 'email', AUTH_MESSAGES.emailTaken);
  });

  it('says "You are already logged in" to a logged-in key on register and login', async () => {
    const session = await register();
    const payload = { api_key: session.api_key, email: uniqueEmail(), password: PASSWORD, password_confirmation: PASSWORD, first_name: 'A', last_name: 'B', terms: true };
    expectFieldError(await post('/api/v2/auth/register', payload), 409, 'api_key', AUTH_MESSAGES.alreadyLoggedIn);
    expectFieldError(await post('/api/v2/auth/login', { api_key: session.api_key, email: session.email, password: PASSWORD }), 409, 'api_key', AUTH_MESSAGES.alreadyLoggedIn);
  });
});

describe('login and logout', () => {
  it('binds the user to a fresh key; the old key stops working', async () => {
    const { email } = await register();
    const key = await t.keyFor('alpha');
    const response = await post('/api/v2/auth/login', { api_key: key, email: ` ${email.toUpperCase()} `, password: PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    const session = SessionResponse.parse(response.json()).data;
    expect(session.api_key).not.toBe(key);
    expect(session.user.email).toBe(email);
    expect((await profile(key)).statusCode).toBe(403);
    expect((await profile(session.api_key)).statusCode).toBe(200);
  });

  it('answers the same 422 for a wrong password and an unknown address', async () => {
    const { email } = await register();
    const wrong = await login('alpha', email, 'not-the-password');
    const unknown = await login('alpha', uniqueEmail(), 'not-the-password');
    expectFieldError(wrong, 422, 'email', AUTH_MESSAGES.invalidCredentials);
    expectFieldError(unknown, 422, 'email', AUTH_MESSAGES.invalidCredentials);
    expect(unknown.body).toBe(wrong.body);
  });

  it('logout ends the key on the server: later calls get the key-invalid 403', async () => {
    const session = await register();
    const out = await post('/api/auth/logout', { api_key: session.api_key });
    expect(out.statusCode, out.body).toBe(200);
    const after = await profile(session.api_key);
    expect(after.statusCode).toBe(403);
    expect(after.json()).toMatchObject({ message: KEY_INVALID_MESSAGE, field: 'api_key' });
    expectFieldError(await post('/api/auth/logout', { api_key: session.api_key }), 403, 'api_key');
  });
});

describe('profile', () => {
  it('answers 401 for a visitor key', async () => {
    const response = await profile(await t.keyFor('alpha'));
    expect(response.statusCode).toBe(401);
  });

  it('updates names, and changes the password only with the current one', async () => {
    const session = await register();
    const patch = (body: object) => post('/api/profile', { api_key: session.api_key, _method: 'patch', ...body });
    const renamed = await patch({ first_name: ' Grace ', last_name: 'Hopper' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(ProfileResponse.parse(renamed.json()).data).toMatchObject({ first_name: 'Grace', last_name: 'Hopper' });
    expectFieldError(await patch({ password: 'new-password-77', password_confirmation: 'new-password-77' }), 422, 'current_password');
    const wrongCurrent = await patch({ current_password: 'wrong-one-11', password: 'new-password-77', password_confirmation: 'new-password-77' });
    // spec §8 "Incorrect password", with the code the site translates it by.
    expectFieldError(wrongCurrent, 422, 'current_password', AUTH_MESSAGES.incorrectPassword);
    expect(wrongCurrent.json()).toMatchObject({ message: 'Incorrect password', code: AUTH_REFUSAL_CODES.incorrectPassword });
    expectFieldError(await patch({ current_password: PASSWORD, password: 'new-password-77', password_confirmation: 'other' }), 422, 'password_confirmation');
    expectFieldError(await post('/api/profile', { api_key: session.api_key, _method: 'put' }), 422, '_method');
    const changed = await patch({ current_password: PASSWORD, password: 'new-password-77', password_confirmation: 'new-password-77' });
    expect(changed.statusCode, changed.body).toBe(200);
    expectFieldError(await login('alpha', session.email, PASSWORD), 422, 'email');
    expect((await login('alpha', session.email, 'new-password-77')).statusCode).toBe(200);
  });

  it('a new password clears temporary_password, which the profile answer carries', async () => {
    const session = await register();
    await t.database.db.updateTable('users').set({ temporary_password: true }).where('id', '=', session.user.id).execute();
    expect(ProfileResponse.parse((await profile(session.api_key)).json()).data.temporary_password).toBe(true);
    const changed = await post('/api/profile', { api_key: session.api_key, _method: 'patch', current_password: PASSWORD, password: 'fresh-start-2026', password_confirmation: 'fresh-start-2026' });
    expect(ProfileResponse.parse(changed.json()).data.temporary_password).toBe(false);
  });

  it('account deletion needs the password, soft-deletes, and ends every session of the user', async () => {
    const session = await register();
    const second = SessionResponse.parse((await login('alpha', session.email)).json()).data.api_key;
    const wrong = await post('/api/delete-account-confirm', { api_key: session.api_key, password: 'wrong-password' });
    expectFieldError(wrong, 422, 'password', AUTH_MESSAGES.incorrectPassword);
    expect(wrong.json()).toMatchObject({ message: 'Incorrect password', code: AUTH_REFUSAL_CODES.incorrectPassword });
    const deleted = await post('/api/delete-account-confirm', { api_key: session.api_key, password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await profile(session.api_key)).statusCode).toBe(403);
    expect((await profile(second)).statusCode).toBe(403);
    expectFieldError(await login('alpha', session.email), 422, 'email', AUTH_MESSAGES.invalidCredentials);
    const row = await t.database.db.selectFrom('users').select('deleted_at').where('id', '=', session.user.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeInstanceOf(Date);
  });

  it('user access is empty for a user with no purchases, 401 for a visitor', async () => {
    const session = await register();
    const access = await t.app.inject({ url: `/api/user/access?api_key=${session.api_key}` });
    expect(access.json()).toMatchObject({ data: { event_ids: [], all_paid_events: false } });
    expect((await t.app.inject({ url: `/api/user/access?api_key=${await t.keyFor('alpha')}` })).statusCode).toBe(401);
  });
});

describe('linking a device', () => {
  async function deviceCode(key: string) {
    const response = await post('/api/auth/device_code', { api_key: key });
    expect(response.statusCode, response.body).toBe(200);
    return DeviceCodeResponse.parse(response.json()).data;
  }

  it('gives a short expiring code that links the device to the user once', async () => {
    const device = await t.keyFor('alpha');
    const { code, expires_at } = await deviceCode(device);
    expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    expect(expires_at * 1000 - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(expires_at * 1000 - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const session = await register();
    const linked = await post('/api/auth/add_session', { api_key: session.api_key, code: code.toLowerCase() });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(ProfileResponse.parse((await profile(device)).json()).data.id).toBe(session.user.id);
    expectFieldError(await post('/api/auth/add_session', { api_key: session.api_key, code }), 422, 'code');
  });

  it('refuses an expired or unknown code, naming code', async () => {
    const device = await t.keyFor('alpha');
    const { code } = await deviceCode(device);
    await t.database.db.updateTable('device_codes').set({ expires_at: new Date(Date.now() - 1000) }).where('code', '=', code).execute();
    const session = await register();
    expectFieldError(await post('/api/auth/add_session', { api_key: session.api_key, code }), 422, 'code');
    expectFieldError(await post('/api/auth/add_session', { api_key: session.api_key, code: 'ZZZZZZZZ' }), 422, 'code');
    expect((await profile(device)).statusCode).toBe(401);
  });

  it('a visitor cannot link a device', async () => {
    const { code } = await deviceCode(await t.keyFor('alpha'));
    expect((await post('/api/auth/add_session', { api_key: await t.keyFor('alpha'), code })).statusCode).toBe(401);
  });
});

describe('channels never mix', () => {
  it("a user of channel A cannot log in with B's key, read B's user, or link B's device", async () => {
    const a = await register('alpha');
    expectFieldError(await login('bravo', a.email), 422, 'email', AUTH_MESSAGES.invalidCredentials);
    // The same address may hold one account per channel.
    const b = await register('bravo', a.email);
    expect(b.user.id).not.toBe(a.user.id);
    expect(ProfileResponse.parse((await profile(a.api_key)).json()).data.id).toBe(a.user.id);
    expect(ProfileResponse.parse((await profile(b.api_key)).json()).data.id).toBe(b.user.id);

    const bravoDevice = await t.keyFor('bravo');
    const { code } = DeviceCodeResponse.parse((await post('/api/auth/device_code', { api_key: bravoDevice })).json()).data;
    expectFieldError(await post('/api/auth/add_session', { api_key: a.api_key, code }), 422, 'code');
    expect((await profile(bravoDevice)).statusCode).toBe(401);
  });
});

describe('channels never mix: edits and deletion', () => {
  it("editing or deleting A's account never touches B's account of the same address", async () => {
    const a = await register('alpha');
    const b = await register('bravo', a.email);
    const renamed = await post('/api/profile', { api_key: a.api_key, _method: 'patch', first_name: 'OnlyAlpha' });
    expect(ProfileResponse.parse(renamed.json()).data.id).toBe(a.user.id);
    expect(ProfileResponse.parse((await profile(b.api_key)).json()).data.first_name).toBe('Ada');
    expect((await post('/api/delete-account-confirm', { api_key: a.api_key, password: PASSWORD })).statusCode).toBe(200);
    expect((await profile(b.api_key)).statusCode).toBe(200);
    expect((await login('bravo', a.email)).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/user/access?api_key=${b.api_key}` })).statusCode).toBe(200);
  });
});

describe('bad input on every account route', () => {
  const routes = ['/api/v2/auth/register', '/api/v2/auth/login', '/api/profile', '/api/delete-account-confirm', '/api/auth/add_session', '/api/auth/device_code', '/api/auth/logout'];
  const payloads: unknown[] = [{}, { email: null, password: null }, { email: ['a'], password: { x: 1 } }, { email: 'a@b.co', password: 'x'.repeat(10_000) }, { code: 12, _method: 7, first_name: [] }, { terms: 'yes' }];

  it('answers a 4xx with a message naming the field, never a 5xx', async () => {
    const session = await register();
    for (const url of routes) {
      for (const payload of payloads) {
        // A fresh session for each call: logout and deletion would otherwise end it.
        const key = url === '/api/auth/logout' ? await t.keyFor('alpha') : session.api_key;
        const response = await post(url, { ...(payload as object), api_key: key });
        expect(response.statusCode, `${url} ${JSON.stringify(payload)} → ${response.body}`).toBeLessThan(500);
        if (response.statusCode >= 400) {
          const body = ApiErrorBody.parse(response.json());
          expect(body.message.length).toBeGreaterThan(0);
        }
      }
    }
  });
});

describe('demo users from the seed', () => {
  it('log in with their seeded passwords, the temporary one flagged', async () => {
    const viewer = await login('alpha', 'viewer@alpha.example', 'alpha-viewer-pass');
    expect(viewer.statusCode, viewer.body).toBe(200);
    expect(SessionResponse.parse(viewer.json()).data.user).toMatchObject({ first_name: 'Alma', temporary_password: false });
    const temporary = SessionResponse.parse((await login('alpha', 'temporary@alpha.example', 'alpha-temporary-pass')).json()).data;
    expect(ProfileResponse.parse((await profile(temporary.api_key)).json()).data.temporary_password).toBe(true);
  });

  it("an address on two channels is two accounts: A's password never opens B's account", async () => {
    expectFieldError(await login('bravo', 'viewer@alpha.example', 'alpha-viewer-pass'), 422, 'email', AUTH_MESSAGES.invalidCredentials);
    expectFieldError(await login('alpha', 'viewer@alpha.example', 'bravo-viewer-pass'), 422, 'email', AUTH_MESSAGES.invalidCredentials);
    const bravo = SessionResponse.parse((await login('bravo', 'viewer@alpha.example', 'bravo-viewer-pass')).json()).data;
    expect(bravo.user.first_name).toBe('Bruno');
    expect(ProfileResponse.parse((await profile(bravo.api_key)).json()).data.first_name).toBe('Bruno');
  });
});

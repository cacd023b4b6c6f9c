import { randomBytes } from 'node:crypto';
import { CalendarFeedResponse, ProfileResponse } from '@grandstand/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarHashMigration } from './calendarHashMigration.ts';
import { calendarTokenHash } from './rules.ts';
import { signLink } from '../mail/links.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { registerViewer } from '../../../test/support/commerce.ts';

// The private calendar address is a credential that opens a viewer's followed games without a
// login: it is kept as a hash, ends with the sessions when the password changes or is reset, and
// opens only on its own channel's site.
const SECRET = 'calendar-address-secret-0123456789';
const PASSWORD = 'touchline-42-blue';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ mail: { secret: SECRET } });
});
afterAll(async () => {
  await t.close();
});

async function address(key: string): Promise<string> {
  const response = await t.app.inject({ url: `/api/favorites/calendar?api_key=${key}` });
  expect(response.statusCode, response.body).toBe(200);
  return CalendarFeedResponse.parse(response.json()).data.url;
}

/** The feed fetched as a calendar app does, at the address as given (its host included), or on `host`. */
async function feed(url: string, host = new URL(url).host): Promise<number> {
  return (await t.app.inject({ url: new URL(url).pathname, headers: { host }, remoteAddress: `198.51.100.${1 + (Date.now() % 200)}` })).statusCode;
}

const tokenOf = (url: string) => new URL(url).pathname.slice('/calendar/'.length, -'.ics'.length);

async function profile(key: string) {
  return ProfileResponse.parse((await t.app.inject({ url: `/api/profile?api_key=${key}` })).json()).data;
}

describe('the calendar address', () => {
  it('is stored as a hash only, and shown again the same', async () => {
    const key = await registerViewer(t);
    const url = await address(key);
    const { id } = await profile(key);
    const rows = await t.database.db.selectFrom('favorite_calendars').selectAll().where('user_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(tokenOf(url));
    expect(rows[0]?.token_hash).toBe(calendarTokenHash(tokenOf(url)));
    expect(await address(key)).toBe(url);
    expect(await feed(url)).toBe(200);
  });

  it('opens only on its own channel’s host', async () => {
    const key = await registerViewer(t, 'alpha');
    const url = await address(key);
    expect(await feed(url)).toBe(200);
    const bravoHost = new URL(t.app.channels.publicOrigin(t.channel('bravo').id)).host;
    expect(bravoHost).not.toBe(new URL(url).host);
    expect(await feed(url, bravoHost)).toBe(404);
    // And a bravo viewer's address not on alpha's.
    const bravoUrl = await address(await registerViewer(t, 'bravo'));
    expect(await feed(bravoUrl)).toBe(200);
    expect(await feed(bravoUrl, new URL(url).host)).toBe(404);
  });

  it('is replaced when the password is changed: the old one answers 404', async () => {
    const key = await registerViewer(t);
    const old = await address(key);
    expect(await feed(old)).toBe(200);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/profile',
      payload: { api_key: key, _method: 'patch', current_password: PASSWORD, password: 'a-new-touchline-43', password_confirmation: 'a-new-touchline-43' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await feed(old)).toBe(404);
    // The session that changed it stays, and gets a new address that works.
    const renewed = await address(key);
    expect(renewed).not.toBe(old);
    expect(await feed(renewed)).toBe(200);
  });

  it('is replaced when the password is reset through the mailed link', async () => {
    const key = await registerViewer(t);
    const old = await address(key);
    const { email } = await profile(key);
    const user = await t.database.db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', email).executeTakeFirstOrThrow();
    const expires = Math.floor(Date.now() / 1000) + 600;
    const signature = signLink({ channelId: t.channel('alpha').id, email, expires, purpose: 'password-reset', binding: user.password_hash!.slice(-16) }, SECRET);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { api_key: await t.keyFor('alpha'), email, expires, signature, password: 'a-reset-touchline-44', password_confirmation: 'a-reset-touchline-44' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await feed(old)).toBe(404);
    expect(await t.database.db.selectFrom('favorite_calendars').select('user_id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('made before the hashes keeps working after the migration, until the viewer asks for theirs again', async () => {
    const key = await registerViewer(t);
    const { id } = await profile(key);
    const origin = t.app.channels.publicOrigin(t.channel('alpha').id);
    // The table as it was, with an address in plain text.
    await calendarHashMigration.down!(t.database.db);
    const legacy = randomBytes(32).toString('base64url');
    await sql`insert into favorite_calendars (user_id, channel_id, token) values (${id}, ${t.channel('alpha').id}, ${legacy})`.execute(t.database.db);
    await calendarHashMigration.up(t.database.db);
    const legacyUrl = `${origin}/calendar/${legacy}.ics`;
    expect(await feed(legacyUrl)).toBe(200);
    const stored = await t.database.db.selectFrom('favorite_calendars').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ token_hash: calendarTokenHash(legacy), nonce: null });
    expect(JSON.stringify(stored)).not.toContain(legacy);
    // It cannot be shown again: the viewer gets a new one (one, however many ask at once), and the old one ends.
    const asked = await Promise.all([address(key), address(key), address(key)]);
    expect(new Set(asked).size).toBe(1);
    const renewed = asked[0]!;
    expect(renewed).not.toBe(legacyUrl);
    expect(await address(key)).toBe(renewed);
    expect(await feed(renewed)).toBe(200);
    expect(await feed(legacyUrl)).toBe(404);
  });
});

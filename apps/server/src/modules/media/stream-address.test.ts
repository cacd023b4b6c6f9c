import { EventDetailResponse, SessionResponse } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

// A stream address is a short-lived bearer token bound to the session that asked for it: a copied
// address, a logout or a password change stops the stream within one lifetime, because only the
// API hands out the next one, and only to a session still allowed to watch.
const TTL = 30;
let clock = Math.floor(Date.now() / 1000);
let t: TestApp;
let eventId: number;

beforeAll(async () => {
  t = await buildTestApp({ media: { tokenTtlSeconds: TTL, now: () => clock } });
  const row = await t.database.db
    .selectFrom('events')
    .select('id')
    .where('channel_id', '=', t.channel('alpha').id)
    .where('access_type', '=', 'register')
    .where('stream_status', '=', 'finished')
    .executeTakeFirstOrThrow();
  eventId = row.id;
});
afterAll(async () => t.close());

const PASSWORD = 'season-ticket-77';

async function register(): Promise<{ key: string; email: string }> {
  const email = `stream-${Date.now()}-${Math.random()}@example.com`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v2/auth/register',
    payload: { api_key: await t.keyFor('alpha'), email, password: PASSWORD, password_confirmation: PASSWORD, first_name: 'A', last_name: 'B', terms: true },
  });
  return { key: SessionResponse.parse(response.json()).data.api_key, email };
}

async function login(email: string): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { api_key: await t.keyFor('alpha'), email, password: PASSWORD } });
  return SessionResponse.parse(response.json()).data.api_key;
}

async function detail(key: string) {
  const response = await t.app.inject({ url: `/api/events/${eventId}?api_key=${key}` });
  return { status: response.statusCode, body: response.statusCode === 200 ? EventDetailResponse.parse(response.json()).data : null };
}

/** The playlist and a segment-shaped path under the address's token: a 403 is the token refused. */
async function mediaStatus(url: string): Promise<number> {
  return (await t.app.inject({ url })).statusCode;
}

function payloadOf(url: string): Record<string, unknown> {
  const token = url.split('/')[3] as string;
  return (JSON.parse(Buffer.from(token.split('.')[0] as string, 'base64url').toString('utf8')) as { data: Record<string, unknown> }).data;
}

describe('stream addresses', () => {
  it('say how long they work, and carry the session that asked for them', async () => {
    const { key } = await register();
    const { body } = await detail(key);
    expect(body?.stream?.expires_in).toBe(TTL);
    const keyRow = await t.database.db.selectFrom('api_keys').select('id').where('channel_id', '=', t.channel('alpha').id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(payloadOf(body!.stream!.url)).toMatchObject({ eventId, sid: keyRow.id });
  });

  it('stop working after their lifetime, playlist and segments alike', async () => {
    const { key } = await register();
    const url = (await detail(key)).body!.stream!.url;
    const segment = url.replace(/index\.m3u8$/, '480p/seg-000.m4s');
    expect(await mediaStatus(url)).not.toBe(403);
    expect(await mediaStatus(segment)).not.toBe(403);
    clock += TTL - 1;
    expect(await mediaStatus(url)).not.toBe(403);
    clock += 1;
    expect(await mediaStatus(url)).toBe(403);
    expect(await mediaStatus(segment)).toBe(403);
  });

  it('are renewed for a session that may still watch, with a new lifetime', async () => {
    const { key } = await register();
    const first = (await detail(key)).body!.stream!.url;
    clock += Math.ceil(TTL / 2);
    const renewed = (await detail(key)).body!.stream!.url;
    expect(renewed).not.toBe(first);
    clock += Math.ceil(TTL / 2);
    expect(await mediaStatus(first)).toBe(403);
    expect(await mediaStatus(renewed)).not.toBe(403);
  });

  it('are not renewed after a logout: the browser, back to a visitor key, gets no stream', async () => {
    const { key } = await register();
    const url = (await detail(key)).body!.stream!.url;
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { api_key: key } });
    // The logged-out session's key is refused as invalid (spec §8: the site fetches a visitor key) ...
    expect((await detail(key)).status).toBe(403);
    // ... and the visitor key it fetches gets no address for a register-only event.
    expect((await detail(await t.keyFor('alpha'))).body?.stream).toBeNull();
    // The address already handed out dies with its lifetime: a copy of it is no way back in.
    clock += TTL;
    expect(await mediaStatus(url)).toBe(403);
  });

  it('are not renewed for another session after a password change', async () => {
    const { key: phone, email } = await register();
    const laptop = await login(email);
    const url = (await detail(phone)).body!.stream!.url;
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/profile',
      payload: { api_key: laptop, _method: 'patch', current_password: PASSWORD, password: 'a-new-season-88', password_confirmation: 'a-new-season-88' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await detail(phone)).status).toBe(403);
    expect((await detail(laptop)).body?.stream).not.toBeNull();
    clock += TTL;
    expect(await mediaStatus(url)).toBe(403);
  });
});

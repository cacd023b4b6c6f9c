import { ApiErrorBody, ChannelSettingsResponse, DeviceCodeResponse, DeviceNextResponse, SessionResponse } from '@grandstand/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

const PASSWORD = 'touchline-42-blue';
let counter = 0;

describe('linking a device (a TV) and what it plays', () => {
  let t: TestApp;
  let alpha: number;
  let gameA: number;
  let gameB: number;
  let bravoGame: number;
  beforeAll(async () => {
    t = await buildTestApp();
    alpha = t.channel('alpha').id;
    const events = await t.database.db.selectFrom('events').select(['id', 'channel_id']).orderBy('id').execute();
    [gameA, gameB] = events.filter((e) => e.channel_id === alpha).map((e) => e.id) as [number, number];
    bravoGame = events.find((e) => e.channel_id === t.channel('bravo').id)!.id;
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api${url}`, payload });
  const next = (key: string) => t.app.inject({ url: `/api/auth/device/next?api_key=${key}` });
  async function viewer() {
    const email = `tv${++counter}-${Date.now()}@example.com`;
    const response = await post('/v2/auth/register', { api_key: await t.keyFor('alpha'), email, password: PASSWORD, password_confirmation: PASSWORD, first_name: 'Ada', last_name: 'Fan', terms: true });
    expect(response.statusCode, response.body).toBe(200);
    return SessionResponse.parse(response.json()).data.api_key;
  }
  async function tvWithCode() {
    const key = await t.keyFor('alpha');
    const response = await post('/auth/device_code', { api_key: key });
    expect(response.statusCode, response.body).toBe(200);
    return { key, code: DeviceCodeResponse.parse(response.json()).data.code };
  }
  async function setLinking(on: 0 | 1) {
    await sql`update channels set settings = jsonb_set(settings, '{auth}', coalesce(settings->'auth', '{}'::jsonb) || jsonb_build_object('device_linking', ${on}::int)) where id = ${alpha}`.execute(t.database.db);
  }

  it('the TV plays the game chosen on the phone as it was linked', async () => {
    const phone = await viewer();
    const tv = await tvWithCode();
    const linked = await post('/auth/add_session', { api_key: phone, code: tv.code, event_id: gameA });
    expect(linked.statusCode, linked.body).toBe(200);
    const answer = await next(tv.key);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(DeviceNextResponse.parse(answer.json()).data).toEqual({ event_id: gameA });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('a TV linked without a game waits, then plays the one the viewer sends next; another viewer’s TV does not', async () => {
    const phone = await viewer();
    const tv = await tvWithCode();
    expect((await post('/auth/add_session', { api_key: phone, code: tv.code })).statusCode).toBe(200);
    expect(DeviceNextResponse.parse((await next(tv.key)).json()).data).toEqual({ event_id: null });

    const otherPhone = await viewer();
    const otherTv = await tvWithCode();
    expect((await post('/auth/add_session', { api_key: otherPhone, code: otherTv.code, event_id: gameA })).statusCode).toBe(200);

    const sent = await post('/auth/device/next', { api_key: phone, event_id: gameB });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(DeviceNextResponse.parse((await next(tv.key)).json()).data).toEqual({ event_id: gameB });
    expect(DeviceNextResponse.parse((await next(otherTv.key)).json()).data).toEqual({ event_id: gameA });
  });

  it('sending a game with no TV linked, or to a TV that logged out, is refused with a code', async () => {
    const phone = await viewer();
    const none = await post('/auth/device/next', { api_key: phone, event_id: gameA });
    expect(none.statusCode, none.body).toBe(409);
    expect(ApiErrorBody.parse(none.json())).toMatchObject({ field: 'device', code: 'no_linked_device' });

    const tv = await tvWithCode();
    expect((await post('/auth/add_session', { api_key: phone, code: tv.code })).statusCode).toBe(200);
    expect((await post('/auth/logout', { api_key: tv.key })).statusCode).toBe(200);
    expect((await post('/auth/device/next', { api_key: phone, event_id: gameA })).statusCode).toBe(409);
  });

  it('refuses a game that is not a number, not this channel’s, or missing, naming event_id; the code stays unused', async () => {
    const phone = await viewer();
    const tv = await tvWithCode();
    for (const event_id of ['abc', -1, 1.5, 2_147_483_648, bravoGame, { id: 1 }]) {
      const response = await post('/auth/add_session', { api_key: phone, code: tv.code, event_id });
      expect(response.statusCode, JSON.stringify(event_id)).toBe(422);
      expect(ApiErrorBody.parse(response.json())).toMatchObject({ field: 'event_id' });
      const sent = await post('/auth/device/next', { api_key: phone, event_id });
      expect(sent.statusCode).toBe(422);
      expect(ApiErrorBody.parse(sent.json())).toMatchObject({ field: 'event_id' });
    }
    expect((await post('/auth/device/next', { api_key: phone })).statusCode).toBe(422);
    expect((await post('/auth/add_session', { api_key: phone, code: tv.code, event_id: String(gameA) })).statusCode).toBe(200);
  });

  it('a visitor asks for no next game (401), and a logged-in viewer who is no linked device gets none', async () => {
    expect((await next(await t.keyFor('alpha'))).statusCode).toBe(401);
    const phone = await viewer();
    expect(DeviceNextResponse.parse((await next(phone)).json()).data).toEqual({ event_id: null });
  });

  it('a channel that turned device linking off hands out no code and links none, and says so in its settings', async () => {
    const phone = await viewer();
    const tv = await tvWithCode();
    const settings = async () => ChannelSettingsResponse.parse((await t.app.inject({ url: `/api/settings?api_key=${phone}` })).json()).data.auth;
    expect(await settings()).toMatchObject({ device_linking: 1 });
    await setLinking(0);
    try {
      const code = await post('/auth/device_code', { api_key: await t.keyFor('alpha') });
      expect(code.statusCode, code.body).toBe(403);
      expect(ApiErrorBody.parse(code.json())).toMatchObject({ field: 'device', code: 'device_linking_off' });
      const linked = await post('/auth/add_session', { api_key: phone, code: tv.code });
      expect(linked.statusCode).toBe(403);
      expect(ApiErrorBody.parse(linked.json())).toMatchObject({ code: 'device_linking_off' });
      expect((await next(phone)).statusCode).toBe(200);
    } finally {
      await setLinking(1);
    }
    expect((await post('/auth/add_session', { api_key: phone, code: tv.code })).statusCode).toBe(200);
  });
});

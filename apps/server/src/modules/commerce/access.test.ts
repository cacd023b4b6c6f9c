import { EventDetailResponse, EventsResponse, SessionResponse } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

// Access: register events open to a logged-in user, still not to a visitor.
let t: TestApp;
let eventId: number;
beforeAll(async () => {
  t = await buildTestApp();
  const row = await t.database.db.selectFrom('events').select('id').where('channel_id', '=', t.channel('alpha').id).where('access_type', '=', 'register').where('stream_status', '=', 'finished').executeTakeFirstOrThrow();
  eventId = row.id;
});
afterAll(async () => t.close());

async function userKey(): Promise<string> {
  const password = 'season-ticket-77';
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v2/auth/register',
    payload: { api_key: await t.keyFor('alpha'), email: `access-${Date.now()}-${Math.random()}@example.com`, password, password_confirmation: password, first_name: 'A', last_name: 'B', terms: true },
  });
  return SessionResponse.parse(response.json()).data.api_key;
}

describe('register events', () => {
  it('give a logged-in user access and a stream; a visitor neither', async () => {
    const visitor = EventDetailResponse.parse((await t.app.inject({ url: `/api/events/${eventId}?api_key=${await t.keyFor('alpha')}` })).json()).data;
    expect(visitor.access).toMatchObject({ allowed: false, options: ['register_free', 'login'] });
    expect(visitor.stream).toBeNull();
    const user = EventDetailResponse.parse((await t.app.inject({ url: `/api/events/${eventId}?api_key=${await userKey()}` })).json()).data;
    expect(user.access).toMatchObject({ allowed: true, options: [] });
    expect(user.has_access).toBe(true);
    expect(user.stream?.url).toMatch(/^\/media\/s\/.+\/index\.m3u8$/);
  });

  it('a paid event offers a logged-in user only the way to buy it, not to log in again', async () => {
    const paid = await t.database.db.selectFrom('events').select('id').where('channel_id', '=', t.channel('alpha').id).where('access_type', 'in', ['paid', 'ppv']).where('base_price', '>', '0').executeTakeFirstOrThrow();
    const visitor = EventDetailResponse.parse((await t.app.inject({ url: `/api/events/${paid.id}?api_key=${await t.keyFor('alpha')}` })).json()).data;
    expect(visitor.access.options).toContain('login');
    const user = EventDetailResponse.parse((await t.app.inject({ url: `/api/events/${paid.id}?api_key=${await userKey()}` })).json()).data;
    expect(user.access.allowed).toBe(false);
    expect(user.access.options).toHaveLength(1);
    expect(user.access.options[0]).toMatch(/^buy_(price|event)$/);
  });

  it('listings tell has_access per viewer, from separate cached variants', async () => {
    const listed = async (key: string) =>
      EventsResponse.parse((await t.app.inject({ url: `/api/events?stream_status=finished&api_key=${key}` })).json()).data.find((e) => e.id === eventId);
    expect((await listed(await t.keyFor('alpha')))?.has_access).toBe(false);
    expect((await listed(await userKey()))?.has_access).toBe(true);
    expect((await listed(await t.keyFor('alpha')))?.has_access).toBe(false);
  });
});

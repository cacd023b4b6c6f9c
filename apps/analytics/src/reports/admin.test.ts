import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, NORTHFIELD_KEY, post, sessionFor, testApp, type TestApp, viewing } from '../../test/helpers.ts';

const NOW = new Date('2026-03-10T12:00:00Z');
const body = { channel: 'northfield', from: '2026-03-01T00:00:00Z', to: '2026-03-11T00:00:00Z' };

function report(app: TestApp['app'], payload: unknown, token: string | null = ADMIN_TOKEN) {
  return app.inject({
    method: 'POST',
    url: '/admin/report',
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    payload: JSON.stringify(payload),
  });
}

// The control room reads a channel's audience through this call, with the admin token only.
describe('POST /admin/report', () => {
  let service: TestApp | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  it('refuses a call without the admin token, or with a wrong one, and when no token is set', async () => {
    service = await testApp({}, { now: () => NOW });
    expect((await report(service.app, body, null)).statusCode).toBe(401);
    expect((await report(service.app, body, 'not-the-admin-token-0123456789')).statusCode).toBe(401);
    await service.close();
    service = await testApp({}, { now: () => NOW, adminToken: undefined });
    const off = await report(service.app, body);
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ field: 'authorization' });
  });

  it('names the field of a bad period or an unknown channel', async () => {
    service = await testApp({}, { now: () => NOW });
    expect((await report(service.app, { ...body, to: body.from })).json()).toMatchObject({ field: 'to' });
    expect((await report(service.app, { ...body, from: '2024-01-01T00:00:00Z' })).json()).toMatchObject({ field: 'from' });
    expect((await report(service.app, { ...body, from: 'yesterday' })).json()).toMatchObject({ field: 'from' });
    const unknown = await report(service.app, { ...body, channel: 'elsewhere' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ field: 'channel' });
  });

  it("answers the channel's watch time (every event's, for the revenue share), viewers now and the funnel, and no money", async () => {
    service = await testApp({}, { now: () => NOW });
    const { app } = service;
    const session = await sessionFor(app, NORTHFIELD_KEY);
    const items = [
      { call: 'video/viewing', body: { ...viewing, viewing_time: 120, school: 'Northfield High' } },
      { call: 'video/viewing', body: { ...viewing, video_view_uuid: 'view-2', stream_id: 43, viewing_time: 60, school: 'Eastside' } },
      {
        call: 'event',
        body: { user_id: null, user_email: null, event: 'purchase_success', origin_url: 'https://northfield.example/buy', extras: { amount: 5000, currency: 'USD' } },
      },
    ];
    expect((await post(app, '/datalake/batch/', { profile: NORTHFIELD_KEY, session_uuid: session, items })).statusCode).toBe(200);

    const answer = await report(app, body);
    expect(answer.statusCode, answer.body).toBe(200);
    const { data } = answer.json() as { data: Record<string, unknown> & { event_seconds: unknown; watch_time: { by_school: unknown }; funnel: Array<{ step: string; events: number }> } };
    expect(data.event_seconds).toEqual([
      { stream_id: 42, seconds: 120 },
      { stream_id: 43, seconds: 60 },
    ]);
    expect(data.watch_seconds).toBe(180);
    expect(data.live_viewers).toBe(1);
    expect(data.watch_time.by_school).toEqual([
      { key: 'Northfield High', seconds: 120 },
      { key: 'Eastside', seconds: 60 },
    ]);
    expect(data.funnel.find((step) => step.step === 'purchase_success')?.events).toBe(1);
    // The browser's amount is nowhere in the answer: the control room's money is the server's own.
    expect(answer.body).not.toContain('5000');
    expect(Object.keys(data)).not.toContain('revenue');
  });
});

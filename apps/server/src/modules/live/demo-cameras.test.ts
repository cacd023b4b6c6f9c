import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceChannelChange } from '../../core/channels/registry.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

// A thousand channels on one instance (architecture: channels are data): eager demo cameras start
// per channel on its first request, not for every channel at boot. The cameras' ffmpeg is `true`
// (it exits at once): what is checked is which seeded live games were given a camera (their live
// stream row, made before the camera publishes).
describe('eager demo cameras', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      live: { ingest: 'external', controlUrl: 'http://127.0.0.1:9', pullUrl: 'rtmp://127.0.0.1:9/live', demoCameras: 'eager', packager: 'external' },
      media: { ffmpegPath: 'true' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const seededLive = (slug: string) =>
    t.database.db.selectFrom('events').select('id').where('channel_id', '=', t.channel(slug).id).where('stream_status', '=', 'live').where('origin', '=', 'seed').execute();
  const withCamera = async (slug: string) => {
    const ids = (await seededLive(slug)).map((event) => event.id);
    if (ids.length === 0) return [];
    return (await t.database.db.selectFrom('live_streams').select('event_id').where('event_id', 'in', ids).execute()).map((row) => row.event_id).sort((a, b) => a - b);
  };

  it("start on a channel's first request, for that channel's seeded live games only", async () => {
    const alphaLive = (await seededLive('alpha')).map((event) => event.id).sort((a, b) => a - b);
    expect(alphaLive.length).toBeGreaterThan(0);
    expect((await seededLive('bravo')).length).toBeGreaterThan(0);
    // Listening, no request yet: no channel's camera.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await withCamera('alpha')).toEqual([]);
    expect(await withCamera('bravo')).toEqual([]);
    const key = await t.keyFor('alpha');
    expect((await t.app.inject({ url: `/api/events?api_key=${key}` })).statusCode).toBe(200);
    await expect.poll(() => withCamera('alpha'), { timeout: 5_000, interval: 50 }).toEqual(alphaLive);
    expect(await withCamera('bravo')).toEqual([]);
  });

  it('start none for a suspended channel, whatever asks for it', async () => {
    const bravo = t.channel('bravo').id;
    await t.database.db.updateTable('channels').set({ status: 'suspended' }).where('id', '=', bravo).execute();
    await announceChannelChange(t.database.db, bravo);
    await expect.poll(() => t.app.channels.byId(bravo)?.status, { timeout: 5_000, interval: 50 }).toBe('suspended');
    await t.app.inject({ url: '/', headers: { host: 'bravo.localhost' } });
    await t.app.inject({ url: `/api/events?api_key=${await t.keyFor('bravo')}` });
    // The first request's look runs at once: a camera would be asked for within moments.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await withCamera('bravo')).toEqual([]);
  });
});

import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConsoleLive, EventDetailResponse } from '@grandstand/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadChannelFolders } from '../../core/channels/loadChannels.ts';
import { upsertChannels } from '../channels/seed.ts';
import { buildTestApp, FIXTURE_CHANNELS_DIR, openTestDatabase, type TestApp } from '../../../test/helper.ts';
import { freePort } from '../../../test/support/ports.ts';
import { type Camera, startCamera } from '../../core/ingest/camera.ts';
import { ManagedIngest } from '../../core/ingest/nginx.ts';
import { liveDirOf } from '../../core/media/packager/index.ts';
import { consoleCall, makeOperator, signIn } from '../operators/testing.ts';

// A real nginx with the RTMP module on free ports and real ffmpeg cameras: the refusals are nginx's
// own behaviour with our callbacks, not a model of it.


let t: TestApp;
let ingest: ManagedIngest;
let mediaDir: string;
let rtmpPort: number;
let alpha: number;
const session: Record<'owner' | 'producer' | 'support' | 'bravoProducer', string> = { owner: '', producer: '', support: '', bravoProducer: '' };
const cameras: Camera[] = [];

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'grandstand-live-'));
  rtmpPort = await freePort();
  const httpPort = await freePort();
  t = await buildTestApp({
    media: { dir: mediaDir },
    live: {
      ingest: 'external',
      controlUrl: `http://127.0.0.1:${httpPort}`,
      pullUrl: `rtmp://127.0.0.1:${rtmpPort}/live`,
      publicUrl: 'rtmp://ingest.example.test/live',
      graceSeconds: 8,
      sweepMs: 100,
      packagerPollMs: 200,
      demoCameras: 'on-demand',
      refusalLimit: 5,
    },
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ingest = new ManagedIngest({
    rtmpHost: '127.0.0.1',
    rtmpPort,
    httpHost: '127.0.0.1',
    httpPort,
    callbackUrl: address,
    callbackToken: t.app.live.service.keys.callbackToken,
    playAllow: ['127.0.0.1'],
    dir: join(mediaDir, 'ingest'),
  });
  await ingest.start();
  alpha = t.channel('alpha').id;
  for (const role of ['owner', 'producer', 'support'] as const) {
    await makeOperator(t.app, `${role}@live-alpha.test`, [[alpha, role]]);
    session[role] = await signIn(t.app, 'alpha', `${role}@live-alpha.test`);
  }
  await makeOperator(t.app, 'producer@live-bravo.test', [[t.channel('bravo').id, 'producer']]);
  session.bravoProducer = await signIn(t.app, 'bravo', 'producer@live-bravo.test');
}, 60_000);

afterAll(async () => {
  await Promise.all(cameras.map((camera) => camera.stop()));
  await t?.close();
  await ingest?.stop();
  await rm(mediaDir, { recursive: true, force: true });
});

function call(method: 'GET' | 'POST', url: string, credential = session.producer, payload?: unknown, slug = 'alpha') {
  return consoleCall(t.app, slug, { method, url, credential, payload });
}

// Each test's cameras stop with it: the next starts from an ingest with no publisher.
afterEach(async () => {
  await Promise.all(cameras.splice(0).map((camera) => camera.stop()));
});

/** An event of alpha with no signal yet, made upcoming (as a producer schedules one); the fixture has few, so they take turns. */
let turn = 0;
async function upcomingEvent(): Promise<number> {
  const rows = await t.database.db.selectFrom('events').select('id').where('channel_id', '=', alpha).where('cancelled_at', 'is', null).orderBy('id').execute();
  const row = rows[turn++ % rows.length]!;
  await t.database.db.deleteFrom('live_streams').where('event_id', '=', row.id).execute();
  await t.database.db.updateTable('events').set({ stream_status: 'upcoming' }).where('id', '=', row.id).execute();
  return row.id;
}

async function liveScreen(eventId: number, credential = session.producer): Promise<ConsoleLive> {
  const response = await call('GET', `/events/${eventId}/live`, credential);
  expect(response.statusCode, response.body).toBe(200);
  return ConsoleLive.parse(response.json());
}

function camera(key: string, options: { keyframeSeconds?: number } = {}): Camera {
  const started = startCamera({ url: `rtmp://127.0.0.1:${rtmpPort}/live/${key}`, name: 'Test camera', width: 160, height: 90, fps: 10, videoKbps: 100, ...options });
  cameras.push(started);
  return started;
}

/** Whether a camera was refused by the ingest (it exits with nginx's refusal) within `ms`. */
async function refused(cam: Camera, ms = 15_000): Promise<boolean> {
  const outcome = await Promise.race([cam.exited.then(() => 'exited' as const), new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), ms))]);
  return outcome === 'exited';
}

/** The event's `live_signal` as a viewer's page reads it. */
let viewerKey = '';
async function signalSeen(eventId: number) {
  viewerKey ||= await t.keyFor('alpha');
  const response = await t.app.inject({ url: `/api/events/${eventId}?api_key=${viewerKey}` });
  expect(response.statusCode).toBe(200);
  return EventDetailResponse.parse(response.json()).data.live_signal;
}

async function stateOf(eventId: number) {
  const row = await t.database.db.selectFrom('live_streams').select(['state']).where('event_id', '=', eventId).executeTakeFirst();
  return row?.state ?? null;
}

async function statusOf(eventId: number) {
  return (await t.database.db.selectFrom('events').select('stream_status').where('id', '=', eventId).executeTakeFirstOrThrow()).stream_status;
}

describe('the ingest details', () => {
  it('shows the configured Server (never the request Host) and a key of this event alone, to producers and owners only', async () => {
    const eventId = await upcomingEvent();
    // Media an earlier database left under this event's id (a fresh database over kept media) is not its game.
    const stale = liveDirOf(mediaDir, 'alpha', eventId);
    await mkdir(stale, { recursive: true });
    await writeFile(join(stale, 'r1.json'), '{"run":1,"startedAt":"2026-01-01T00:00:00.000Z","variants":[]}\n');
    const screen = await liveScreen(eventId);
    expect(existsSync(stale)).toBe(false);
    expect(screen.ingest.server).toBe('rtmp://ingest.example.test/live');
    expect(screen.ingest.streamKey).toMatch(/^gs_live_[A-Za-z0-9_-]{43}$/);
    expect(screen.ingest.srt).toBeNull();
    expect(screen.state).toBe('idle');
    expect((await liveScreen(eventId, session.owner)).ingest.streamKey).toBe(screen.ingest.streamKey);
    expect((await call('GET', `/events/${eventId}/live`, session.support)).statusCode).toBe(403);
    // Another channel's event is not found from bravo's control room.
    expect((await call('GET', `/events/${eventId}/live`, session.bravoProducer, undefined, 'bravo')).statusCode).toBe(404);
    const other = await liveScreen(await upcomingEvent());
    expect(other.ingest.streamKey).not.toBe(screen.ingest.streamKey);
    // The key is never stored in clear.
    const stored = await t.database.db.selectFrom('live_streams').selectAll().where('event_id', '=', eventId).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(screen.ingest.streamKey.slice(8));
  });

  it('refuses a callback without the ingest token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/ingest/publish?token=wrong', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'name=x&clientid=1&addr=127.0.0.1' });
    expect(response.statusCode).toBe(403);
    const missing = await t.app.inject({ method: 'POST', url: `/api/ingest/publish?token=${t.app.live.service.keys.callbackToken}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'clientid=1&addr=127.0.0.1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'name' });
  });
});

describe('publishing', () => {
  it('refuses a wrong key, a second publisher and a rotated key; the right key makes the event live', async () => {
    const eventId = await upcomingEvent();
    const { ingest: details } = await liveScreen(eventId);

    expect(await refused(camera('gs_live_wrongwrongwrongwrongwrongwrongwrongwrongwro'))).toBe(true);
    expect(await stateOf(eventId)).toBe('idle');

    const first = camera(details.streamKey);
    await expect.poll(() => stateOf(eventId), { timeout: 20_000, interval: 100 }).toBe('live');
    expect(await statusOf(eventId)).toBe('live');
    // The key never reaches the ingest's stream names: they are the internal ones.
    const streams = await fetch(`${t.app.live.config.controlUrl}/stat`).then((r) => r.text());
    expect(streams).not.toContain(details.streamKey);

    const second = camera(details.streamKey);
    expect(await refused(second)).toBe(true);
    // The first is still the one publishing.
    expect(await refused(first, 1500)).toBe(false);
    expect(await stateOf(eventId)).toBe('live');

    const rotated = await call('POST', `/events/${eventId}/live/key`);
    expect(rotated.statusCode).toBe(200);
    const next = ConsoleLive.parse(rotated.json()).ingest.streamKey;
    expect(next).not.toBe(details.streamKey);
    // The publisher on the old key is cut at once, and the old key is refused.
    expect(await refused(first)).toBe(true);
    expect(await refused(camera(details.streamKey))).toBe(true);
    const audit = await t.database.db.selectFrom('audit_log').select(['action', 'after']).where('subject', '=', `event:${eventId}`).execute();
    expect(audit.map((row) => row.action)).toContain('live.key_rotated');
    expect(JSON.stringify(audit)).not.toContain(next);

    // The new key publishes: the signal resumes.
    camera(next);
    await expect.poll(() => stateOf(eventId), { timeout: 20_000, interval: 100 }).toBe('live');
  }, 120_000);
});

describe('the lifecycle', () => {
  it('is packaged while live, waits for the camera within the grace period, and the producer ends it into its recording', async () => {
    const eventId = await upcomingEvent();
    const { ingest: details } = await liveScreen(eventId);
    expect(await signalSeen(eventId)).toBeUndefined();
    const cam = camera(details.streamKey);
    await expect.poll(() => stateOf(eventId), { timeout: 20_000, interval: 100 }).toBe('live');
    // A viewer's page reads the camera's state with the event.
    expect(await signalSeen(eventId)).toBe('on');
    // The worker packages it: the live playlist appears.
    await expect.poll(() => t.app.live.waitForPlaylist('alpha', eventId, 0), { timeout: 20_000, interval: 200 }).toBe(true);
    await expect.poll(async () => (await liveScreen(eventId)).health !== null, { timeout: 15_000, interval: 300 }).toBe(true);

    // The camera drops: lost, the grace period running; it comes back within it: live again.
    await cam.stop();
    await expect.poll(() => stateOf(eventId), { timeout: 5000, interval: 50 }).toBe('lost');
    const lost = await liveScreen(eventId);
    expect(lost.graceEndsAt).not.toBeNull();
    expect(Date.parse(lost.graceEndsAt!) - Date.parse(lost.lostAt!)).toBe(8000);
    expect(await statusOf(eventId)).toBe('live');
    expect(await signalSeen(eventId)).toBe('lost');
    camera(details.streamKey);
    await expect.poll(() => stateOf(eventId), { timeout: 20_000, interval: 100 }).toBe('live');

    // The producer ends it: the publisher is cut, the recording is written, the event is on demand.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const ended = await call('POST', `/events/${eventId}/live/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(['ending', 'ended']).toContain(ConsoleLive.parse(ended.json()).state);
    await expect.poll(() => stateOf(eventId), { timeout: 30_000, interval: 200 }).toBe('ended');
    expect(await statusOf(eventId)).toBe('finished');
    const done = await liveScreen(eventId);
    expect(done.recording.status).toBe('ready');
    expect(done.recording.durationS).toBeGreaterThan(1);
    // An ended event's key is refused.
    expect(await refused(camera(details.streamKey))).toBe(true);

    // The producer trims its start and end (to the segment), within the recording only.
    const duration = done.recording.durationS!;
    const outside = await call('POST', `/events/${eventId}/recording/trim`, session.producer, { startS: 0, endS: duration + 60 });
    expect(outside.statusCode).toBe(422);
    expect(outside.json()).toMatchObject({ field: 'endS', code: 'TRIM_OUT_OF_RANGE' });
    const trimmed = await call('POST', `/events/${eventId}/recording/trim`, session.producer, { startS: 1, endS: duration });
    expect(trimmed.statusCode, trimmed.body).toBe(200);
    expect(ConsoleLive.parse(trimmed.json()).recording.trimStartS).toBeGreaterThan(0);
    expect((await call('POST', `/events/${eventId}/recording/trim`, session.support, { startS: 0, endS: duration })).statusCode).toBe(403);
    const audit = await t.database.db.selectFrom('audit_log').select('action').where('subject', '=', `event:${eventId}`).execute();
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['live.ended', 'live.recording_trimmed']));
  }, 120_000);

  it('ends a signal lost for longer than the grace period', async () => {
    const eventId = await upcomingEvent();
    const { ingest: details } = await liveScreen(eventId);
    const cam = camera(details.streamKey);
    await expect.poll(() => stateOf(eventId), { timeout: 20_000, interval: 100 }).toBe('live');
    await cam.stop();
    await expect.poll(() => stateOf(eventId), { timeout: 5000, interval: 50 }).toBe('lost');
    await expect.poll(() => statusOf(eventId), { timeout: 30_000, interval: 200 }).toBe('finished');
  }, 60_000);

  it('refuses to end an event no camera published to, and to trim a recording that is not there', async () => {
    const eventId = await upcomingEvent();
    const response = await call('POST', `/events/${eventId}/live/end`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ field: 'id', code: 'NOT_LIVE' });
    const trim = await call('POST', `/events/${eventId}/recording/trim`, session.producer, { startS: 0, endS: 10 });
    expect(trim.statusCode).toBe(409);
    expect(trim.json()).toMatchObject({ field: 'id', code: 'NOT_FINISHED' });
    const bad = await call('POST', `/events/${eventId}/recording/trim`, session.producer, { startS: 'soon', endS: 10 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'startS' });
  });
});

describe('stream health', () => {
  it('warns of a keyframe interval over 2 s', async () => {
    const eventId = await upcomingEvent();
    const { ingest: details } = await liveScreen(eventId);
    camera(details.streamKey, { keyframeSeconds: 4 });
    await expect.poll(async () => (await liveScreen(eventId)).health?.warnings ?? [], { timeout: 60_000, interval: 500 }).toContain('keyframe_interval');
    const { health } = await liveScreen(eventId);
    expect(health?.keyframeIntervalS).toBeGreaterThan(2);
    expect(health).toMatchObject({ width: 160, height: 90, audio: true });
  }, 90_000);
});

describe('the demo cameras', () => {
  it('start for a seeded live event on its first viewer, publishing with the event\'s key through the ingest', async () => {
    const bravo = t.channel('bravo');
    const event = await t.database.db.selectFrom('events').select('id').where('channel_id', '=', bravo.id).where('stream_status', '=', 'live').where('origin', '=', 'seed').orderBy('id').executeTakeFirstOrThrow();
    expect(t.app.live.cameras.isRunning(event.id)).toBe(false);
    const url = t.app.media.streamUrl({ channelId: bravo.id, eventId: event.id, live: true, sessionId: 7 });
    // The player retries a 503 (retry-after) while the camera starts.
    await expect.poll(async () => (await t.app.inject({ url })).statusCode, { timeout: 30_000, interval: 500 }).toBe(200);
    expect(t.app.live.cameras.isRunning(event.id)).toBe(true);
    expect(await stateOf(event.id)).toBe('live');
    expect(t.app.media.viewersOf(bravo.id, event.id)).toBe(1);

    // Ended, then made live again by a re-seed: a new game with a new key, its camera started again.
    const firstKey = t.app.live.service.keyOf((await t.app.live.service.row(bravo.id, event.id))!);
    await t.app.live.service.end(bravo.id, event.id, null);
    await expect.poll(() => stateOf(event.id), { timeout: 30_000, interval: 200 }).toBe('ended');
    await expect.poll(() => t.app.live.cameras.isRunning(event.id), { timeout: 5000, interval: 100 }).toBe(false);
    await t.database.db.updateTable('events').set({ stream_status: 'live' }).where('id', '=', event.id).execute();
    t.app.dataChanged.emit(bravo.id);
    await expect.poll(async () => (await t.app.inject({ url })).statusCode, { timeout: 30_000, interval: 500 }).toBe(200);
    expect(await stateOf(event.id)).toBe('live');
    expect(t.app.live.service.keyOf((await t.app.live.service.row(bravo.id, event.id))!)).not.toBe(firstKey);
    await t.app.live.cameras.stop(event.id);
  }, 90_000);
});

describe('an address that keeps guessing', () => {
  it('is refused outright once over the limit, even with a right key', async () => {
    const eventId = await upcomingEvent();
    const { ingest: details } = await liveScreen(eventId);
    const token = t.app.live.service.keys.callbackToken;
    const publish = (name: string, clientid: string) =>
      t.app.inject({ method: 'POST', url: `/api/ingest/publish?token=${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ name, clientid, addr: '203.0.113.9', call: 'publish', app: 'live' }).toString() });
    for (let i = 0; i < 5; i++) expect((await publish(`gs_live_guess${i}`, `g${i}`)).statusCode).toBe(403);
    const right = await publish(details.streamKey, 'g-right');
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ code: 'TOO_MANY_REFUSALS' });
    expect(await stateOf(eventId)).toBe('idle');
    // Another address is not held back by it.
    const other = await t.app.inject({ method: 'POST', url: `/api/ingest/publish?token=${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ name: details.streamKey, clientid: 'o-1', addr: '203.0.113.10' }).toString() });
    expect(other.statusCode).toBe(302);
    expect(other.headers.location).toBe(`c${alpha}e${eventId}`);
  });
});

describe('a server starting', () => {
  it('gives a camera lost while the servers were down its whole grace period again', async () => {
    const database = await openTestDatabase();
    const channels = await upsertChannels(database.db, await loadChannelFolders(FIXTURE_CHANNELS_DIR));
    const channelId = channels[0]!.id;
    const event = await database.db.selectFrom('events').select('id').where('channel_id', '=', channelId).orderBy('id').executeTakeFirstOrThrow();
    const hourAgo = new Date(Date.now() - 3_600_000);
    await database.db.insertInto('live_streams').values({ event_id: event.id, channel_id: channelId, key_hash: 'h', key_sealed: 's', state: 'lost', started_at: hourAgo, lost_at: hourAgo }).execute();
    const app = await buildApp({ db: database.db, channels, logger: false, sitesDir: '/nonexistent-sites', live: { ingest: 'off', graceSeconds: 2, sweepMs: 100 } });
    try {
      await app.ready();
      const row = await database.db.selectFrom('live_streams').select(['state', 'lost_at']).where('event_id', '=', event.id).executeTakeFirstOrThrow();
      expect(row.state).toBe('lost');
      expect(Date.now() - new Date(row.lost_at!).getTime()).toBeLessThan(2000);
      // …and the grace period still ends it.
      await expect.poll(async () => (await database.db.selectFrom('live_streams').select('state').where('event_id', '=', event.id).executeTakeFirstOrThrow()).state, { timeout: 10_000, interval: 100 }).not.toBe('lost');
    } finally {
      await app.close();
      await database.close();
    }
  }, 30_000);
});

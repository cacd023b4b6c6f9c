import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiErrorBody, ChannelClipsConfig, ClipOptionsResponse, CLIP_REFUSAL_CODES, CLIP_REFUSALS, ClipResponse, ClipsResponse, ProfileResponse, SharedClipResponse } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { testClipMedia } from '../../../test/support/clipMedia.ts';
import { userIdOf, verifiedViewer } from '../../../test/support/clipViewers.ts';
import { registerViewer } from '../../../test/support/commerce.ts';

// Clips cannot be abused (server README, Security: clip limits): a confirmed address to clip, a
// rate limit per viewer and per address, default limits where a channel sets none, a disk quota
// per channel, a deleted account's clips gone, and a paid game's clips shared only while their
// maker may watch it and, by default, only to viewers who may watch it too.

const PASSWORD = 'touchline-42-blue';
const media = testClipMedia();
let mediaDir: string;
const apps: TestApp[] = [];

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'clips-abuse-'));
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await rm(mediaDir, { recursive: true, force: true });
});

async function appWith(limits: Record<string, number>, extra: { logger?: object } = {}): Promise<TestApp> {
  const t = await buildTestApp({
    media: { dir: join(mediaDir, randomUUID()) },
    clips: { media, queue: { pollMs: 50, retryDelayMs: 20 }, limits: { rateMax: 10_000, addressRateMax: 10_000, ...limits }, storageTtlMs: 0 },
    ...extra,
  });
  apps.push(t);
  return t;
}

async function finishedEvent(t: TestApp, slug: string): Promise<number> {
  const row = await t.database.db.selectFrom('events').select('id').where('channel_id', '=', t.channel(slug).id).where('stream_status', '=', 'finished').orderBy('id').executeTakeFirstOrThrow();
  return row.id;
}

const body = (eventId: number, overrides: Record<string, unknown> = {}) => ({ event_id: eventId, name: 'Top corner', start_time: 30, duration: 20, tags: ['goal'], ...overrides });

function post(t: TestApp, key: string, payload: Record<string, unknown>, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url: '/api/clip', remoteAddress, payload: { api_key: key, ...payload } });
}

function refused(response: { statusCode: number; json(): unknown; body: string }, status: number, field: string, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  const error = ApiErrorBody.parse(response.json());
  expect(error).toMatchObject({ field, code });
  expect(error.message.length).toBeGreaterThan(0);
}

async function made(t: TestApp, key: string, payload: Record<string, unknown>) {
  const response = await post(t, key, payload);
  expect(response.statusCode, response.body).toBe(200);
  return ClipResponse.parse(response.json()).data;
}

async function ready(t: TestApp, key: string, id: number) {
  for (let i = 0; i < 200; i++) {
    const { data } = ClipsResponse.parse((await t.app.inject({ url: `/api/clips/user?limit=100&api_key=${key}` })).json());
    const clip = data.find((c) => c.id === id);
    if (clip?.status === 'ready') return clip;
    if (clip?.status === 'failed') throw new Error(`clip ${id} failed`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`clip ${id} never became ready`);
}

const shared = async (t: TestApp, key: string, uuid: string) => t.app.inject({ url: `/api/shared-clip/${uuid}?api_key=${key}` });
const clipFile = (t: TestApp, slug: string, uuid: string) => t.app.inject({ url: `/media/clips/${slug}/${uuid}/index.m3u8`, headers: { host: `${slug}.localhost` } });
const clipPoster = (t: TestApp, slug: string, uuid: string) => t.app.inject({ url: `/media/clips/${slug}/${uuid}/poster.jpg`, headers: { host: `${slug}.localhost` } });

describe('who may clip, and how often', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith({ rateMax: 3, addressRateMax: 3, rateWindowMs: 60_000 });
  });

  it('a fresh account whose address is not confirmed is refused, naming the email field with a code', async () => {
    const eventId = await finishedEvent(t, 'alpha');
    const key = await registerViewer(t);
    refused(await post(t, key, body(eventId)), 403, 'email', CLIP_REFUSAL_CODES.emailUnverified);
    expect(ApiErrorBody.parse((await post(t, key, body(eventId))).json()).message).toBe(CLIP_REFUSALS.emailUnverified);
    expect(await t.database.db.selectFrom('clips').select('id').where('user_id', '=', await userIdOf(t, key)).execute()).toEqual([]);
    // The editor says so before anything is sent.
    const options = ClipOptionsResponse.parse((await t.app.inject({ url: `/api/clips/options?api_key=${key}` })).json()).data;
    expect(options).toMatchObject({ can_clip: false, reason: 'email' });
  });

  it('a viewer asking too often is refused with 429, from whatever address, in the shared database counter', async () => {
    const eventId = await finishedEvent(t, 'alpha');
    const key = await verifiedViewer(t);
    // Three addresses, one viewer: the viewer's own count stops the fourth.
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      expect((await post(t, key, body(eventId, { name: `From ${address}` }), address)).statusCode).not.toBe(429);
    }
    const fourth = await post(t, key, body(eventId), '198.51.100.4');
    refused(fourth, 429, 'request', CLIP_REFUSAL_CODES.tooManyClips);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    const counters = await t.database.db.selectFrom('rate_limit_hits').select(['key', 'hits']).where('key', 'like', '%clip-user|%').execute();
    expect(counters.some((row) => row.hits >= 4)).toBe(true);
  });

  it('one address asking for many viewers is refused with 429 too', async () => {
    const eventId = await finishedEvent(t, 'alpha');
    const keys = await Promise.all([0, 1, 2, 3].map(() => verifiedViewer(t)));
    const answers = [];
    for (const key of keys) answers.push(await post(t, key, body(eventId), '203.0.113.7'));
    expect(answers.slice(0, 3).map((r) => r.statusCode)).not.toContain(429);
    refused(answers[3]!, 429, 'request', CLIP_REFUSAL_CODES.tooManyClips);
    // Another address is not held up by that one.
    expect((await post(t, keys[3]!, body(eventId), '203.0.113.8')).statusCode).toBe(200);
  });
});

describe('the server’s limits where a channel sets none', () => {
  let t: TestApp;
  let eventId: number;
  const grantClipping = async (key: string) => {
    await t.database.db.updateTable('users').set({ capabilities: JSON.stringify(['clipping', 'download_clip']) }).where('id', '=', await userIdOf(t, key)).execute();
  };
  beforeAll(async () => {
    t = await appWith({ clips: 4, secondsPerDay: 70, downloadsPerDay: 2 });
    eventId = await finishedEvent(t, 'bravo');
  });

  it('bravo sets no limits: the default clips held apply, and the profile counts them', async () => {
    const key = await verifiedViewer(t, 'bravo');
    await grantClipping(key);
    for (let i = 0; i < 4; i++) await made(t, key, body(eventId, { tags: ['goal'], duration: 5, name: `Clip ${i}` }));
    refused(await post(t, key, body(eventId, { duration: 5 })), 403, 'clips', CLIP_REFUSAL_CODES.clipsLimit);
    const profile = ProfileResponse.parse((await t.app.inject({ url: `/api/profile?api_key=${key}` })).json()).data;
    expect(profile.featureCount).toEqual({ clips: 0, downloads: 2 });
  });

  it('the default clip seconds a day apply, and deleting a clip does not give the day’s seconds back', async () => {
    const key = await verifiedViewer(t, 'bravo');
    await grantClipping(key);
    const first = await made(t, key, body(eventId, { duration: 30 }));
    await made(t, key, body(eventId, { duration: 30 }));
    refused(await post(t, key, body(eventId, { duration: 30 })), 403, 'duration', CLIP_REFUSAL_CODES.clipSecondsLimit);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/clip/${first.id}?api_key=${key}` })).statusCode).toBe(200);
    refused(await post(t, key, body(eventId, { duration: 30 })), 403, 'duration', CLIP_REFUSAL_CODES.clipSecondsLimit);
    // What is left of the day still can be clipped.
    expect((await post(t, key, body(eventId, { duration: 10 }))).statusCode).toBe(200);
  });

  it('the default downloads a day apply', async () => {
    const key = await verifiedViewer(t, 'bravo');
    await grantClipping(key);
    const clip = await made(t, key, body(eventId, { duration: 5 }));
    await ready(t, key, clip.id);
    const download = () => t.app.inject({ url: `/api/clip/download/${clip.id}?api_key=${key}` });
    expect((await download()).statusCode).toBe(200);
    expect((await download()).statusCode).toBe(200);
    refused(await download(), 403, 'downloads', CLIP_REFUSAL_CODES.downloadsLimit);
  });
});

describe('the disk quota of a channel’s clips', () => {
  it('past the quota new clips are refused, the operator is warned and /health shows it', async () => {
    const lines: string[] = [];
    const t = await appWith({ storageQuotaBytes: 200 }, { logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } } });
    const eventId = await finishedEvent(t, 'alpha');
    const key = await verifiedViewer(t);
    let health = (await t.app.inject({ url: '/health' })).json();
    expect(health).toMatchObject({ status: 'ok', clip_storage: { quota_bytes: 200, full: false } });
    const clip = await made(t, key, body(eventId));
    await ready(t, key, clip.id);
    const other = await verifiedViewer(t);
    refused(await post(t, other, body(eventId)), 507, 'request', CLIP_REFUSAL_CODES.storageFull);
    expect(lines.some((line) => line.includes('"level":40') && line.includes('clip storage of channel alpha is full'))).toBe(true);
    health = (await t.app.inject({ url: '/health' })).json();
    expect(health.clip_storage.full).toBe(true);
    expect(health.clip_storage.channels).toEqual(expect.arrayContaining([expect.objectContaining({ slug: 'alpha', full: true }), expect.objectContaining({ slug: 'bravo', full: false })]));
    // Deleting clips makes room again.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/clip/${clip.id}?api_key=${key}` })).statusCode).toBe(200);
    expect((await post(t, other, body(eventId))).statusCode).toBe(200);
  });
});

describe('a deleted account’s clips', () => {
  it('go with it: share link, files and rows', async () => {
    const t = await appWith({});
    const eventId = await finishedEvent(t, 'alpha');
    const key = await verifiedViewer(t);
    const id = await userIdOf(t, key);
    const clip = await made(t, key, body(eventId));
    await ready(t, key, clip.id);
    const visitor = await t.keyFor('alpha');
    expect((await shared(t, visitor, clip.uuid)).statusCode).toBe(200);
    expect((await clipFile(t, 'alpha', clip.uuid)).statusCode).toBe(200);

    const deleted = await t.app.inject({ method: 'POST', url: '/api/delete-account-confirm', payload: { api_key: key, password: PASSWORD } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    refused(await shared(t, visitor, clip.uuid), 404, 'id', CLIP_REFUSAL_CODES.clipNotFound);
    expect((await clipFile(t, 'alpha', clip.uuid)).statusCode).toBe(404);
    expect(existsSync(media.clipDir(t.app.media.dir, 'alpha', clip.uuid))).toBe(false);
    expect(await t.database.db.selectFrom('clips').select('id').where('user_id', '=', id).execute()).toEqual([]);
  });
});

describe('clips of a paid game', () => {
  let t: TestApp;
  let eventId: number;
  let soccerPass: number;
  beforeAll(async () => {
    t = await appWith({});
    eventId = await finishedEvent(t, 'alpha');
    // The finished game becomes a paid one in the soccer category, which the soccer pass covers.
    await t.database.db.updateTable('events').set({ access_type: 'paid', base_price: 5 }).where('id', '=', eventId).execute();
    const pass = await t.database.db.selectFrom('packages').select('id').where('channel_id', '=', t.channel('alpha').id).where('name', '=', 'Alpha Soccer Pass').executeTakeFirstOrThrow();
    soccerPass = pass.id;
  });

  /** A paid order as the payment flow leaves it: the event itself, or a pass until `expiresAt`. */
  async function buy(key: string, what: { event: number } | { pass: number; expiresAt: Date }): Promise<number> {
    const row = await t.database.db
      .insertInto('orders')
      .values({
        channel_id: t.channel('alpha').id,
        user_id: await userIdOf(t, key),
        type: 'event' in what ? 'event' : 'package',
        status: 'paid',
        activity_status: 'active',
        product_id: 'event' in what ? what.event : what.pass,
        product_name: 'Test purchase',
        amount: 5,
        currency: 'USD',
        idempotency_key: randomUUID(),
        request_fingerprint: randomUUID(),
        paid_at: new Date(),
        expires_at: 'pass' in what ? what.expiresAt : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function paidClip(key: string) {
    const clip = await made(t, key, body(eventId));
    return ready(t, key, clip.id);
  }

  it('a refund unshares the buyer’s clips: the link and the files answer 404', async () => {
    const key = await verifiedViewer(t);
    const order = await buy(key, { event: eventId });
    const clip = await paidClip(key);
    const answer = await shared(t, key, clip.uuid);
    expect(answer.statusCode).toBe(200);
    // The stream plays under its signed address only; the public address has its poster alone.
    expect((await t.app.inject({ url: SharedClipResponse.parse(answer.json()).data.stream_url })).statusCode).toBe(200);
    expect((await clipFile(t, 'alpha', clip.uuid)).statusCode).toBe(404);
    expect((await clipPoster(t, 'alpha', clip.uuid)).statusCode).toBe(200);
    const download = () => t.app.inject({ url: `/api/clip/download/${clip.id}?api_key=${key}` });
    expect((await download()).statusCode).toBe(200);
    await t.database.db.updateTable('orders').set({ status: 'refunded', activity_status: 'inactive' }).where('id', '=', order).execute();
    refused(await shared(t, key, clip.uuid), 404, 'id', CLIP_REFUSAL_CODES.clipNotFound);
    // The buyer keeps the clip in their list, but no longer downloads a copy of the game they gave back.
    expect(ClipsResponse.parse((await t.app.inject({ url: `/api/clips/user?api_key=${key}` })).json()).data.map((c) => c.id)).toContain(clip.id);
    refused(await download(), 403, 'id', CLIP_REFUSAL_CODES.downloadNotWatchable);
    const entitled = await verifiedViewer(t);
    await buy(entitled, { event: eventId });
    refused(await shared(t, entitled, clip.uuid), 404, 'id', CLIP_REFUSAL_CODES.clipNotFound);
    expect((await clipPoster(t, 'alpha', clip.uuid)).statusCode).toBe(404);
  });

  it('a lapsed pass unshares the holder’s clips', async () => {
    const key = await verifiedViewer(t);
    const order = await buy(key, { pass: soccerPass, expiresAt: new Date(Date.now() + 86_400_000) });
    const clip = await paidClip(key);
    expect((await shared(t, key, clip.uuid)).statusCode).toBe(200);
    expect((await clipPoster(t, 'alpha', clip.uuid)).statusCode).toBe(200);
    await t.database.db.updateTable('orders').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', order).execute();
    refused(await shared(t, key, clip.uuid), 404, 'id', CLIP_REFUSAL_CODES.clipNotFound);
    expect((await clipPoster(t, 'alpha', clip.uuid)).statusCode).toBe(404);
  });

  it('by default a shared clip of a paid game plays only for viewers who may watch the game', async () => {
    const key = await verifiedViewer(t);
    await buy(key, { event: eventId });
    const clip = await paidClip(key);
    refused(await shared(t, await t.keyFor('alpha'), clip.uuid), 403, 'id', CLIP_REFUSAL_CODES.sharePaidEvent);
    refused(await shared(t, await verifiedViewer(t), clip.uuid), 403, 'id', CLIP_REFUSAL_CODES.sharePaidEvent);
    const buyer = await verifiedViewer(t);
    await buy(buyer, { pass: soccerPass, expiresAt: new Date(Date.now() + 86_400_000) });
    expect(SharedClipResponse.parse((await shared(t, buyer, clip.uuid)).json()).data.id).toBe(clip.id);
  });

  it('a channel may share paid games’ clips publicly, and caps each viewer’s clips of one paid game', async () => {
    const config = t.app.channels.bySlug('alpha')!.config.clips!; // the registry's copy: the one the routes read
    const saved = { public_paid_shares: config.public_paid_shares, shares_per_event: config.shares_per_event };
    Object.assign(config, { public_paid_shares: true, shares_per_event: 2 });
    try {
      const key = await verifiedViewer(t);
      await buy(key, { event: eventId });
      const clip = await paidClip(key);
      expect((await shared(t, await t.keyFor('alpha'), clip.uuid)).statusCode).toBe(200);
      await made(t, key, body(eventId, { name: 'Second' }));
      refused(await post(t, key, body(eventId, { name: 'Third' })), 403, 'event_id', CLIP_REFUSAL_CODES.eventClipsLimit);
      // Deleting one frees its place.
      expect((await t.app.inject({ method: 'DELETE', url: `/api/clip/${clip.id}?api_key=${key}` })).statusCode).toBe(200);
      expect((await post(t, key, body(eventId, { name: 'Third' }))).statusCode).toBe(200);
    } finally {
      Object.assign(config, saved);
    }
  });

  it('the default cap is five clips of one paid game, and channel.json is checked', async () => {
    expect(ChannelClipsConfig.parse({ tags: [{ id: 'goal', name: 'Goal' }] })).toMatchObject({ public_paid_shares: false, shares_per_event: 5, limits: {} });
    expect(ChannelClipsConfig.safeParse({ tags: [{ id: 'goal', name: 'Goal' }], shares_per_event: 0 }).success).toBe(false);
    expect(ChannelClipsConfig.safeParse({ tags: [{ id: 'goal', name: 'Goal' }], public_paid_shares: 'yes' }).success).toBe(false);
    expect(ChannelClipsConfig.safeParse({ tags: [{ id: 'goal', name: 'Goal' }], limits: { seconds_per_day: -1 } }).success).toBe(false);
    expect(t.channel('alpha').config.clips?.shares_per_event).toBe(5);
  });
});

import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { ClipResponse } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadChannelFolders } from '../../channels/loadChannels.ts';
import { prepareMedia } from '../prepare.ts';
import { S3MediaStorage } from './index.ts';
import { buildTestApp, FIXTURE_CHANNELS_DIR, type TestApp } from '../../../../test/helper.ts';
import { TEST_MEDIA_CACHE } from '../../../../test/support/mediaCache.ts';
import { startS3Server, type TestS3Server } from '../../../../test/support/s3Server.ts';
import { buyEvent, verifiedViewer } from '../../../../test/support/clipViewers.ts';

// MEDIA_STORAGE=s3 (server README, Several instances): a viewer's clip is cut by real ffmpeg in the
// media dir, put into an S3-compatible bucket whole when it is ready, and every file of it is then
// read from the bucket by the media routes, with the cache headers a CDN may hold for public media
// and none for what is behind a token; deleting the clip empties its place in the bucket. The
// bucket is an S3-compatible server the test starts on the loopback (test/support/s3Server.ts).

// A recording of 20 s at a tiny rendition, as src/modules/media/media-clip.test.ts.
const TINY = { width: 160, height: 90, fps: 10, videoKbps: 100 };

let s3: TestS3Server;
let storage: S3MediaStorage;
let dir: string;
let t: TestApp;
let eventId: number;

beforeAll(async () => {
  s3 = await startS3Server();
  storage = new S3MediaStorage(s3.config);
  dir = await mkdtemp(join(tmpdir(), 'clips-s3-'));
  const alpha = (await loadChannelFolders(FIXTURE_CHANNELS_DIR)).filter((c) => c.config.slug === 'alpha');
  await prepareMedia({ dir, channels: alpha, quality: TINY, seconds: 20, cacheDir: TEST_MEDIA_CACHE });
  t = await buildTestApp({
    media: { dir, storage },
    clips: { queue: { pollMs: 50, retryDelayMs: 20 }, limits: { rateMax: 10_000, addressRateMax: 10_000 }, storageTtlMs: 0 },
  });
  const event = await t.database.db.selectFrom('events').select('id').where('channel_id', '=', t.channel('alpha').id).where('stream_status', '=', 'finished').orderBy('id').executeTakeFirstOrThrow();
  eventId = event.id;
  // A free game: its clip's HLS has a public address (a paid one's is signed, below).
  await t.database.db.updateTable('events').set({ access_type: 'free', base_price: 0 }).where('id', '=', eventId).execute();
}, 120_000);

afterAll(async () => {
  await t?.close();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { host: 'alpha.localhost', ...headers } });

/** The bucket's own copy of an object, read past the server. */
async function object(key: string): Promise<Buffer> {
  const answer = await storage.client.send(new GetObjectCommand({ Bucket: s3.config.bucket, Key: key }));
  return Buffer.from(await answer.Body!.transformToByteArray());
}

async function keysUnder(prefix: string): Promise<string[]> {
  const page = await storage.client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket, Prefix: `${prefix}/` }));
  return (page.Contents ?? []).map((entry) => entry.Key!.slice(prefix.length + 1)).sort();
}

async function readyClip(key: string): Promise<{ id: number; uuid: string }> {
  const created = await t.app.inject({ method: 'POST', url: '/api/clip', payload: { api_key: key, event_id: eventId, name: 'Top corner', start_time: 2.5, duration: 6, tags: ['goal'] } });
  expect(created.statusCode, created.body).toBe(200);
  const { id, uuid } = ClipResponse.parse(created.json()).data;
  for (let i = 0; i < 600; i++) {
    const row = await t.database.db.selectFrom('clips').select(['status', 'failure_reason']).where('id', '=', id).executeTakeFirstOrThrow();
    if (row.status === 'ready') return { id, uuid };
    if (row.status === 'failed') throw new Error(`the clip failed: ${row.failure_reason}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the clip was not ready in 30 s');
}

describe('a clip in S3-compatible storage', () => {
  let maker: string;
  let clip: { id: number; uuid: string };
  let prefix: string;

  beforeAll(async () => {
    maker = await verifiedViewer(t);
    clip = await readyClip(maker);
    prefix = `clips/alpha/${clip.uuid}`;
  }, 60_000);

  it('is put into the bucket whole when ready, and nothing of it stays in the media dir', async () => {
    const keys = await keysUnder(prefix);
    expect(keys).toEqual(expect.arrayContaining(['index.m3u8', 'clip.mp4', 'poster.jpg', 'poster-640.jpg', 'poster-640.webp']));
    expect(keys.some((name) => /^seg-\d{3}\.m4s$/.test(name))).toBe(true);
    expect(existsSync(join(dir, 'clips', 'alpha', clip.uuid))).toBe(false);
    // The cut's work folder went too.
    const left = existsSync(join(dir, 'clips', 'alpha')) ? await readdir(join(dir, 'clips', 'alpha')) : [];
    expect(left).toEqual([]);
    // Its bytes count against the channel's clip quota, measured in the bucket.
    const usage = await t.app.clips.storage!.usage(t.channel('alpha').id, 'alpha');
    expect(usage.used_bytes).toBeGreaterThan((await object(`${prefix}/clip.mp4`)).length);
  });

  it('plays from the bucket at its public address, each file as stored, segments and posters cacheable for a year', async () => {
    const playlist = await get(`/media/clips/alpha/${clip.uuid}/index.m3u8`);
    expect(playlist.statusCode, playlist.body).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.headers['cache-control']).toBe('public, max-age=60');
    expect(playlist.rawPayload.equals(await object(`${prefix}/index.m3u8`))).toBe(true);
    const maps = [...playlist.body.matchAll(/#EXT-X-MAP:URI="([^"]+)"/g)].map((m) => m[1]!);
    const segments = playlist.body.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    expect(segments.length).toBeGreaterThan(0);
    for (const name of [...new Set(maps), ...segments]) {
      const file = await get(`/media/clips/alpha/${clip.uuid}/${name}`);
      expect(file.statusCode, name).toBe(200);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['content-type']).toBe(name.endsWith('.m4s') ? 'video/iso.segment' : 'video/mp4');
      expect(file.rawPayload.equals(await object(`${prefix}/${name}`)), name).toBe(true);
    }
    const poster = await get(`/media/clips/alpha/${clip.uuid}/poster-640.jpg`);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect([...poster.rawPayload.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    // A player's range and a cache's revalidation.
    const first = segments[0]!;
    const part = await get(`/media/clips/alpha/${clip.uuid}/${first}`, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect(part.rawPayload.equals((await object(`${prefix}/${first}`)).subarray(0, 100))).toBe(true);
    const whole = await get(`/media/clips/alpha/${clip.uuid}/${first}`);
    expect((await get(`/media/clips/alpha/${clip.uuid}/${first}`, { 'if-none-match': String(whole.headers.etag) })).statusCode).toBe(304);
    // Never on another channel's host, never the MP4 publicly, never a clip that is not there.
    expect((await get(`/media/clips/alpha/${clip.uuid}/index.m3u8`, { host: 'bravo.localhost' })).statusCode).toBe(404);
    expect((await get(`/media/clips/alpha/${clip.uuid}/clip.mp4`)).statusCode).toBe(404);
    expect((await get(`/media/clips/alpha/00000000-0000-4000-8000-000000000000/index.m3u8`)).statusCode).toBe(404);
  });

  it('downloads its MP4 from the bucket under the signed address only, kept by no shared cache', async () => {
    const link = t.app.media.clipDownload({ channelId: t.channel('alpha').id, uuid: clip.uuid, name: 'Top corner' });
    const response = await get(link.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Top corner.mp4"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.equals(await object(`${prefix}/clip.mp4`))).toBe(true);
    expect(response.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
    const tail = await get(link.url, { range: 'bytes=-16' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(response.rawPayload.subarray(-16))).toBe(true);
    expect((await get(link.url, { range: `bytes=${response.rawPayload.length}-` })).statusCode).toBe(416);
  });

  it('plays a paid game\'s clip from the bucket only under its signed address, which no shared cache keeps', async () => {
    await t.database.db.updateTable('events').set({ access_type: 'paid', base_price: 5 }).where('id', '=', eventId).execute();
    // Its maker bought the game: the clip stays theirs to share.
    await buyEvent(t, maker, eventId);
    try {
      // The public address of its HLS is refused; its poster stays public (link previews).
      const refused = await get(`/media/clips/alpha/${clip.uuid}/index.m3u8`);
      expect(refused.statusCode, refused.body).toBe(404);
      const poster = await get(`/media/clips/alpha/${clip.uuid}/poster-640.jpg`);
      expect(poster.statusCode, poster.body).toBe(200);
      const session = await t.database.db.selectFrom('api_keys').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
      const url = t.app.media.clipStreamUrl({ channelId: t.channel('alpha').id, uuid: clip.uuid, sessionId: session.id });
      const playlist = await get(url);
      expect(playlist.statusCode, playlist.body).toBe(200);
      expect(playlist.headers['cache-control']).toBe('private, max-age=60');
      expect(playlist.rawPayload.equals(await object(`${prefix}/index.m3u8`))).toBe(true);
      const segment = playlist.body.split('\n').find((line) => line !== '' && !line.startsWith('#'))!;
      const file = await get(url.replace(/index\.m3u8$/, segment));
      expect(file.statusCode).toBe(200);
      expect(file.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(file.rawPayload.equals(await object(`${prefix}/${segment}`))).toBe(true);
    } finally {
      await t.database.db.updateTable('events').set({ access_type: 'free', base_price: 0 }).where('id', '=', eventId).execute();
    }
  });

  it('leaves the bucket when the clip is deleted', async () => {
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/clip/${clip.id}?api_key=${maker}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await keysUnder(prefix)).toEqual([]);
    expect((await get(`/media/clips/alpha/${clip.uuid}/poster-640.jpg`)).statusCode).toBe(404);
  });
});

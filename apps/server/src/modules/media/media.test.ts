import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadChannelFolders } from '../../core/channels/loadChannels.ts';
import { layout, recordingForEvent, RECORDING_LIBRARY } from '../../core/media/library.ts';
import { vodItemsOf } from '../../core/media/vod.ts';
import { prepareMedia } from '../../core/media/prepare.ts';
import { TEST_MEDIA_CACHE } from '../../../test/support/mediaCache.ts';
import { signMediaToken } from '../../core/media/token.ts';
import { buildTestApp, FIXTURE_CHANNELS_DIR, type TestApp } from '../../../test/helper.ts';

// A real, tiny rendition: enough to check the packaging and the serving, fast enough for a test.
// Recordings of 14 s: longer than ffmpeg's default interleaving leeway (10 s), where sound and
// picture drift apart in the segments unless the recipe interleaves them strictly.
// The clip tests' length (src/modules/media/media-clip.test.ts): the files prepare the same media, copied from the media cache after the first.
const SECONDS = 20;
const TINY = { width: 160, height: 90, fps: 10, videoKbps: 100 };
const SECRET = 'media-test-secret-0123456789abcdef';
const IMMUTABLE = 'public, max-age=31536000, immutable';

let dir: string;
let t: TestApp;
const ids: Record<string, Record<string, number>> = {};

async function eventIds(slug: string): Promise<Record<string, number>> {
  const rows = await t.database.db.selectFrom('events').select(['id', 'stream_status']).where('channel_id', '=', t.channel(slug).id).execute();
  return Object.fromEntries(rows.map((row) => [row.stream_status, Number(row.id)]));
}

function urlFor(slug: string, status: string, file = 'index.m3u8'): string {
  const eventId = ids[slug]?.[status] as number;
  return t.app.media.streamUrl({ channelId: t.channel(slug).id, eventId, live: status === 'live', sessionId: 1 }).replace(/index\.m3u8$/, file);
}

function segmentsOf(playlist: string): string[] {
  return playlist.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
}

function initOf(playlist: string): string {
  return /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)?.[1] ?? '';
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'grandstand-media-'));
  // Only alpha is prepared: bravo shows what a server without prepared media answers.
  const alpha = (await loadChannelFolders(FIXTURE_CHANNELS_DIR)).filter((c) => c.config.slug === 'alpha');
  await prepareMedia({ dir, channels: alpha, quality: TINY, seconds: SECONDS, cacheDir: TEST_MEDIA_CACHE });
  t = await buildTestApp({ media: { dir, secret: SECRET } });
  ids.alpha = await eventIds('alpha');
  ids.bravo = await eventIds('bravo');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('prepare-media', () => {
  it('packages every recording of the library and the seed\'s preroll as finished HLS playlists', async () => {
    for (const spec of RECORDING_LIBRARY) {
      const playlist = await readFile(join(dir, layout.recordingDir('alpha', spec.id), 'index.m3u8'), 'utf8');
      expect(playlist).toContain('#EXT-X-ENDLIST');
      expect(playlist).toContain('#EXT-X-TARGETDURATION:2');
      expect(segmentsOf(playlist)).toHaveLength(SECONDS / 2);
    }
    expect(existsSync(join(dir, 'prerolls', 'promo.m3u8'))).toBe(true);
  });

  it('puts each segment\'s own sound in it, so a player buffers a few segments and not the whole recording', async () => {
    // A player counts as buffered only what has both picture and sound: a first segment without
    // its audio made the player fetch the entire recording before it could start.
    const recording = join(dir, layout.recordingDir('alpha', RECORDING_LIBRARY[0]!.id));
    const playlist = await readFile(join(recording, 'index.m3u8'), 'utf8');
    const first = join(dir, 'first-segment.mp4');
    await writeFile(first, Buffer.concat([await readFile(join(recording, initOf(playlist))), await readFile(join(recording, segmentsOf(playlist)[0]!))]));
    const packets = async (stream: 'a' | 'v') => {
      const { stdout } = await promisify(execFile)('ffprobe', ['-v', 'error', '-select_streams', stream, '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', first]);
      const times = stdout.split('\n').filter(Boolean).map(Number);
      return { from: Math.min(...times), to: Math.max(...times) };
    };
    const [sound, picture] = [await packets('a'), await packets('v')];
    // The sound spans the segment's pictures, give or take the encoders' start-up delays.
    expect(sound.from).toBeLessThan(picture.from + 0.05);
    expect(sound.to).toBeGreaterThan(picture.to - 0.3);
    expect(picture.to - picture.from).toBeGreaterThan(1.5);
  });

  it('keeps what is present: a second run does no ffmpeg work at all', async () => {
    const alpha = (await loadChannelFolders(FIXTURE_CHANNELS_DIR)).filter((c) => c.config.slug === 'alpha');
    const playlist = join(dir, layout.recordingDir('alpha', 'rec-1'), 'index.m3u8');
    const before = (await stat(playlist)).mtimeMs;
    // Any ffmpeg run would fail to start.
    const result = await prepareMedia({ dir, channels: alpha, quality: TINY, seconds: SECONDS, ffmpegPath: '/nonexistent/ffmpeg' });
    expect(result.built).toEqual([]);
    // The recordings, the preroll and the channel's on-demand library items.
    // The recordings, the seed's preroll, the library's items and the playback check's stream.
    expect(result.kept).toHaveLength(RECORDING_LIBRARY.length + 1 + vodItemsOf(alpha[0]!).length + 1);
    expect((await stat(playlist)).mtimeMs).toBe(before);
  });
});

describe('on-demand media', () => {
  it('serves the finished event\'s recording: playlist briefly cached, init and segments immutable', async () => {
    const playlist = await t.app.inject({ url: urlFor('alpha', 'finished') });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.headers['cache-control']).toBe('public, max-age=60');
    const expected = await readFile(join(dir, layout.recordingDir('alpha', recordingForEvent(ids.alpha?.finished as number).id), 'index.m3u8'), 'utf8');
    expect(playlist.body).toBe(expected);

    const init = await t.app.inject({ url: urlFor('alpha', 'finished', initOf(playlist.body)) });
    expect(init.statusCode).toBe(200);
    expect(init.headers['content-type']).toBe('video/mp4');
    expect(init.headers['cache-control']).toBe(IMMUTABLE);
    expect(init.rawPayload.subarray(4, 8).toString()).toBe('ftyp');

    const segment = await t.app.inject({ url: urlFor('alpha', 'finished', segmentsOf(playlist.body)[0]) });
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/iso.segment');
    expect(segment.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(segment.headers['content-length'])).toBeGreaterThan(100);
  });

  it('maps each finished event to one recording of the library, by id', () => {
    expect(recordingForEvent(4).id).toBe(recordingForEvent(4 + RECORDING_LIBRARY.length).id);
    expect(new Set([0, 1, 2, 3].map((n) => recordingForEvent(n).id)).size).toBe(RECORDING_LIBRARY.length);
  });

  it('answers 503 naming prepare-media when the channel\'s recordings are missing', async () => {
    const response = await t.app.inject({ url: urlFor('bravo', 'finished') });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ field: 'media', message: expect.stringContaining('prepare-media') });
  });

  it('answers 404 naming eventId for an upcoming event', async () => {
    const response = await t.app.inject({ url: urlFor('alpha', 'upcoming') });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ field: 'eventId' });
  });

  it('serves prerolls publicly: playlist briefly cached, segments immutable', async () => {
    const playlist = await t.app.inject({ url: '/media/prerolls/promo.m3u8' });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.headers['cache-control']).toBe('public, max-age=60');
    const segment = await t.app.inject({ url: `/media/prerolls/${segmentsOf(playlist.body)[0]}` });
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/iso.segment');
    expect(segment.headers['cache-control']).toBe(IMMUTABLE);
    expect((await t.app.inject({ url: '/media/prerolls/nothing-here.m3u8' })).statusCode).toBe(404);
  });

  it('serves the playback check’s stream publicly, three renditions under one master, never cached', async () => {
    const master = await t.app.inject({ url: '/media/check/check.m3u8' });
    expect(master.statusCode, master.body).toBe(200);
    expect(master.headers['cache-control']).toBe('no-store');
    const variants = [...master.body.matchAll(/BANDWIDTH=(\d+),RESOLUTION=(\d+x\d+),CODECS="([^"]+)"\n(\S+)/g)].map((m) => ({ bandwidth: Number(m[1]), resolution: m[2], codecs: m[3], uri: m[4] }));
    expect(variants.map((v) => v.resolution)).toEqual(['426x240', '854x480', '1280x720']);
    expect(variants.every((v) => v.codecs?.startsWith('avc1.') && v.codecs.includes('mp4a.40.2'))).toBe(true);
    expect(variants[0]!.bandwidth).toBeLessThan(variants[2]!.bandwidth);
    const top = await t.app.inject({ url: `/media/check/${variants[2]!.uri}` });
    expect(top.body).toContain('#EXT-X-ENDLIST');
    const segment = await t.app.inject({ url: `/media/check/${segmentsOf(top.body)[0]}` });
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/iso.segment');
    expect((await t.app.inject({ url: '/media/check/..%2Fmanifest.json' })).statusCode).toBe(404);
  });
});

describe('stream tokens', () => {
  const forbidden = (body: unknown) => expect(body).toMatchObject({ field: 'token' });

  it('refuses a forged token with 403 naming token', async () => {
    const eventId = ids.alpha?.finished as number;
    const forged = signMediaToken({ channelId: t.channel('alpha').id, eventId, sessionId: 1, expiresAt: Math.floor(Date.now() / 1000) + 600 }, 'not-the-server-secret-0123456789ab');
    const response = await t.app.inject({ url: `/media/s/${forged}/events/${eventId}/index.m3u8` });
    expect(response.statusCode).toBe(403);
    forbidden(response.json());
  });

  it('refuses an expired token', async () => {
    const eventId = ids.alpha?.finished as number;
    const expired = signMediaToken({ channelId: t.channel('alpha').id, eventId, sessionId: 1, expiresAt: Math.floor(Date.now() / 1000) - 1 }, SECRET);
    const response = await t.app.inject({ url: `/media/s/${expired}/events/${eventId}/index.m3u8` });
    expect(response.statusCode).toBe(403);
    forbidden(response.json());
  });

  it('refuses a token of one event used for another event', async () => {
    const url = urlFor('alpha', 'finished').replace(`/events/${ids.alpha?.finished}/`, `/events/${ids.alpha?.live}/`);
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(403);
    forbidden(response.json());
  });

  it('finds no event of another channel under a channel\'s token', async () => {
    const eventId = ids.bravo?.finished as number;
    const token = signMediaToken({ channelId: t.channel('alpha').id, eventId, sessionId: 1, expiresAt: Math.floor(Date.now() / 1000) + 600 }, SECRET);
    const response = await t.app.inject({ url: `/media/s/${token}/events/${eventId}/index.m3u8` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ field: 'eventId' });
  });

  it('signs addresses that expire in two minutes by default (MEDIA_TOKEN_LIFETIME), bound to a session', () => {
    const url = urlFor('alpha', 'finished');
    const token = url.split('/')[3] as string;
    const { data, exp: expiresAt } = JSON.parse(Buffer.from(token.split('.')[0] as string, 'base64url').toString()) as { data: { sid: number }; exp: number };
    expect(expiresAt - Date.now() / 1000).toBeGreaterThan(110);
    expect(expiresAt - Date.now() / 1000).toBeLessThanOrEqual(120);
    expect(data.sid).toBe(1);
  });
});

describe('path traversal', () => {
  it('never leaves the media folders', async () => {
    const base = urlFor('alpha', 'finished', '');
    const attempts = [
      '/media/prerolls/..%2Fmanifest.json',
      '/media/prerolls/%2e%2e%2fmanifest.json',
      '/media/prerolls/../manifest.json',
      '/media/prerolls/..%2F..%2F..%2Fetc%2Fpasswd',
      '/media/prerolls/%2e%2e/vod/alpha/rec-1/index.m3u8',
      '/media/prerolls/promo.m3u8%00.txt',
      '/media/prerolls/.hidden.m3u8',
      `${base}..%2F..%2F..%2Fmanifest.json`,
      `${base}../rec-2/index.m3u8`,
      `${base}..%2Frec-2%2Findex.m3u8`,
      `${base}%2e%2e%2f%2e%2e%2fprerolls%2fpromo.m3u8`,
      `${base}title.txt`,
    ];
    for (const url of attempts) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body, url).not.toContain('"items"');
      expect(response.body, url).not.toContain('#EXTM3U');
    }
  });
});

describe('a live event', () => {
  it('answers 503 with a retry while no camera publishes to it (no ingest here)', async () => {
    const own = await buildTestApp({ media: { dir, secret: SECRET } });
    try {
      const url = own.app.media.streamUrl({ channelId: own.channel('alpha').id, eventId: ids.alpha?.live as number, live: true, sessionId: 1 });
      const response = await own.app.inject({ url });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ field: 'eventId', message: 'The camera has not started yet.' });
      expect(response.headers['retry-after']).toBe('2');
    } finally {
      await own.close();
    }
  });
});

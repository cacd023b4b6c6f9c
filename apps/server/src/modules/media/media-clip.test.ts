import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadChannelFolders } from '../../core/channels/loadChannels.ts';
import {
  ClipError,
  clipDir,
  clipDirPicture,
  clipPosterNames,
  type ClipSourceEvent,
  clipWindow,
  cutClip,
  parsePlaylist,
  readClipSource,
  removeStaleClipWork,
} from '../../core/media/clip.ts';
import { attachmentDisposition, downloadFileName, signedClipDownloadUrl } from '../../core/media/download.ts';
import { layout, recordingForEvent } from '../../core/media/library.ts';
import { startCamera, type Camera } from '../../core/ingest/camera.ts';
import { EventPackager } from '../../core/media/packager/index.ts';
import { prepareMedia } from '../../core/media/prepare.ts';
import { TEST_MEDIA_CACHE } from '../../../test/support/mediaCache.ts';
import { freePort } from '../../../test/support/ports.ts';
import { buildTestApp, FIXTURE_CHANNELS_DIR, type TestApp } from '../../../test/helper.ts';

// Real ffmpeg at a tiny size (as src/modules/media/media.test.ts): recordings of 20 s in 2 s segments.
const SECONDS = 20;
const TINY = { width: 160, height: 90, fps: 10, videoKbps: 100 };

const SECRET = 'media-clip-test-secret-0123456789abcdef';

const run = promisify(execFile);
let dir: string;

/** What ffprobe reads as the file's duration, in seconds. */
async function probeDuration(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number(stdout.trim());
}

function segmentsOf(playlist: string): string[] {
  return playlist.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
}

const onDemand = (eventId: number): ClipSourceEvent => ({ channelSlug: 'alpha', eventId, live: false, eventUtcTs: 1_700_000_000 });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'grandstand-clip-'));
  const alpha = (await loadChannelFolders(FIXTURE_CHANNELS_DIR)).filter((c) => c.config.slug === 'alpha');
  await prepareMedia({ dir, channels: alpha, quality: TINY, seconds: SECONDS, cacheDir: TEST_MEDIA_CACHE });
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the clip window', () => {
  it('is the whole recording on demand, and null without a recording or a signal', async () => {
    expect(await clipWindow(dir, onDemand(1))).toEqual({ start: 0, end: SECONDS });
    expect(await clipWindow(dir, { ...onDemand(1), channelSlug: 'bravo' })).toBeNull();
    expect(await clipWindow(dir, { ...onDemand(1), live: true })).toBeNull();
  });

  it('places live segments by their program date-time, after the event\'s start', () => {
    const playlist = [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-MAP:URI="init-a.mp4"',
      '#EXT-X-PROGRAM-DATE-TIME:2026-11-24T08:00:10.500+0000',
      '#EXTINF:2.000000,',
      'seg-a-00001.m4s',
      '#EXT-X-PROGRAM-DATE-TIME:2026-11-24T08:00:12.500+0000',
      '#EXTINF:2.000000,',
      'seg-a-00002.m4s',
      '',
    ].join('\n');
    const eventUtcTs = Date.parse('2026-11-24T08:00:00Z') / 1000;
    const segments = parsePlaylist(playlist, true, eventUtcTs);
    expect(segments.map((s) => [s.uri, s.start, s.duration, s.map])).toEqual([
      ['seg-a-00001.m4s', 10.5, 2, 'init-a.mp4'],
      ['seg-a-00002.m4s', 12.5, 2, 'init-a.mp4'],
    ]);
  });
});

/** The durations of a playlist's segments. */
function durationsOf(playlist: string): number[] {
  return [...playlist.matchAll(/#EXTINF:([0-9.]+)/g)].map((m) => Number(m[1]));
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('an on-demand clip', () => {
  const uuid = randomUUID();
  const recording = () => join(dir, layout.recordingDir('alpha', recordingForEvent(1).id));
  let out: string;
  let duration: number;

  beforeAll(async () => {
    out = clipDir(dir, 'alpha', uuid);
    // From 3.2 s to 12.7 s: the segments 4-6 … 10-12 whole, 3.2-4 and 12-12.7 cut.
    ({ duration } = await cutClip({ mediaDir: dir, event: onDemand(1), start: 3.2, duration: 9.5, outDir: out }));
  });

  it('lasts the asked duration, as ffprobe reads its MP4 and as its playlist adds up', async () => {
    expect(duration).toBe(9.5);
    const probed = await probeDuration(join(out, 'clip.mp4'));
    expect(Math.abs(probed - 9.5)).toBeLessThan(0.5);
    expect(Math.abs(sum(durationsOf(await readFile(join(out, 'index.m3u8'), 'utf8'))) - 9.5)).toBeLessThan(0.3);
  });

  it('copies the whole segments inside the span byte for byte and re-encodes only the two edges', async () => {
    const source = await readFile(join(recording(), 'index.m3u8'), 'utf8');
    const playlist = await readFile(join(out, 'index.m3u8'), 'utf8');
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist).toContain('#EXT-X-ENDLIST');
    expect(segmentsOf(playlist)).toEqual(['edge-000.m4s', 'seg-001.m4s', 'seg-002.m4s', 'seg-003.m4s', 'seg-004.m4s', 'edge-005.m4s']);
    // Each edge is another encoding: its own init, a discontinuity before and after.
    expect(playlist.match(/#EXT-X-DISCONTINUITY/g)).toHaveLength(2);
    expect([...playlist.matchAll(/#EXT-X-MAP:URI="([^"]+)"/g)].map((m) => m[1])).toEqual(['edge-000-init.mp4', 'init.mp4', 'edge-005-init.mp4']);
    const [head, , , , , tail] = durationsOf(playlist);
    expect(Math.abs((head as number) - 0.8)).toBeLessThan(0.15);
    expect(Math.abs((tail as number) - 0.7)).toBeLessThan(0.15);
    // The segments 4-6 … 10-12 s are the source's third to sixth, unchanged.
    const sourceSegments = segmentsOf(source).slice(2, 6);
    for (const [i, name] of ['seg-001.m4s', 'seg-002.m4s', 'seg-003.m4s', 'seg-004.m4s'].entries()) {
      expect((await readFile(join(out, name))).equals(await readFile(join(recording(), sourceSegments[i] as string)))).toBe(true);
    }
    const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(source)?.[1] as string;
    expect((await readFile(join(out, 'init.mp4'))).equals(await readFile(join(recording(), init)))).toBe(true);
    // The source segments the edges were cut from are not left in the clip.
    expect(existsSync(join(out, 'seg-000.m4s'))).toBe(false);
    expect(existsSync(join(out, 'seg-005.m4s'))).toBe(false);
  });

  it('decodes cleanly: the MP4, and each encoding of the playlist with its own init', async () => {
    const decode = async (input: string) => (await run('ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', '-i', input, '-f', 'null', '-'])).stderr;
    expect(await decode(join(out, 'clip.mp4'))).toBe('');
    const playlist = await readFile(join(out, 'index.m3u8'), 'utf8');
    // The pieces between discontinuities, each read as its init followed by its segments.
    const runs = playlist.split('#EXT-X-DISCONTINUITY').map((part) => [/#EXT-X-MAP:URI="([^"]+)"/.exec(part)?.[1] as string, ...segmentsOf(part)]);
    expect(runs).toHaveLength(3);
    for (const files of runs) expect(await decode(`concat:${files.map((file) => join(out, file)).join('|')}`)).toBe('');
  });

  it('copies only, without any encode, a span on segment boundaries', async () => {
    const aligned = clipDir(dir, 'alpha', randomUUID());
    expect((await cutClip({ mediaDir: dir, event: onDemand(1), start: 4, duration: 6, outDir: aligned })).duration).toBe(6);
    const playlist = await readFile(join(aligned, 'index.m3u8'), 'utf8');
    expect(segmentsOf(playlist)).toEqual(['seg-000.m4s', 'seg-001.m4s', 'seg-002.m4s']);
    expect(playlist).not.toContain('#EXT-X-DISCONTINUITY');
    expect(Math.abs((await probeDuration(join(aligned, 'clip.mp4'))) - 6)).toBeLessThan(0.5);
    await rm(aligned, { recursive: true });
  });

  it('cuts a one-second clip from inside one segment', async () => {
    const short = clipDir(dir, 'alpha', randomUUID());
    expect((await cutClip({ mediaDir: dir, event: onDemand(1), start: 4.5, duration: 1, outDir: short })).duration).toBe(1);
    const playlist = await readFile(join(short, 'index.m3u8'), 'utf8');
    expect(segmentsOf(playlist)).toEqual(['edge-000.m4s']);
    expect(Math.abs((await probeDuration(join(short, 'clip.mp4'))) - 1)).toBeLessThanOrEqual(1);
    await rm(short, { recursive: true });
  });

  it('writes the MP4 with its index first (faststart) and a poster in every width', async () => {
    const mp4 = await readFile(join(out, 'clip.mp4'));
    expect(mp4.indexOf('moov')).toBeGreaterThan(0);
    expect(mp4.indexOf('moov')).toBeLessThan(mp4.indexOf('mdat'));
    for (const name of clipPosterNames()) {
      const bytes = await readFile(join(out, name));
      if (name.endsWith('.jpg')) expect(bytes.subarray(0, 2).toString('hex')).toBe('ffd8');
      else expect(bytes.subarray(8, 12).toString()).toBe('WEBP');
    }
    const picture = clipDirPicture(out);
    expect(picture.src).toBe(`/media/clips/alpha/${uuid}/poster-640.jpg`);
    expect(picture.sources[0]?.srcset).toContain(`/media/clips/alpha/${uuid}/poster-854.webp 854w`);
    // Only the finished folder is left: the work folder was renamed into place.
    expect(await readdir(join(dir, 'clips', 'alpha'))).toEqual([uuid]);
  });

  it('survives the same clip cut twice at once: one complete folder, no work left', async () => {
    const parent = join(dir, 'clips', 'twice');
    const twice = join(parent, randomUUID());
    const cuts = await Promise.all([1, 2, 3].map(() => cutClip({ mediaDir: dir, event: onDemand(1), start: 2.5, duration: 5, outDir: twice })));
    expect(cuts.map((cut) => cut.duration)).toEqual([5, 5, 5]);
    expect(await readdir(parent)).toEqual([twice.slice(parent.length + 1)]);
    const playlist = await readFile(join(twice, 'index.m3u8'), 'utf8');
    for (const file of [...segmentsOf(playlist), 'clip.mp4', ...clipPosterNames()]) expect(existsSync(join(twice, file))).toBe(true);
    await rm(parent, { recursive: true });
  });

  it('refuses a span outside the recording with a reason a viewer can act on, and writes nothing', async () => {
    const elsewhere = clipDir(dir, 'alpha', randomUUID());
    await expect(cutClip({ mediaDir: dir, event: onDemand(1), start: SECONDS - 5, duration: 10, outDir: elsewhere })).rejects.toThrow(ClipError);
    await expect(cutClip({ mediaDir: dir, event: onDemand(1), start: SECONDS - 5, duration: 10, outDir: elsewhere })).rejects.toThrow('The clip ends after the recording.');
    await expect(cutClip({ mediaDir: dir, event: { ...onDemand(1), channelSlug: 'bravo' }, start: 0, duration: 4, outDir: elsewhere })).rejects.toThrow('This event has no recording to clip.');
    expect(existsSync(elsewhere)).toBe(false);
  });
});

/** The ffmpeg processes whose working folder is under `folder`, read from /proc. */
function ffmpegsUnder(folder: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('ffmpeg') && readlinkSync(`/proc/${entry}/cwd`).startsWith(folder)) pids.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return pids;
}

describe('an aborted clip', () => {
  it('kills its ffmpeg and leaves no folder, finished or half-written', async () => {
    // The real ffmpeg, reading its input at its real pace (-re), so the abort finds it running.
    const slow = join(dir, 'slow-ffmpeg');
    await writeFile(slow, '#!/bin/sh\nexec ffmpeg -re "$@"\n');
    await chmod(slow, 0o755);
    const parent = join(dir, 'clips', 'abort');
    const out = join(parent, randomUUID());
    const controller = new AbortController();
    const cut = cutClip({ mediaDir: dir, event: onDemand(2), start: 0, duration: 16, outDir: out, ffmpegPath: slow, signal: controller.signal });
    const settled = cut.catch((error: unknown) => error);
    await expect.poll(() => ffmpegsUnder(parent).length, { timeout: 5000, interval: 20 }).toBeGreaterThan(0);
    const pids = ffmpegsUnder(parent);
    controller.abort(new Error('stopped by the test'));
    const error = await settled;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('stopped by the test');
    for (const pid of pids) expect(existsSync(`/proc/${pid}`)).toBe(false);
    expect(await readdir(parent)).toEqual([]);
  });
});

describe('work a dead process left', () => {
  it('is removed once older than the processing limit, and a cut under way is left alone', async () => {
    const parent = join(dir, 'clips', 'sweep');
    const stale = join(parent, `.work-${randomUUID()}-dead`);
    const running = join(parent, `.work-${randomUUID()}-busy`);
    const ready = join(parent, randomUUID());
    for (const folder of [stale, running, ready]) await mkdir(folder, { recursive: true });
    await writeFile(join(stale, 'seg-000.m4s'), 'half');
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(stale, hourAgo, hourAgo);
    await utimes(ready, hourAgo, hourAgo);
    expect(await removeStaleClipWork(dir)).toBe(1);
    expect((await readdir(parent)).sort()).toEqual([running, ready].map((p) => p.slice(parent.length + 1)).sort());
    await rm(parent, { recursive: true });
  });
});

describe('a live clip', () => {
  let camera: Camera;
  let packager: EventPackager;
  // The event began an hour ago: clip times are seconds after it on the wall clock.
  const eventUtcTs = Math.floor(Date.now() / 1000) - 3600;
  const event: ClipSourceEvent = { channelSlug: 'alpha', eventId: 41, live: true, eventUtcTs };

  beforeAll(async () => {
    // A camera serving its stream, packaged as the live module does (no ingest needed to read one).
    const url = `rtmp://127.0.0.1:${await freePort()}/live/clip`;
    camera = startCamera({ url, listen: true, name: 'Live clip', width: 160, height: 90, fps: 10, videoKbps: 80 });
    packager = new EventPackager({ mediaDir: dir, channelSlug: 'alpha', eventId: 41, pollMs: 200 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await packager.startRun(url);
    const deadline = Date.now() + 30_000;
    while (((await readClipSource(dir, event))?.segments.length ?? 0) < 4) {
      if (Date.now() > deadline) throw new Error('the live signal wrote no window of 4 segments in 30 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 40_000);

  afterAll(async () => {
    await packager?.close();
    await camera?.stop();
  });

  it('has a window from the oldest segment\'s program date-time to the newest one\'s end', async () => {
    const source = await readClipSource(dir, event);
    const window = await clipWindow(dir, event);
    const first = source?.segments[0];
    const last = source?.segments.at(-1);
    expect(window).not.toBeNull();
    // The window may move on between the two reads by one segment.
    expect(Math.abs((window?.start ?? 0) - ((first?.programDateTime ?? 0) / 1000 - eventUtcTs))).toBeLessThan(2.1);
    expect(Math.abs((window?.end ?? 0) - ((last?.programDateTime ?? 0) / 1000 + (last?.duration ?? 0) - eventUtcTs))).toBeLessThan(2.1);
    // The live edge is now, give or take a segment and the encoder's delay.
    expect(Math.abs((window?.end ?? 0) - (Date.now() / 1000 - eventUtcTs))).toBeLessThan(5);
  });

  it('cuts the last seconds: the live segments of that moment, with their wall clock', async () => {
    const source = await readClipSource(dir, event);
    const window = await clipWindow(dir, event);
    if (!source || !window) throw new Error('the live signal has no window');
    const start = window.end - 4;
    const out = clipDir(dir, 'alpha', randomUUID());
    const { duration } = await cutClip({ mediaDir: dir, event, start, duration: 4, outDir: out });
    expect(Math.abs(duration - 4)).toBeLessThanOrEqual(1);
    expect(Math.abs((await probeDuration(join(out, 'clip.mp4'))) - 4)).toBeLessThanOrEqual(1);

    const playlist = await readFile(join(out, 'index.m3u8'), 'utf8');
    const times = [...playlist.matchAll(/#EXT-X-PROGRAM-DATE-TIME:(.+)/g)].map((m) => Date.parse(m[1] as string));
    expect(times).toHaveLength(segmentsOf(playlist).length);
    // The clip starts at the asked wall-clock time, within a segment's half.
    expect(Math.abs((times[0] as number) / 1000 - eventUtcTs - start)).toBeLessThanOrEqual(1);
    // Each clip segment is the live segment of the same program date-time, byte for byte: the
    // frames, and the clock drawn in them, are those of that moment.
    for (const [i, name] of segmentsOf(playlist).entries()) {
      const original = source.segments.find((segment) => segment.programDateTime === times[i]);
      expect(original).toBeDefined();
      expect((await readFile(join(out, name))).equals(await readFile(join(source.dir, original?.uri as string)))).toBe(true);
    }
  });

  it('cuts from any wall-clock time: the edge re-encoded from that instant, the rest copied', async () => {
    const source = await readClipSource(dir, event);
    const window = await clipWindow(dir, event);
    if (!source || !window) throw new Error('the live signal has no window');
    // From the middle of a segment: a camera's segments are about a second each, not exactly, so a
    // start a fixed time before the edge may fall within SNAP_S of a boundary and be snapped to it.
    // The end on the live edge, a segment boundary: no edge to encode there.
    const from = source.segments.at(-4);
    if (!from) throw new Error('the live window is shorter than four segments');
    const start = from.start + from.duration / 2;
    const asked = Math.round((window.end - start) * 1000) / 1000;
    const out = clipDir(dir, 'alpha', randomUUID());
    const { duration } = await cutClip({ mediaDir: dir, event, start, duration: asked, outDir: out });
    expect(Math.abs(duration - asked)).toBeLessThan(0.01);
    expect(Math.abs((await probeDuration(join(out, 'clip.mp4'))) - asked)).toBeLessThan(0.5);
    const playlist = await readFile(join(out, 'index.m3u8'), 'utf8');
    // The edge from that instant to the next keyframe, then the camera's whole segments (1 s each).
    const names = segmentsOf(playlist);
    expect(names[0]).toBe('edge-000.m4s');
    expect(names.length).toBeGreaterThan(2);
    expect(names.slice(1)).toEqual(names.slice(1).map((_, i) => `seg-${String(i + 1).padStart(3, '0')}.m4s`));
    const times = [...playlist.matchAll(/#EXT-X-PROGRAM-DATE-TIME:(.+)/g)].map((m) => Date.parse(m[1] as string));
    // The clip's first frame is the asked instant's, to the millisecond of the playlist.
    expect(Math.abs((times[0] as number) / 1000 - eventUtcTs - start)).toBeLessThan(0.01);
    for (const [i, name] of segmentsOf(playlist).entries()) {
      if (!name.startsWith('seg-')) continue;
      const original = source.segments.find((segment) => segment.programDateTime === times[i]);
      expect((await readFile(join(out, name))).equals(await readFile(join(source.dir, original?.uri as string)))).toBe(true);
    }
  });

  it('refuses a moment that has left the window or is still to come', async () => {
    const window = await clipWindow(dir, event);
    if (!window) throw new Error('the live signal has no window');
    const out = clipDir(dir, 'alpha', randomUUID());
    await expect(cutClip({ mediaDir: dir, event, start: window.start - 30, duration: 4, outDir: out })).rejects.toThrow('This moment is no longer in the live window. Choose a later start.');
    await expect(cutClip({ mediaDir: dir, event, start: window.end, duration: 10, outDir: out })).rejects.toThrow('The clip ends after the live edge. Choose an earlier start.');
    expect(existsSync(out)).toBe(false);
  });
});

describe('download names', () => {
  it('keeps the name readable, accents included, and says it twice in Content-Disposition', () => {
    expect(downloadFileName('Finale régionale : le but ')).toBe('Finale régionale le but.mp4');
    expect(downloadFileName('../../etc/passwd')).toBe('etc passwd.mp4');
    expect(downloadFileName('   ')).toBe('clip.mp4');
    expect(attachmentDisposition('Senior Night.mp4')).toBe('attachment; filename="Senior Night.mp4"');
    expect(attachmentDisposition('Soirée des finissants.mp4')).toBe(`attachment; filename="Soiree des finissants.mp4"; filename*=UTF-8''Soir%C3%A9e%20des%20finissants.mp4`);
  });
});

describe('serving clips and downloads', () => {
  let t: TestApp;
  const uuid = randomUUID();
  let mp4: Buffer;

  beforeAll(async () => {
    t = await buildTestApp({ media: { dir, secret: SECRET } });
    await cutClip({ mediaDir: dir, event: onDemand(3), start: 2.5, duration: 6, outDir: clipDir(dir, 'alpha', uuid) });
    mp4 = await readFile(join(clipDir(dir, 'alpha', uuid), 'clip.mp4'));
  });

  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, host = 'alpha.localhost', headers: Record<string, string> = {}) => t.app.inject({ url, headers: { host, ...headers } });

  it('serves a clip\'s HLS and poster publicly on its channel\'s host', async () => {
    const playlist = await get(`/media/clips/alpha/${uuid}/index.m3u8`);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const maps = [...playlist.body.matchAll(/#EXT-X-MAP:URI="([^"]+)"/g)].map((m) => m[1] as string);
    expect(maps).toContain('edge-000-init.mp4');
    for (const name of [...maps, ...segmentsOf(playlist.body)]) {
      const file = await get(`/media/clips/alpha/${uuid}/${name}`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const poster = await get(`/media/clips/alpha/${uuid}/poster-320.webp`);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/webp');
  });

  it('never serves one channel\'s clip on another\'s host, the MP4 publicly, or anything outside the clip', async () => {
    expect((await get(`/media/clips/alpha/${uuid}/index.m3u8`, 'bravo.localhost')).statusCode).toBe(404);
    expect((await get(`/media/clips/bravo/${uuid}/index.m3u8`, 'bravo.localhost')).statusCode).toBe(404);
    expect((await get(`/media/clips/alpha/${uuid}/clip.mp4`)).statusCode).toBe(404);
    expect((await get(`/media/clips/alpha/${uuid}/..%2f..%2f..%2fmanifest.json`)).statusCode).toBe(404);
    expect((await get(`/media/clips/alpha/${randomUUID()}/index.m3u8`)).statusCode).toBe(404);
  });

  it('downloads the MP4 through its signed address, as an attachment with the clip\'s name', async () => {
    const link = t.app.media.clipDownload({ channelId: t.channel('alpha').id, uuid, name: 'Le but de la finale, reprise lente' });
    expect(link.file_name).toBe('Le but de la finale, reprise lente.mp4');
    expect(Date.parse(link.expires_at) - Date.now()).toBeGreaterThan(30 * 60_000);
    const response = await get(link.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Le but de la finale, reprise lente.mp4"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.rawPayload.equals(mp4)).toBe(true);

    const accented = t.app.media.clipDownload({ channelId: t.channel('alpha').id, uuid, name: 'Été à Québec' });
    const french = await get(accented.url);
    expect(french.statusCode).toBe(200);
    expect(french.headers['content-disposition']).toBe(`attachment; filename="Ete a Quebec.mp4"; filename*=UTF-8''%C3%89t%C3%A9%20%C3%A0%20Qu%C3%A9bec.mp4`);
  });

  it('answers byte ranges (206, 416), so a download resumes and a player seeks', async () => {
    const { url } = t.app.media.clipDownload({ channelId: t.channel('alpha').id, uuid, name: 'Range' });
    const part = await get(url, 'alpha.localhost', { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${mp4.length}`);
    expect(part.rawPayload.equals(mp4.subarray(100, 200))).toBe(true);
    const tail = await get(url, 'alpha.localhost', { range: 'bytes=-50' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(mp4.subarray(mp4.length - 50))).toBe(true);
    const beyond = await get(url, 'alpha.localhost', { range: `bytes=${mp4.length + 10}-` });
    expect(beyond.statusCode).toBe(416);
  });

  it('refuses a forged, expired or renamed address, and an address on another channel\'s host', async () => {
    const alpha = t.channel('alpha').id;
    const forged = signedClipDownloadUrl('not-the-server-secret-0123456789ab', { channelId: alpha, uuid, name: 'x' });
    expect((await get(forged.url)).statusCode).toBe(403);
    const expired = signedClipDownloadUrl(SECRET, { channelId: alpha, uuid, name: 'x' }, { now: Math.floor(Date.now() / 1000) - 7200 });
    expect((await get(expired.url)).statusCode).toBe(403);
    const good = t.app.media.clipDownload({ channelId: alpha, uuid, name: 'x' });
    expect((await get(good.url.replace(/x\.mp4$/, 'y.mp4'))).statusCode).toBe(404);
    // Alpha's address on bravo's host.
    expect((await get(good.url, 'bravo.localhost')).statusCode).toBe(404);
    // A genuine bravo address naming alpha's clip finds nothing in bravo.
    const bravo = t.app.media.clipDownload({ channelId: t.channel('bravo').id, uuid, name: 'x' });
    expect((await get(bravo.url, 'bravo.localhost')).statusCode).toBe(404);
    // A stream token is not a download token.
    const stream = t.app.media.streamUrl({ channelId: alpha, eventId: 1, live: false, sessionId: 1 }).split('/')[3] as string;
    expect((await get(`/media/download/${stream}/x.mp4`)).statusCode).toBe(403);
  });

  it('downloads a finished event\'s whole recording as one MP4, made once and kept', async () => {
    const rows = await t.database.db.selectFrom('events').select(['id', 'name', 'stream_status']).where('channel_id', '=', t.channel('alpha').id).execute();
    const finished = rows.find((row) => row.stream_status === 'finished');
    const upcoming = rows.find((row) => row.stream_status === 'upcoming');
    if (!finished || !upcoming) throw new Error('the fixture has no finished or upcoming event');
    const link = t.app.media.eventDownload({ channelId: t.channel('alpha').id, eventId: Number(finished.id), name: finished.name });
    const response = await get(link.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.headers['content-disposition']).toContain('attachment; filename=');
    const file = join(dir, 'downloaded.mp4');
    await writeFile(file, response.rawPayload);
    expect(Math.abs((await probeDuration(file)) - SECONDS)).toBeLessThanOrEqual(1);

    const kept = join(dir, layout.downloadsDir('alpha'));
    const [made] = await readdir(kept);
    const before = (await stat(join(kept, made as string))).mtimeMs;
    expect((await get(link.url)).statusCode).toBe(200);
    expect(await readdir(kept)).toEqual([made]);
    expect((await stat(join(kept, made as string))).mtimeMs).toBe(before);

    const notYet = t.app.media.eventDownload({ channelId: t.channel('alpha').id, eventId: Number(upcoming.id), name: upcoming.name });
    expect((await get(notYet.url)).statusCode).toBe(404);
  });
});

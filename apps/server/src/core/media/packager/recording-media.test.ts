import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedChannel } from '../../channels/loadChannels.ts';
import { ClipError, clipDir, type ClipSourceEvent, clipWindow, cutClip, readClipSource } from '../clip.ts';
import { ensureEventDownload } from '../download.ts';
import { runFfmpeg } from '../ffmpeg.ts';
import { Pictures } from '../pictures.ts';
import { EventPackager, liveDirOf, type RecordingInfo, trimRecording } from './index.ts';

// What a camera's recording becomes once the event is finished: the clips, the download and the
// poster read it (not the demo library's). The runs are made as the packager's ffmpeg writes them
// (fMP4 HLS, 1 s segments, program date-times), without real-time cameras: a 4 s first connection
// in High profile with 44.1 kHz sound, then a 3 s second one.

const run = promisify(execFile);
let mediaDir: string;
let dir: string;
let info: RecordingInfo;
const finished: ClipSourceEvent = { channelSlug: 'alpha', eventId: 7, live: false, eventUtcTs: 1_700_000_000 };

async function probe(file: string, entries: string): Promise<string> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', entries, '-of', 'csv=p=0', file]);
  return stdout.trim();
}

async function writeRun(number: number, seconds: number): Promise<void> {
  await runFfmpeg(
    [
      ...['-f', 'lavfi', '-i', `testsrc2=s=160x90:r=10:d=${seconds}`, '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:d=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-profile:v', 'high', '-x264-params', 'cabac=1:8x8dct=1', '-g', '10', '-keyint_min', '10', '-sc_threshold', '0', '-threads', '1', '-c:a', 'aac', '-ar', '44100'],
      ...['-f', 'hls', '-hls_time', '1', '-hls_list_size', '0', '-hls_segment_type', 'fmp4', '-hls_flags', 'program_date_time+independent_segments'],
      ...['-hls_fmp4_init_filename', `r${number}-init.mp4`, '-hls_segment_filename', `r${number}-%d.m4s`, `r${number}.m3u8`],
    ],
    { cwd: dir },
  );
  await writeFile(join(dir, `r${number}.json`), JSON.stringify({ run: number, startedAt: new Date().toISOString(), variants: [{ width: 0, height: 0, bandwidth: 0, playlist: `r${number}.m3u8` }] }));
}

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'grandstand-recording-'));
  dir = liveDirOf(mediaDir, 'alpha', 7);
  await mkdir(dir, { recursive: true });
  await writeRun(1, 4);
  await writeRun(2, 3);
  info = await new EventPackager({ mediaDir, channelSlug: 'alpha', eventId: 7 }).finish();
}, 60_000);

afterAll(async () => {
  await rm(mediaDir, { recursive: true, force: true });
});

describe("a finished event's camera recording", () => {
  it('is the whole game: both connections', () => {
    expect(info.durationS).toBeCloseTo(7, 1);
  });

  it('is what clips are cut from: 0 to its duration, variable segments, edges encoded to its profile and sound', { timeout: 60_000 }, async () => {
    const source = await readClipSource(mediaDir, finished);
    expect(source?.dir).toBe(dir);
    expect(source?.segments).toHaveLength(7);
    expect(await clipWindow(mediaDir, finished)).toEqual({ start: 0, end: info.durationS });

    const out = clipDir(mediaDir, 'alpha', randomUUID());
    const { duration } = await cutClip({ mediaDir, event: finished, start: 0.5, duration: 2.2, outDir: out });
    expect(duration).toBeCloseTo(2.2, 2);
    const playlist = await readFile(join(out, 'index.m3u8'), 'utf8');
    expect(playlist).toContain('edge-000.m4s');
    // The edges' H.264 profile and sound are the camera's (High, 44.1 kHz), not a fixed one.
    const edge = `concat:${join(out, 'edge-000-init.mp4')}|${join(out, 'edge-000.m4s')}`;
    expect(await probe(edge, 'stream=profile')).toContain('High');
    expect(await probe(edge, 'stream=sample_rate')).toContain('44100');
    expect(Number(await probe(join(out, 'clip.mp4'), 'format=duration'))).toBeCloseTo(2.2, 0);

    // A span across the reconnection is two streams: refused, and nothing written.
    const across = clipDir(mediaDir, 'alpha', randomUUID());
    await expect(cutClip({ mediaDir, event: finished, start: 3, duration: 2, outDir: across })).rejects.toThrow(ClipError);
    await expect(cutClip({ mediaDir, event: finished, start: 3, duration: 2, outDir: across })).rejects.toThrow('The camera reconnected during this moment. Choose a span before or after it.');
    expect(existsSync(across)).toBe(false);
  });

  it('downloads as one MP4 of both connections, made again once trimmed', async () => {
    const file = await ensureEventDownload(mediaDir, 'alpha', 7);
    expect(file).not.toBeNull();
    expect(Number(await probe(file as string, 'format=duration'))).toBeCloseTo(7, 0);
    expect(await probe(file as string, 'stream=codec_type')).toBe('video\naudio');

    await trimRecording(mediaDir, 'alpha', 7, { startS: 1, endS: 3 });
    const trimmed = await ensureEventDownload(mediaDir, 'alpha', 7);
    expect(trimmed).not.toBe(file);
    expect(Number(await probe(trimmed as string, 'format=duration'))).toBeCloseTo(2, 0);
    // The untrimmed file is gone; no work file is left.
    expect(await readdir(join(mediaDir, 'downloads', 'alpha'))).toEqual([(trimmed as string).split('/').at(-1)]);
    // The clips read the trimmed recording too: its start is the trim's.
    expect(await clipWindow(mediaDir, finished)).toEqual({ start: 0, end: 2 });
    await trimRecording(mediaDir, 'alpha', 7, { startS: 0, endS: info.durationS });
  }, 60_000);

  it("is the event's poster, in every width, its address changing with a trim", { timeout: 60_000 }, async () => {
    const channel = { id: 1, config: { slug: 'alpha' } } as unknown as LoadedChannel;
    const pictures = new Pictures({ dir: mediaDir, channelById: () => channel });
    const poster = pictures.poster(channel, 7);
    expect(poster).toEqual({ hash: expect.stringMatching(/^[0-9a-f]{12}$/), avif: false });
    for (const width of [320, 640, 854]) {
      for (const ext of ['jpg', 'webp']) {
        const file = pictures.posterFile(channel, 7, poster?.hash as string, width, ext);
        expect(file).toBe(join(dir, `poster-${width}.${ext}`));
        expect(existsSync(file)).toBe(true);
      }
    }
    expect(await probe(join(dir, 'poster-854.jpg'), 'stream=width,height')).toBe('854,480');
    await trimRecording(mediaDir, 'alpha', 7, { startS: 0, endS: 2 });
    // The recording's facts are read again once changed (a stat per call, the file by its mtime).
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pictures.poster(channel, 7)?.hash).not.toBe(poster?.hash);
    // An event without a camera recording keeps the demo library's (none prepared here).
    expect(pictures.poster(channel, 8)).toBeNull();
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeHealth, SegmentSizes } from './health.ts';
import { composeLiveWindow, composeRecording, parseMediaPlaylist, type RunSegment, trimSegments } from './playlist.ts';

// The window and health arithmetic on segments made up here (the packager tests run it on real ones).

const T0 = Date.parse('2026-12-06T18:00:00.000Z');

/** `count` segments of run `run`, `duration` s each, dated from `from` ms. */
function run(number: number, count: number, duration = 1, from = T0): RunSegment[] {
  return Array.from({ length: count }, (_, i) => ({ run: number, uri: `r${number}-${i}.m4s`, map: `r${number}-init.mp4`, duration, programDateTime: from + Math.round(i * duration * 1000) }));
}

const uris = (text: string) => text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
const tag = (text: string, name: string) => Number(new RegExp(`#${name}:(\\d+)`).exec(text)?.[1]);

describe('the live window', () => {
  it('slides over the runs: media and discontinuity sequences count what left it', () => {
    const all = [...run(1, 5), ...run(2, 4, 1, T0 + 60_000), ...run(3, 3, 4, T0 + 120_000)];
    // Everything fits: one discontinuity per reconnection, the target the longest segment.
    const whole = composeLiveWindow(all, { windowSegments: 600 });
    expect(tag(whole, 'EXT-X-MEDIA-SEQUENCE')).toBe(0);
    expect(tag(whole, 'EXT-X-DISCONTINUITY-SEQUENCE')).toBe(0);
    expect(tag(whole, 'EXT-X-TARGETDURATION')).toBe(4);
    expect(whole.match(/#EXT-X-DISCONTINUITY\n/g)).toHaveLength(2);
    expect(whole.match(/#EXT-X-PROGRAM-DATE-TIME:/g)).toHaveLength(12);
    expect(whole).not.toContain('#EXT-X-ENDLIST');

    // A window of 6: the first run and two segments of the second have left it.
    const six = composeLiveWindow(all, { windowSegments: 6 });
    expect(uris(six)).toEqual(['r2-1.m4s', 'r2-2.m4s', 'r2-3.m4s', 'r3-0.m4s', 'r3-1.m4s', 'r3-2.m4s']);
    expect(tag(six, 'EXT-X-MEDIA-SEQUENCE')).toBe(6);
    expect(tag(six, 'EXT-X-DISCONTINUITY-SEQUENCE')).toBe(1);
    expect(six.indexOf('#EXT-X-MAP:URI="r2-init.mp4"')).toBeLessThan(six.indexOf('r2-1.m4s'));
    expect(six.match(/#EXT-X-DISCONTINUITY\n/g)).toHaveLength(1);

    // The window starting on a reconnection's first segment: that discontinuity has left (its tag
    // went with the segment before), the new init leads.
    const three = composeLiveWindow(all, { windowSegments: 3 });
    expect(uris(three)).toEqual(['r3-0.m4s', 'r3-1.m4s', 'r3-2.m4s']);
    expect(tag(three, 'EXT-X-MEDIA-SEQUENCE')).toBe(9);
    expect(tag(three, 'EXT-X-DISCONTINUITY-SEQUENCE')).toBe(2);
    expect(three).not.toContain('#EXT-X-DISCONTINUITY\n');
    expect(composeLiveWindow(all, { windowSegments: 3, ended: true })).toContain('#EXT-X-ENDLIST');
  });

  it('reads back what it writes, dates and all', () => {
    const all = [...run(1, 3), ...run(2, 2, 2, T0 + 30_000)];
    const parsed = parseMediaPlaylist(composeRecording(all), 0);
    expect(parsed.map(({ uri, map, duration, programDateTime }) => ({ uri, map, duration, programDateTime }))).toEqual(all.map(({ uri, map, duration, programDateTime }) => ({ uri, map, duration, programDateTime })));
    // ffmpeg's own form: the date after EXTINF, `+0000`, one date missing.
    const ffmpeg = ['#EXTM3U', '#EXT-X-MAP:URI="r1-init.mp4"', '#EXTINF:1.000000,', '#EXT-X-PROGRAM-DATE-TIME:2026-12-06T18:00:00.000+0000', 'r1-0.m4s', '#EXTINF:1.500000,', 'r1-1.m4s', '#EXTINF:,', 'r1-2.m4s'].join('\n');
    expect(parseMediaPlaylist(ffmpeg, 1)).toEqual([
      { run: 1, uri: 'r1-0.m4s', map: 'r1-init.mp4', duration: 1, programDateTime: T0 },
      { run: 1, uri: 'r1-1.m4s', map: 'r1-init.mp4', duration: 1.5, programDateTime: T0 + 1000 },
    ]);
  });

  it('trims to the segments overlapping the range', () => {
    const all = [...run(1, 3, 2), ...run(2, 2, 4)];
    // Segments at 0-2, 2-4, 4-6 | 6-10, 10-14.
    expect(trimSegments(all, 3, 7)).toMatchObject({ startS: 2, endS: 10 });
    expect(trimSegments(all, 3, 7).kept.map((s) => s.uri)).toEqual(['r1-1.m4s', 'r1-2.m4s', 'r2-0.m4s']);
    // A range ending on a boundary keeps no sliver of the next segment.
    expect(trimSegments(all, 2, 6).kept.map((s) => s.uri)).toEqual(['r1-1.m4s', 'r1-2.m4s']);
    expect(trimSegments(all, 0, 14).kept).toHaveLength(5);
  });
});

describe('the health of a run', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'grandstand-health-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function segments(prefix: string, sizes: number[], duration: number): Promise<RunSegment[]> {
    const made = sizes.map((_, i) => ({ run: 1, uri: `${prefix}-${i}.m4s`, map: 'r1-init.mp4', duration, programDateTime: T0 + i * duration * 1000 }));
    await Promise.all(made.map((segment, i) => writeFile(join(dir, segment.uri), Buffer.alloc(sizes[i] as number))));
    return made;
  }

  const facts = { width: 1280, height: 720, fps: 30, audio: true, videoCodec: 'h264', profile: 'High' };

  it('reads the bitrate of the last 10 s and warns when it falls under half the run’s median', async () => {
    // 30 s at 1 Mbit/s (125,000 bytes a second), then 10 s at 200 kbit/s.
    const run = await segments('drop', [...Array<number>(30).fill(125_000), ...Array<number>(10).fill(25_000)], 1);
    const health = await computeHealth(run, facts, new SegmentSizes(dir), new Date(T0));
    expect(health).toMatchObject({ bitrateKbps: 200, keyframeIntervalS: 1, width: 1280, height: 720, fps: 30, audio: true, warnings: ['bitrate_drop'], updatedAt: new Date(T0).toISOString() });
    const steady = await computeHealth(run.slice(0, 30), facts, new SegmentSizes(dir));
    expect(steady).toMatchObject({ bitrateKbps: 1000, warnings: [] });
    // Too short a run to judge a drop.
    expect((await computeHealth(run.slice(25, 40), facts, new SegmentSizes(dir)))?.warnings).toEqual([]);
  });

  it('warns of key frames further apart than 2 s, and has nothing to say before a segment', async () => {
    const run = await segments('gop', Array<number>(5).fill(400_000), 4);
    const health = await computeHealth(run, null, new SegmentSizes(dir));
    expect(health).toMatchObject({ keyframeIntervalS: 4, bitrateKbps: 800, width: null, audio: null, warnings: ['keyframe_interval'] });
    expect(await computeHealth([], facts, new SegmentSizes(dir))).toBeNull();
  });
});

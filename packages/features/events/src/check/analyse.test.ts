import { describe, expect, it } from 'vitest';
import { analyse, parseMaster, throughputOf, verdictOf, type CheckMeasures } from './analyse.ts';

const MASTER = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-STREAM-INF:BANDWIDTH=1425600,RESOLUTION=854x480,CODECS="avc1.4d401e,mp4a.40.2"
check-v1.m3u8

#EXT-X-STREAM-INF:BANDWIDTH=545600,RESOLUTION=426x240,CODECS="avc1.4d4015,mp4a.40.2"
check-v0.m3u8

#EXT-X-STREAM-INF:BANDWIDTH=3185600,RESOLUTION=1280x720,CODECS="avc1.4d401f,mp4a.40.2"
check-v2.m3u8
`;

const renditions = parseMaster(MASTER);
const measures = (overrides: Partial<CheckMeasures>): CheckMeasures => ({
  renditions,
  supported: [true, true, true],
  throughput: 20_000_000,
  droppedFrames: 0,
  totalFrames: 300,
  firstFrameMs: 900,
  ...overrides,
});

describe('the playback check’s report', () => {
  it('reads the renditions of the master playlist, lowest first', () => {
    expect(renditions.map((r) => [r.height, r.bandwidth, r.codecs])).toEqual([
      [240, 545600, 'avc1.4d4015,mp4a.40.2'],
      [480, 1425600, 'avc1.4d401e,mp4a.40.2'],
      [720, 3185600, 'avc1.4d401f,mp4a.40.2'],
    ]);
  });

  it('measures throughput as all bits over all download time, ignoring empty downloads', () => {
    expect(throughputOf([{ bytes: 250_000, ms: 1000 }, { bytes: 750_000, ms: 1000 }, { bytes: 0, ms: 5 }])).toBe(4_000_000);
    expect(throughputOf([])).toBeNull();
  });

  it('a fast, smooth check says this device can watch in HD', () => {
    const findings = analyse(measures({}));
    expect(findings.map((f) => f.key)).toEqual(['codecs.ok', 'speed.hd', 'frames.ok', 'start.ok']);
    expect(verdictOf(findings)).toBe('good');
  });

  it('a connection between renditions carries the highest that fits with headroom', () => {
    const findings = analyse(measures({ throughput: 2_000_000 }));
    expect(findings[1]).toEqual({ tone: 'warn', key: 'speed.partial', values: { speed: 2, needed: 4, quality: '480p', lowest: 0.7 } });
    expect(verdictOf(findings)).toBe('warn');
  });

  it('below the lowest rendition, the connection is too slow', () => {
    expect(analyse(measures({ throughput: 500_000 }))[1]).toMatchObject({ tone: 'bad', key: 'speed.tooSlow' });
  });

  it('a browser that decodes none of the renditions cannot watch', () => {
    const findings = analyse(measures({ supported: [false, false, false] }));
    expect(findings[0]).toMatchObject({ tone: 'bad', key: 'codecs.none' });
    expect(verdictOf(findings)).toBe('bad');
  });

  it('dropped frames over 5 % and a first frame after 4 s are worth a tip', () => {
    const findings = analyse(measures({ droppedFrames: 30, totalFrames: 300, firstFrameMs: 6200 }));
    expect(findings[2]).toEqual({ tone: 'warn', key: 'frames.dropped', values: { dropped: 30, total: 300, percent: 10 } });
    expect(findings[3]).toEqual({ tone: 'warn', key: 'start.slow', values: { seconds: 6.2 } });
  });

  it('no first frame and no download: it says it could not play or measure', () => {
    const findings = analyse(measures({ throughput: null, firstFrameMs: null }));
    expect(findings.map((f) => f.key)).toEqual(['codecs.ok', 'speed.unknown', 'frames.ok', 'start.none']);
  });
});

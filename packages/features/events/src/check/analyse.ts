/** One rendition of the check's stream, as its master playlist lists it. */
export interface Rendition {
  bandwidth: number;
  width: number;
  height: number;
  codecs: string;
}

/** What the playback check measured on this browser and connection. */
export interface CheckMeasures {
  renditions: Rendition[];
  /** Per rendition, whether this browser can decode it (Media Source or native HLS). */
  supported: boolean[];
  /** Bits per second over the segments downloaded, or null when none was. */
  throughput: number | null;
  droppedFrames: number;
  totalFrames: number;
  /** Milliseconds from the start to the first frame shown, or null when none was. */
  firstFrameMs: number | null;
}

export type FindingTone = 'good' | 'warn' | 'bad';
export type FindingKey =
  | 'codecs.ok'
  | 'codecs.none'
  | 'speed.hd'
  | 'speed.partial'
  | 'speed.tooSlow'
  | 'speed.unknown'
  | 'frames.ok'
  | 'frames.dropped'
  | 'start.ok'
  | 'start.slow'
  | 'start.none';

/** One line of the report: what was found, in plain words (the key), and its figures. */
export interface Finding {
  tone: FindingTone;
  key: FindingKey;
  values: Record<string, string | number>;
}

/** Headroom over a rendition's bandwidth for it to play without stalls (bursts, audio, requests). */
export const THROUGHPUT_HEADROOM = 1.25;
/** Dropped frames above this share make the picture stutter visibly. */
export const DROPPED_FRAMES_LIMIT = 0.05;
/** A first frame later than this is a slow start. */
export const SLOW_START_MS = 4_000;

/** `#EXT-X-STREAM-INF` lines of an HLS master playlist, lowest bandwidth first. */
export function parseMaster(text: string): Rendition[] {
  const renditions: Rendition[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) continue;
    const bandwidth = Number(/BANDWIDTH=(\d+)/.exec(line)?.[1] ?? Number.NaN);
    const resolution = /RESOLUTION=(\d+)x(\d+)/.exec(line);
    const codecs = /CODECS="([^"]*)"/.exec(line)?.[1] ?? '';
    if (!Number.isFinite(bandwidth) || !resolution) continue;
    renditions.push({ bandwidth, width: Number(resolution[1]), height: Number(resolution[2]), codecs });
  }
  return renditions.sort((a, b) => a.bandwidth - b.bandwidth);
}

/** Bits per second over downloads (bytes and the milliseconds each took); null without any. */
export function throughputOf(downloads: readonly { bytes: number; ms: number }[]): number | null {
  const usable = downloads.filter((d) => d.bytes > 0 && d.ms > 0);
  if (usable.length === 0) return null;
  const bytes = usable.reduce((sum, d) => sum + d.bytes, 0);
  const ms = usable.reduce((sum, d) => sum + d.ms, 0);
  return (bytes * 8 * 1000) / ms;
}

const mbps = (bits: number) => Math.round(bits / 100_000) / 10;

/**
 * The report, line by line: whether the browser decodes the stream, which rendition the measured
 * throughput carries (the highest whose bandwidth fits with headroom), whether frames were dropped,
 * and how long the first frame took. Each line's key names its plain words and what to try next.
 */
export function analyse(m: CheckMeasures): Finding[] {
  const findings: Finding[] = [];
  const playable = m.renditions.filter((_, i) => m.supported[i]);
  findings.push(playable.length > 0 ? { tone: 'good', key: 'codecs.ok', values: {} } : { tone: 'bad', key: 'codecs.none', values: {} });

  const top = m.renditions.at(-1);
  if (m.throughput === null || !top) {
    findings.push({ tone: 'warn', key: 'speed.unknown', values: {} });
  } else {
    const carried = [...m.renditions].reverse().find((r) => r.bandwidth * THROUGHPUT_HEADROOM <= (m.throughput as number));
    const values = { speed: mbps(m.throughput), needed: mbps(top.bandwidth * THROUGHPUT_HEADROOM), quality: carried ? `${carried.height}p` : '', lowest: mbps(m.renditions[0]!.bandwidth * THROUGHPUT_HEADROOM) };
    if (carried === top) findings.push({ tone: 'good', key: 'speed.hd', values });
    else if (carried) findings.push({ tone: 'warn', key: 'speed.partial', values });
    else findings.push({ tone: 'bad', key: 'speed.tooSlow', values });
  }

  const share = m.totalFrames > 0 ? m.droppedFrames / m.totalFrames : 0;
  const frames = { dropped: m.droppedFrames, total: m.totalFrames, percent: Math.round(share * 1000) / 10 };
  findings.push(share > DROPPED_FRAMES_LIMIT ? { tone: 'warn', key: 'frames.dropped', values: frames } : { tone: 'good', key: 'frames.ok', values: frames });

  if (m.firstFrameMs === null) findings.push({ tone: 'bad', key: 'start.none', values: {} });
  else {
    const seconds = Math.round(m.firstFrameMs / 100) / 10;
    findings.push(m.firstFrameMs > SLOW_START_MS ? { tone: 'warn', key: 'start.slow', values: { seconds } } : { tone: 'good', key: 'start.ok', values: { seconds } });
  }
  return findings;
}

/** The report's overall answer: can this browser and connection watch a game? */
export function verdictOf(findings: readonly Finding[]): FindingTone {
  if (findings.some((f) => f.tone === 'bad')) return 'bad';
  return findings.some((f) => f.tone === 'warn') ? 'warn' : 'good';
}

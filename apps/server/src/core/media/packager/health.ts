import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { childEnvironment } from '../ffmpeg.ts';
import { writeAtomically } from './finish.ts';
import type { RunSegment } from './playlist.ts';
import { liveDirOf } from './recording.ts';

/** What the control room shows of a camera's signal while it is live (its stream health). */
export interface LiveHealth {
  bitrateKbps: number | null;
  fps: number | null;
  width: number | null;
  height: number | null;
  /** Seconds between key frames: the median segment of the run's last 10 (a segment is one GOP, or 1 s). */
  keyframeIntervalS: number | null;
  audio: boolean | null;
  /** `keyframe_interval` over 2 s; `bitrate_drop` when the last 10 s carry under half the run's median. */
  warnings: LiveWarning[];
  updatedAt: string;
}

export type LiveWarning = 'keyframe_interval' | 'bitrate_drop';

/** Over this, a viewer joins (and a clip starts) too far from the moment: the encoder should send more key frames. */
export const KEYFRAME_WARNING_S = 2;
/** The last seconds under this share of the run's median bitrate: the camera's uplink is failing. */
export const BITRATE_DROP_SHARE = 0.5;
/** The bitrate is read over about this many seconds. */
const BITRATE_SPAN_S = 10;
/** A run shorter than this has no median to compare with yet. */
const BITRATE_DROP_MIN_RUN_S = 20;
/** Where the health is left for a control room served by another process (an external packager). */
export const HEALTH_FILE = 'health.json';

export interface StreamFacts {
  width: number | null;
  height: number | null;
  fps: number | null;
  audio: boolean;
  videoCodec: string | null;
  profile: string | null;
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function rate(text: string | undefined): number | null {
  const [num, den] = (text ?? '').split('/').map(Number);
  if (!num || !den || !Number.isFinite(num / den)) return null;
  return Math.round((num / den) * 100) / 100;
}

/** The video and audio of a run, read by ffprobe from its init and one segment (`dir`-relative names). */
export function probeStream(dir: string, map: string, uri: string, ffprobePath = 'ffprobe'): Promise<StreamFacts> {
  return new Promise((resolve, reject) => {
    execFile(
      ffprobePath,
      ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,profile,width,height,avg_frame_rate,r_frame_rate', '-of', 'json', `concat:${map}|${uri}`],
      { cwd: dir, env: childEnvironment(), timeout: 10_000 },
      (error, stdout) => {
        if (error) return reject(error);
        try {
          const streams = (JSON.parse(stdout) as { streams?: Array<Record<string, string | number | undefined>> }).streams ?? [];
          const video = streams.find((s) => s.codec_type === 'video');
          resolve({
            width: typeof video?.width === 'number' ? video.width : null,
            height: typeof video?.height === 'number' ? video.height : null,
            fps: rate(video?.avg_frame_rate as string | undefined) ?? rate(video?.r_frame_rate as string | undefined),
            audio: streams.some((s) => s.codec_type === 'audio'),
            videoCodec: typeof video?.codec_name === 'string' ? video.codec_name : null,
            profile: typeof video?.profile === 'string' ? video.profile : null,
          });
        } catch (parseError) {
          reject(parseError instanceof Error ? parseError : new Error(String(parseError)));
        }
      },
    );
  });
}

/** Segment sizes, kept: a listed segment never changes. */
export class SegmentSizes {
  readonly #sizes = new Map<string, number>();
  readonly dir: string;
  constructor(dir: string) {
    this.dir = dir;
  }

  async of(uri: string): Promise<number | null> {
    const known = this.#sizes.get(uri);
    if (known !== undefined) return known;
    try {
      const size = (await stat(join(this.dir, uri))).size;
      this.#sizes.set(uri, size);
      return size;
    } catch {
      return null;
    }
  }
}

/**
 * The health of the current run from its segments: key frame interval (median of the last 10
 * segments: with passthrough each is one GOP), bitrate over the last ~10 s, and the stream's picture
 * and sound from the probe. Null before the run's first segment.
 */
export async function computeHealth(run: readonly RunSegment[], facts: StreamFacts | null, sizes: SegmentSizes, now = new Date()): Promise<LiveHealth | null> {
  if (run.length === 0) return null;
  const keyframeIntervalS = median(run.slice(-10).map((s) => s.duration));
  const rates: number[] = [];
  for (const segment of run) {
    const size = await sizes.of(segment.uri);
    if (size !== null) rates.push((size * 8) / segment.duration / 1000);
  }
  let bytes = 0;
  let seconds = 0;
  for (let i = run.length - 1; i >= 0 && seconds < BITRATE_SPAN_S; i--) {
    const segment = run[i] as RunSegment;
    const size = await sizes.of(segment.uri);
    if (size === null) continue;
    bytes += size;
    seconds += segment.duration;
  }
  const bitrateKbps = seconds > 0 ? Math.round((bytes * 8) / seconds / 1000) : null;
  const runSeconds = run.reduce((sum, s) => sum + s.duration, 0);
  const warnings: LiveWarning[] = [];
  if (keyframeIntervalS !== null && keyframeIntervalS > KEYFRAME_WARNING_S) warnings.push('keyframe_interval');
  const typical = median(rates);
  if (bitrateKbps !== null && typical !== null && runSeconds >= BITRATE_DROP_MIN_RUN_S && bitrateKbps < typical * BITRATE_DROP_SHARE) warnings.push('bitrate_drop');
  return {
    bitrateKbps,
    fps: facts?.fps ?? null,
    width: facts?.width ?? null,
    height: facts?.height ?? null,
    keyframeIntervalS: keyframeIntervalS === null ? null : Math.round(keyframeIntervalS * 100) / 100,
    audio: facts ? facts.audio : null,
    warnings,
    updatedAt: now.toISOString(),
  };
}

export async function writeHealth(dir: string, health: LiveHealth | null): Promise<void> {
  await writeAtomically(join(dir, HEALTH_FILE), `${JSON.stringify(health)}\n`);
}

/**
 * The health the event's packager last wrote (it may run in another process or on another machine
 * sharing the media storage), or null when there is none or it is older than `maxAgeMs` (the
 * packager stopped, the camera is gone).
 */
export async function readHealth(mediaDir: string, slug: string, eventId: number, maxAgeMs = 10_000, now = Date.now()): Promise<LiveHealth | null> {
  try {
    const health = JSON.parse(await readFile(join(liveDirOf(mediaDir, slug, eventId), HEALTH_FILE), 'utf8')) as LiveHealth | null;
    if (!health || typeof health.updatedAt !== 'string') return null;
    return now - Date.parse(health.updatedAt) <= maxAgeMs ? health : null;
  } catch {
    return null;
  }
}

import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runFfmpeg } from '../ffmpeg.ts';
import { POSTER_HEIGHT_OF, POSTER_WIDTHS } from '../pictures.ts';
import { composeRecording, parseMediaPlaylist, type RunSegment, totalDuration, trimSegments } from './playlist.ts';
import { liveDirOf, readRecording, RECORDING_FULL_PLAYLIST, RECORDING_INFO, RECORDING_PLAYLIST, type RecordingInfo } from './recording.ts';

/** A trim that does not fit the recording; `field` names the body field at fault. */
export class TrimError extends Error {
  override readonly name = 'TrimError';
  readonly field: 'startS' | 'endS';
  readonly code: 'trim_out_of_range' | 'not_finished';
  constructor(message: string, field: 'startS' | 'endS', code: 'trim_out_of_range' | 'not_finished') {
    super(message);
    this.field = field;
    this.code = code;
  }
}

/** Written whole or not at all: a reader (a player, a clip) never sees half a playlist. */
export async function writeAtomically(file: string, text: string): Promise<void> {
  const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, text);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** The poster file names of a live recording: `poster.jpg`/`.webp` and each poster width. */
export function recordingPosterNames(): string[] {
  return ['poster.jpg', 'poster.webp', ...POSTER_WIDTHS.flatMap((w) => [`poster-${w}.jpg`, `poster-${w}.webp`])];
}

/**
 * The recording's poster: the key frame opening the segment at the middle of the kept part, in every
 * poster width (16:9, a camera of another shape letterboxed), JPEG and WebP. One frame decoded.
 */
export async function writeRecordingPoster(dir: string, segments: readonly RunSegment[], ffmpegPath?: string): Promise<void> {
  if (segments.length === 0) return;
  const half = totalDuration(segments) / 2;
  let position = 0;
  let middle = segments[0] as RunSegment;
  for (const segment of segments) {
    if (position > half) break;
    middle = segment;
    position += segment.duration;
  }
  const fit = (w: number, h: number) => `scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2,setsar=1`;
  const tag = randomBytes(4).toString('hex');
  const outputs: Array<[string, string]> = [];
  const graph = [`[0:v]split=${POSTER_WIDTHS.length + 1}${POSTER_WIDTHS.map((_, i) => `[p${i}]`).join('')}[main]`];
  const args: string[] = [];
  POSTER_WIDTHS.forEach((w, i) => {
    graph.push(`[p${i}]${fit(w, POSTER_HEIGHT_OF[w] as number)},split=2[j${i}][w${i}]`);
    args.push('-map', `[j${i}]`, '-frames:v', '1', '-update', '1', '-c:v', 'mjpeg', '-q:v', '4', `.${tag}-poster-${w}.jpg`);
    args.push('-map', `[w${i}]`, '-frames:v', '1', '-update', '1', '-c:v', 'libwebp', '-quality', '75', '-f', 'image2', `.${tag}-poster-${w}.webp`);
    outputs.push([`.${tag}-poster-${w}.jpg`, `poster-${w}.jpg`], [`.${tag}-poster-${w}.webp`, `poster-${w}.webp`]);
  });
  graph.push(`[main]${fit(640, 360)},split=2[mj][mw]`);
  args.push('-map', '[mj]', '-frames:v', '1', '-update', '1', '-c:v', 'mjpeg', '-q:v', '4', `.${tag}-poster.jpg`);
  args.push('-map', '[mw]', '-frames:v', '1', '-update', '1', '-c:v', 'libwebp', '-quality', '75', '-f', 'image2', `.${tag}-poster.webp`);
  outputs.push([`.${tag}-poster.jpg`, 'poster.jpg'], [`.${tag}-poster.webp`, 'poster.webp']);
  try {
    await runFfmpeg(['-i', `concat:${middle.map}|${middle.uri}`, '-filter_complex', graph.join(';'), ...args], { cwd: dir, ffmpegPath });
    for (const [from, to] of outputs) await rename(join(dir, from), join(dir, to));
  } finally {
    await Promise.all(outputs.map(([from]) => rm(join(dir, from), { force: true })));
  }
}

/** Reads a recording playlist's segments (run numbers do not matter to a reader of a recording). */
export async function readRecordingSegments(dir: string, playlist: string): Promise<RunSegment[]> {
  return parseMediaPlaylist(await readFile(join(dir, playlist), 'utf8'), 0);
}

/**
 * Writes an ended event's recording from every segment of every run: `recording-full.m3u8` (what
 * trims start from), `recording.m3u8` (what viewers play), the poster and `recording.json` last
 * (its presence says the recording is ready). A recording with no media (the camera never sent
 * anything) has only `recording.json`, with a duration of 0.
 */
export async function writeRecording(dir: string, segments: readonly RunSegment[], ffmpegPath?: string, now = new Date()): Promise<RecordingInfo> {
  const durationS = totalDuration(segments);
  if (segments.length > 0) {
    const text = composeRecording(segments);
    await writeAtomically(join(dir, RECORDING_FULL_PLAYLIST), text);
    await writeAtomically(join(dir, RECORDING_PLAYLIST), text);
    await writeRecordingPoster(dir, segments, ffmpegPath);
  }
  const info: RecordingInfo = { durationS, trimStartS: 0, trimEndS: durationS, readyAt: now.toISOString() };
  await writeAtomically(join(dir, RECORDING_INFO), `${JSON.stringify(info)}\n`);
  return info;
}

/**
 * Keeps the part [startS, endS] of the recording (seconds from the untrimmed start), to the
 * segment: `recording.m3u8` is rewritten from `recording-full.m3u8`, the poster taken again from
 * the kept part. Seconds, not a transcode; a trim can be widened again later.
 */
export async function trimRecording(mediaDir: string, slug: string, eventId: number, range: { startS: number; endS: number }, ffmpegPath?: string): Promise<RecordingInfo> {
  const dir = liveDirOf(mediaDir, slug, eventId);
  const info = await readRecording(mediaDir, slug, eventId);
  if (!info || info.durationS <= 0) throw new TrimError('This event has no recording to trim yet.', 'startS', 'not_finished');
  const { startS, endS } = range;
  if (!Number.isFinite(startS) || startS < 0 || startS >= info.durationS) throw new TrimError(`The start must be between 0 and ${info.durationS} seconds.`, 'startS', 'trim_out_of_range');
  if (!Number.isFinite(endS) || endS <= startS || endS > info.durationS + 0.001) throw new TrimError(`The end must be after the start and at most ${info.durationS} seconds.`, 'endS', 'trim_out_of_range');
  const all = await readRecordingSegments(dir, RECORDING_FULL_PLAYLIST);
  const trimmed = trimSegments(all, startS, endS);
  if (trimmed.kept.length === 0) throw new TrimError('The range keeps nothing of the recording.', 'endS', 'trim_out_of_range');
  await writeAtomically(join(dir, RECORDING_PLAYLIST), composeRecording(trimmed.kept));
  await writeRecordingPoster(dir, trimmed.kept, ffmpegPath);
  const next: RecordingInfo = { ...info, trimStartS: trimmed.startS, trimEndS: trimmed.endS };
  await writeAtomically(join(dir, RECORDING_INFO), `${JSON.stringify(next)}\n`);
  return next;
}

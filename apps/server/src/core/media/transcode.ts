import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { childEnvironment, DEFAULT_FFMPEG_PATH, runFfmpeg } from './ffmpeg.ts';

/**
 * An uploaded video made ready to stream (spec §3 Vod media item, Preroll): uploads are not live,
 * so each is transcoded once to a rendition ladder sized to its source (never upscaled), as HLS
 * (2 s fMP4 segments, H.264 and AAC, a master playlist naming each rendition), with the item's
 * posters, a few frames to pick one from, and its silent preview at the sizes `vodAssets` promises.
 *
 * The ffmpeg that reads an upload reads crafted input: it runs with none of the server's
 * environment (`childEnvironment`), on one thread, and is killed when its job is stopped.
 */

/** One rendition of the ladder: its height and video rate. */
export interface Rendition {
  height: number;
  videoKbps: number;
}

/** The default ladder (`LIBRARY_LADDER`), highest first: 1080p to 360p. */
export const DEFAULT_LADDER: readonly Rendition[] = [
  { height: 1080, videoKbps: 5000 },
  { height: 720, videoKbps: 2800 },
  { height: 480, videoKbps: 1200 },
  { height: 360, videoKbps: 700 },
];

/** The video rate of a rendition the default ladder does not name: about 2.6 bits a pixel-row a frame. */
export function kbpsFor(height: number): number {
  const known = DEFAULT_LADDER.find((rung) => rung.height === height);
  return known?.videoKbps ?? Math.max(150, Math.round((height * height) / 230));
}

/** `LIBRARY_LADDER`'s value: heights, comma separated ("720,480,360"), each 90 to 2160. */
export function parseLadder(text: string): Rendition[] | null {
  const heights = text.split(',').map((part) => part.trim());
  if (heights.length === 0 || heights.length > 6) return null;
  const out: Rendition[] = [];
  for (const part of heights) {
    if (!/^\d{2,4}$/.test(part)) return null;
    const height = Number(part);
    if (height < 90 || height > 2160 || height % 2 !== 0 || out.some((r) => r.height === height)) return null;
    out.push({ height, videoKbps: kbpsFor(height) });
  }
  return out.sort((a, b) => b.height - a.height);
}

/**
 * The renditions of a source `sourceHeight` tall: the ladder's rungs at or under it, highest
 * first; a source shorter than every rung gets one rendition of its own height (never upscaled).
 */
export function ladderFor(sourceHeight: number, ladder: readonly Rendition[]): Rendition[] {
  const fitting = ladder.filter((rung) => rung.height <= sourceHeight);
  if (fitting.length > 0) return [...fitting].sort((a, b) => b.height - a.height);
  const height = Math.max(2, sourceHeight - (sourceHeight % 2));
  return [{ height, videoKbps: kbpsFor(height) }];
}

/** What ffprobe tells of a file: its length and its first video stream's size; null for a file with no video. */
export interface Probed {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

/** The ffprobe beside the ffmpeg binary (Debian installs both). */
export function ffprobePathOf(ffmpegPath: string = DEFAULT_FFMPEG_PATH): string {
  return ffmpegPath.replace(/ffmpeg$/, 'ffprobe');
}

/**
 * Probes an upload: null when it holds no video stream a decoder knows (a document, an image, a
 * sound, noise), whatever its name or declared type said.
 */
export async function probeVideo(file: string, ffmpegPath?: string): Promise<Probed | null> {
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)(ffprobePathOf(ffmpegPath), ['-v', 'error', '-show_entries', 'stream=codec_type,width,height:format=duration,format_name', '-of', 'json', file], {
      env: childEnvironment(),
      timeout: 30_000,
      maxBuffer: 1024 * 1024,
    }));
  } catch {
    return null;
  }
  const parsed = JSON.parse(stdout) as { streams?: { codec_type?: string; width?: number; height?: number }[]; format?: { duration?: string; format_name?: string } };
  const video = parsed.streams?.find((stream) => stream.codec_type === 'video' && (stream.width ?? 0) > 0 && (stream.height ?? 0) > 0);
  const duration = Number(parsed.format?.duration);
  // A still picture (a JPEG, a PNG) is a one-frame "video" to ffprobe: not a video.
  if (!video || !Number.isFinite(duration) || duration <= 0 || /image2|png_pipe|jpeg_pipe|webp_pipe|gif/.test(parsed.format?.format_name ?? '')) return null;
  return { durationSeconds: duration, width: video.width!, height: video.height!, hasAudio: parsed.streams?.some((stream) => stream.codec_type === 'audio') ?? false };
}

/** The poster and frame size (16:9, as `vodAssets` promises) and the preview's. */
export const POSTER = { width: 1280, height: 720 } as const;
export const PREVIEW = { width: 640, height: 360, seconds: 6 } as const;
/** How many frames the producer picks a poster from. */
export const FRAME_COUNT = 4;
const SEGMENT_SECONDS = 2;
const FPS = 25;

/** Fits any picture into `width` × `height`, letterboxed on black, square pixels. */
function fit(width: number, height: number): string {
  return `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1`;
}

export interface TranscodeInput {
  source: string;
  probed: Probed;
  /** The renditions (`ladderFor`). */
  renditions: readonly Rendition[];
  /** Where the files go (an empty work folder). */
  outDir: string;
  /** File names' prefix: '' for an item (its own folder), `<name>-` for a preroll (the shared prerolls folder). */
  prefix?: string;
  /** The master playlist's name. */
  playlist: string;
  ffmpegPath?: string;
  signal?: AbortSignal;
  /** Called with 0–99 as ffmpeg goes (`-progress`). */
  onProgress?: (percent: number) => void;
}

/** The ffmpeg arguments of the HLS ladder (and, for an item, its preview), output names relative to `outDir`. */
export function ladderArgs(input: Omit<TranscodeInput, 'outDir' | 'signal' | 'onProgress' | 'ffmpegPath'> & { preview: boolean }): string[] {
  const prefix = input.prefix ?? '';
  const n = input.renditions.length;
  const outputs = input.preview ? n + 1 : n;
  const splits = Array.from({ length: outputs }, (_, i) => `[s${i}]`).join('');
  const graph = [
    `[0:v]fps=${FPS},format=yuv420p,split=${outputs}${splits}`,
    ...input.renditions.map((rung, i) => `[s${i}]scale=-2:${rung.height},setsar=1[v${i}]`),
    ...(input.preview ? [`[s${n}]trim=duration=${PREVIEW.seconds},setpts=PTS-STARTPTS,${fit(PREVIEW.width, PREVIEW.height)}[preview]`] : []),
  ].join(';');
  const gop = String(FPS * SEGMENT_SECONDS);
  const args = ['-i', input.source, '-filter_complex', graph];
  input.renditions.forEach((rung, i) => {
    args.push('-map', `[v${i}]`);
    if (input.probed.hasAudio) args.push('-map', '0:a:0');
    args.push(`-b:v:${i}`, `${rung.videoKbps}k`, `-maxrate:v:${i}`, `${Math.round(rung.videoKbps * 1.3)}k`, `-bufsize:v:${i}`, `${rung.videoKbps * 2}k`);
  });
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p', '-threads', '1', '-g', gop, '-keyint_min', gop, '-sc_threshold', '0');
  if (input.probed.hasAudio) args.push('-c:a', 'aac', '-b:a', '128k', '-ac', '2');
  const streamMap = input.renditions.map((_, i) => (input.probed.hasAudio ? `v:${i},a:${i}` : `v:${i}`)).join(' ');
  args.push(
    ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_list_size', '0'],
    ...['-hls_segment_type', 'fmp4', '-hls_flags', 'independent_segments'],
    ...['-master_pl_name', input.playlist, '-var_stream_map', streamMap],
    // ffmpeg (5.1, Debian's) puts the rendition's number in the init segment's name only when there
    // are two or more: a one-rendition ladder (a small source) would get a file named `v%v-init.mp4`
    // that its playlist cannot be served by, so that one is named outright.
    ...['-hls_fmp4_init_filename', n > 1 ? `${prefix}v%v-init.mp4` : `${prefix}v0-init.mp4`, '-hls_segment_filename', `${prefix}v%v-seg-%03d.m4s`, `${prefix}v%v.m3u8`],
  );
  if (input.preview) args.push('-map', '[preview]', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-threads', '1', '-an', '-movflags', '+faststart', 'preview.mp4');
  return args;
}

/** The instants the candidate frames are taken at: spread over the video, away from its ends. */
export function frameTimes(durationSeconds: number): number[] {
  return Array.from({ length: FRAME_COUNT }, (_, i) => Number(((durationSeconds * (i + 1)) / (FRAME_COUNT + 1)).toFixed(3)));
}

/** The candidate frames (`frame-1.jpg` …), 1280 × 720, one quick seek each. */
export async function extractFrames(source: string, durationSeconds: number, outDir: string, options: { ffmpegPath?: string; signal?: AbortSignal } = {}): Promise<string[]> {
  const names: string[] = [];
  for (const [i, at] of frameTimes(durationSeconds).entries()) {
    const name = `frame-${i + 1}.jpg`;
    await runFfmpeg(['-ss', String(at), '-i', source, '-frames:v', '1', '-vf', fit(POSTER.width, POSTER.height), '-q:v', '3', '-update', '1', name], { cwd: outDir, ...options });
    names.push(name);
  }
  return names;
}

/**
 * Writes `poster.jpg` and `poster.webp` (1280 × 720) into `outDir` from a picture: a frame, or an
 * image the producer uploaded (any size; decoded by ffmpeg from a file the server wrote).
 */
export async function writePoster(picture: string, outDir: string, options: { ffmpegPath?: string; signal?: AbortSignal } = {}): Promise<void> {
  await runFfmpeg(['-i', picture, '-frames:v', '1', '-vf', fit(POSTER.width, POSTER.height), '-q:v', '3', '-update', '1', join(outDir, 'poster.jpg')], { cwd: outDir, ...options });
  await runFfmpeg(['-i', picture, '-frames:v', '1', '-vf', fit(POSTER.width, POSTER.height), '-c:v', 'libwebp', '-quality', '80', '-f', 'image2', '-update', '1', join(outDir, 'poster.webp')], { cwd: outDir, ...options });
}

/** Transcodes a library item: the ladder's HLS and the preview, then its frames and posters (the second frame by default). */
export async function transcodeItem(input: TranscodeInput): Promise<void> {
  const { probed } = input;
  await runFfmpeg(ladderArgs({ ...input, preview: true }), {
    cwd: input.outDir,
    ffmpegPath: input.ffmpegPath,
    signal: input.signal,
    progress: input.onProgress ? { durationSeconds: input.probed.durationSeconds, onProgress: input.onProgress } : undefined,
  });
  const frames = await extractFrames(input.source, probed.durationSeconds, input.outDir, { ffmpegPath: input.ffmpegPath, signal: input.signal });
  await writePoster(join(input.outDir, frames[Math.min(1, frames.length - 1)]!), input.outDir, { ffmpegPath: input.ffmpegPath, signal: input.signal });
}

/** Transcodes a preroll: the ladder's HLS only, its files named `<prefix>…` for the shared prerolls folder. */
export async function transcodePreroll(input: TranscodeInput): Promise<void> {
  await runFfmpeg(ladderArgs({ ...input, preview: false }), {
    cwd: input.outDir,
    ffmpegPath: input.ffmpegPath,
    signal: input.signal,
    progress: input.onProgress ? { durationSeconds: input.probed.durationSeconds, onProgress: input.onProgress } : undefined,
  });
}

import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
import { CLIP_PROCESSING_LIMIT_MS, type Picture } from '@grandstand/contract';
import { execFile } from 'node:child_process';
import { childEnvironment, runFfmpeg } from './ffmpeg.ts';
import { layout, MEDIA_FILE } from './library.ts';
import { ffprobeBeside, LIVE_PLAYLIST, liveDirOf, recordingSourceOf } from './packager/index.ts';
import { parseMediaPlaylist } from './packager/playlist.ts';
import { POSTER_HEIGHT_OF, POSTER_WIDTHS } from './pictures.ts';
import type { MediaStorage } from './storage/index.ts';

/**
 * Viewer clips (spec §1, §4 clip lifecycle, §9 "Clip creation up to 5 minutes"): a span of an
 * event's on-demand recording or of its live signal's window, cut into a folder of its own:
 *
 * - `index.m3u8` + `init.mp4` + `seg-NNN.m4s` (+ `edge-NNN-init.mp4`, `edge-NNN.m4s`): the clip's
 *   HLS (a VOD playlist), public;
 * - `clip.mp4`: the same span as one MP4 (`+faststart`), served only through a signed download;
 * - `poster.jpg` and `poster-<w>.<jpg|webp>`: a frame of the clip, in the poster widths.
 *
 * Every source segment starts with a key frame; its length is its own (2 s for the demo library's
 * recordings, 1 s or a camera's GOP for a live signal and its recording: packager/). The segments
 * wholly inside the span are copied byte for byte (no decoding, no encoding); only the partial
 * segments at the two edges are re-encoded (ultrafast, to the source's own profile), a few seconds
 * at most each. The MP4 is the source segments remuxed, with an edit list trimming the edges, so no
 * encode at all. A 60 s clip is ready in about a second. A live clip's copied frames carry the wall
 * clock the camera drew at that moment, since they are that moment's frames.
 */

/** The event a clip is cut from. `eventUtcTs`: the event's `event_utc_ts`, UTC seconds. */
export interface ClipSourceEvent {
  channelSlug: string;
  eventId: number;
  live: boolean;
  eventUtcTs: number;
}

export interface CutClipOptions {
  mediaDir: string;
  event: ClipSourceEvent;
  /** In the time base of CreateClipBody.start_time (see clipWindow). */
  start: number;
  duration: number;
  /** The clip's folder (clipDir): written whole, or not at all. */
  outDir: string;
  ffmpegPath?: string;
  /** Aborting kills the running ffmpeg and removes everything written so far. */
  signal?: AbortSignal;
}

/** A cut that cannot be made; its message is for the viewer (the job's `failure_reason`). */
export class ClipError extends Error {
  override readonly name = 'ClipError';
}

/** One segment of the source playlist, placed in the clip time base. */
export interface SourceSegment {
  uri: string;
  /** The init segment (`EXT-X-MAP`) it needs. */
  map: string;
  duration: number;
  /** Seconds: from the recording's start (on demand), after `eventUtcTs` (live). */
  start: number;
  /** `EXT-X-PROGRAM-DATE-TIME` in ms since the epoch (live), or null. */
  programDateTime: number | null;
}

export interface ClipSource {
  /** The folder of the playlist and its segments. */
  dir: string;
  segments: SourceSegment[];
}

/** Where a clip's files live: `<mediaDir>/clips/<channelSlug>/<uuid>`. */
export function clipDir(mediaDir: string, channelSlug: string, uuid: string): string {
  return join(mediaDir, layout.clipDir(channelSlug, uuid));
}

/** The public address of a clip's HLS (routes/media serves it on its channel's host only). */
export function clipStreamUrl(channelSlug: string, uuid: string): string {
  return `/media/clips/${channelSlug}/${uuid}/index.m3u8`;
}

export const CLIP_POSTER_WIDTH = 640;

/** The clip's poster as a `Picture` (the JPEG widths, WebP first as the modern source). */
export function clipPicture(channelSlug: string, uuid: string): Picture {
  const base = `/media/clips/${channelSlug}/${uuid}`;
  const candidates = (ext: string) => POSTER_WIDTHS.map((w) => `${base}/poster-${w}.${ext} ${w}w`).join(', ');
  return {
    kind: 'poster',
    src: `${base}/poster-${CLIP_POSTER_WIDTH}.jpg`,
    srcset: candidates('jpg'),
    sources: [{ type: 'image/webp', srcset: candidates('webp') }],
    width: CLIP_POSTER_WIDTH,
    height: POSTER_HEIGHT_OF[CLIP_POSTER_WIDTH] as number,
  };
}

/** A clip folder's `Picture`, read from the folder's name (`.../clips/<channelSlug>/<uuid>`). */
export function clipDirPicture(dir: string): Picture {
  return clipPicture(basename(dirname(dir)), basename(dir));
}

/** A clip's storage key (core/media/storage/): its folder's place in the media dir, `clips/<channelSlug>/<uuid>`. */
export function clipKey(channelSlug: string, uuid: string): string {
  return layout.clipDir(channelSlug, uuid).split(sep).join('/');
}

/** Removes a clip's files (its deletion) from where they are stored; nothing happens when there are none. */
export async function removeClipMedia(storage: MediaStorage, channelSlug: string, uuid: string): Promise<void> {
  await storage.remove(clipKey(channelSlug, uuid));
}

/**
 * Removes the work folders (and work files) a cut or a recording download left when its process
 * died (a crash, a kill -9), under `clips/<channel>/` and `downloads/<channel>/`: those untouched
 * for `olderThanMs` (default: the clip processing limit, so no live cut loses its folder).
 * Answers how many were removed. For the server's start and its clip worker.
 */
export async function removeStaleClipWork(mediaDir: string, olderThanMs = CLIP_PROCESSING_LIMIT_MS, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const area of ['clips', 'downloads']) {
    let channels: string[];
    try {
      channels = await readdir(join(mediaDir, area));
    } catch {
      continue;
    }
    for (const channel of channels) {
      let entries: string[];
      try {
        entries = await readdir(join(mediaDir, area, channel));
      } catch {
        continue;
      }
      for (const entry of entries.filter((name) => name.startsWith('.work-'))) {
        const path = join(mediaDir, area, channel, entry);
        try {
          if (now - (await stat(path)).mtimeMs < olderThanMs) continue;
        } catch {
          continue;
        }
        await rm(path, { recursive: true, force: true });
        removed += 1;
      }
    }
  }
  return removed;
}

/**
 * The folder and playlist of the event's source: its live window while live; once finished, its
 * live recording (the camera's game, trimmed as the producer chose) or else the demo library's.
 */
export async function sourceOf(mediaDir: string, event: ClipSourceEvent): Promise<{ dir: string; playlist: string }> {
  if (event.live) return { dir: liveDirOf(mediaDir, event.channelSlug, event.eventId), playlist: LIVE_PLAYLIST };
  return recordingSourceOf(mediaDir, event.channelSlug, event.eventId);
}


/**
 * A media playlist's text: the playlist itself, or, for a master playlist (a live window with the
 * ladder), its first rendition's, the camera's own picture.
 */
async function readMediaPlaylist(dir: string, playlist: string): Promise<string> {
  const text = await readFile(join(dir, playlist), 'utf8');
  if (!text.includes('#EXT-X-STREAM-INF')) return text;
  const first = text.split('\n').find((line) => line.trim() !== '' && !line.startsWith('#'))?.trim() ?? '';
  if (!MEDIA_FILE.test(first)) throw new Error(`the master playlist names no rendition: ${playlist}`);
  return readFile(join(dir, first), 'utf8');
}

/**
 * The segments of an HLS media playlist, placed in the clip time base: on demand, one after the
 * other from 0; live, from their program date-time (a segment without one follows the previous).
 */
export function parsePlaylist(text: string, live: boolean, eventUtcTs: number): SourceSegment[] {
  const segments: SourceSegment[] = [];
  let position = 0;
  for (const { uri, map, duration, programDateTime } of parseMediaPlaylist(text, 0)) {
    let start = position;
    if (live) {
      if (programDateTime === null) continue;
      start = programDateTime / 1000 - eventUtcTs;
    }
    segments.push({ uri, map, duration, start, programDateTime: live ? programDateTime : null });
    position = start + duration;
  }
  return segments;
}

/** The event's source segments, or null when it has no recording or running signal. */
export async function readClipSource(mediaDir: string, event: ClipSourceEvent): Promise<ClipSource | null> {
  const { dir, playlist } = await sourceOf(mediaDir, event);
  let text: string;
  try {
    text = await readMediaPlaylist(dir, playlist);
  } catch {
    return null;
  }
  const segments = parsePlaylist(text, event.live, event.eventUtcTs);
  return segments.length > 0 ? { dir, segments } : null;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The span a clip may be cut from, in the clip time base of CreateClipBody.start_time: on demand
 * 0 to the recording's duration; live, from the oldest segment's program date-time to the newest
 * segment's end, as seconds after `eventUtcTs`. Null when there is no recording or signal.
 */
export async function clipWindow(mediaDir: string, event: ClipSourceEvent): Promise<{ start: number; end: number } | null> {
  const source = await readClipSource(mediaDir, event);
  if (!source) return null;
  const first = source.segments[0] as SourceSegment;
  const last = source.segments.at(-1) as SourceSegment;
  return { start: round3(first.start), end: round3(last.start + last.duration) };
}


/** How far outside the window an asked span may reach (a boundary read a moment earlier). */
const TOLERANCE_S = 1;
/** An edge piece shorter than this is not worth an encode: the clip keeps or drops that sliver. */
const SNAP_S = 0.25;
const EPSILON = 0.001;

/** One piece of a clip: a source segment copied whole, or the part `from`..`to` of it re-encoded. */
export interface ClipPiece {
  segment: SourceSegment;
  /** Its position among the plan's segments. */
  index: number;
  /** Seconds into the segment. */
  from: number;
  to: number;
  copy: boolean;
}

export interface ClipPlan {
  /** The source segments the clip touches, in order. */
  segments: SourceSegment[];
  pieces: ClipPiece[];
  /** The span cut, in the clip time base. */
  start: number;
  end: number;
}

/**
 * The pieces of a clip: the segments wholly inside the asked span are copied; the segment the span
 * starts in and the one it ends in are cut, re-encoded, unless the span meets their boundary
 * (within SNAP_S, which keeps the duration within a second of the asked one).
 */
export function planClip(segments: readonly SourceSegment[], start: number, duration: number): ClipPlan {
  const first = segments[0];
  const last = segments.at(-1);
  if (!first || !last) throw new ClipError('There is nothing to clip yet. Try again in a few seconds.');
  const live = first.programDateTime !== null;
  const windowEnd = last.start + last.duration;
  if (start < first.start - TOLERANCE_S) throw new ClipError(live ? 'This moment is no longer in the live window. Choose a later start.' : 'The clip starts before the recording.');
  if (start + duration > windowEnd + TOLERANCE_S) throw new ClipError(live ? 'The clip ends after the live edge. Choose an earlier start.' : 'The clip ends after the recording.');
  const from = Math.min(Math.max(start, first.start), windowEnd);
  const to = Math.min(Math.max(start + duration, first.start), windowEnd);
  let i = segments.findIndex((s) => from < s.start + s.duration - EPSILON);
  let j = segments.findLastIndex((s) => to > s.start + EPSILON);
  if (i < 0 || j < 0 || j < i) throw new ClipError('This span is too short to clip.');
  const at = (k: number) => segments[k] as SourceSegment;
  let head = from - at(i).start;
  let tail = to - at(j).start;
  if (head < SNAP_S) head = 0;
  else if (at(i).duration - head < SNAP_S && i < j) {
    i += 1;
    head = 0;
  }
  if (at(j).duration - tail < SNAP_S) tail = at(j).duration;
  else if (tail < SNAP_S && j > i) {
    j -= 1;
    tail = at(j).duration;
  }
  const chosen = segments.slice(i, j + 1);
  const pieces = chosen.map((segment, index): ClipPiece => {
    const pieceFrom = index === 0 ? head : 0;
    const pieceTo = index === chosen.length - 1 ? tail : segment.duration;
    return { segment, index, from: round3(pieceFrom), to: round3(pieceTo), copy: pieceFrom < EPSILON && pieceTo > segment.duration - EPSILON };
  });
  return { segments: chosen, pieces, start: round3(at(i).start + head), end: round3(at(j).start + tail) };
}

export const segmentName = (i: number) => `seg-${String(i).padStart(3, '0')}.m4s`;
const edgeName = (i: number) => `edge-${String(i).padStart(3, '0')}`;

/** The poster files of a clip: `poster.jpg` (the 640 one) and each width as JPEG and WebP. */
export function clipPosterNames(): string[] {
  return ['poster.jpg', ...POSTER_WIDTHS.flatMap((w) => [`poster-${w}.jpg`, `poster-${w}.webp`])];
}

/** `-ss` when there is something to skip. */
const seek = (seconds: number) => (seconds > EPSILON ? ['-ss', seconds.toFixed(3)] : []);

/** One frame of `input` (at `at` seconds), scaled to every poster width. */
function posterArgs(input: string, at: number): string[] {
  const splits = POSTER_WIDTHS.map((_, i) => `[p${i}]`).join('');
  const graph = [
    `[0:v]split=${POSTER_WIDTHS.length}${splits}`,
    ...POSTER_WIDTHS.map((w, i) => `[p${i}]scale=${w}:${POSTER_HEIGHT_OF[w]},setsar=1,split=${w === CLIP_POSTER_WIDTH ? 3 : 2}[j${i}][w${i}]${w === CLIP_POSTER_WIDTH ? '[main]' : ''}`),
  ];
  return [
    ...seek(at),
    ...['-i', input, '-filter_complex', graph.join(';')],
    ...POSTER_WIDTHS.flatMap((w, i) => [
      ...['-map', `[j${i}]`, '-frames:v', '1', '-update', '1', '-c:v', 'mjpeg', '-q:v', '4', `poster-${w}.jpg`],
      ...['-map', `[w${i}]`, '-frames:v', '1', '-update', '1', '-c:v', 'libwebp', '-quality', '75', '-f', 'image2', `poster-${w}.webp`],
    ]),
    ...['-map', '[main]', '-frames:v', '1', '-update', '1', '-c:v', 'mjpeg', '-q:v', '4', 'poster.jpg'],
  ];
}

/**
 * An edge piece re-encoded (H.264/AAC at the source's size; `ultrafast`: it is a second or two
 * encoded while the viewer waits, its size hardly matters) as a one-segment fMP4 HLS of its own:
 * `edge-NNN-init.mp4` and `edge-NNN.m4s`. Its own init: an encoder's parameter sets differ from
 * the source's, so the clip's playlist marks a discontinuity around it. Answers its duration.
 */
/** What an edge encode must match of its source, so a player's decoders take the edges as they come. */
export interface SourceProfile {
  /** x264's name of the source's H.264 profile. */
  profile: 'baseline' | 'main' | 'high';
  sampleRate: number | null;
  channels: number | null;
}

/** x264's profile for ffprobe's name of an H.264 profile (a camera may send any of the three). */
export function x264Profile(probed: string | null | undefined): SourceProfile['profile'] {
  const name = (probed ?? '').toLowerCase();
  if (name.includes('baseline')) return 'baseline';
  if (name.startsWith('high')) return 'high';
  return 'main';
}

/** The source's H.264 profile and its sound's rate and channels, read from its init and one segment. */
export function probeSourceProfile(cwd: string, init: string, segment: string, ffprobePath = 'ffprobe'): Promise<SourceProfile> {
  return new Promise((resolve) => {
    execFile(
      ffprobePath,
      ['-v', 'error', '-show_entries', 'stream=codec_type,profile,sample_rate,channels', '-of', 'json', `concat:${init}|${segment}`],
      { cwd, env: childEnvironment(), timeout: 10_000 },
      (error, stdout) => {
        // Unreadable: the encoder's usual choices (main, 48 kHz stereo) are still a playable edge.
        if (error) return resolve({ profile: 'main', sampleRate: null, channels: null });
        try {
          const streams = (JSON.parse(stdout) as { streams?: Array<Record<string, unknown>> }).streams ?? [];
          const video = streams.find((stream) => stream.codec_type === 'video');
          const audio = streams.find((stream) => stream.codec_type === 'audio');
          const sampleRate = Number(audio?.sample_rate);
          const channels = Number(audio?.channels);
          resolve({ profile: x264Profile(typeof video?.profile === 'string' ? video.profile : null), sampleRate: sampleRate > 0 ? sampleRate : null, channels: channels > 0 ? channels : null });
        } catch {
          resolve({ profile: 'main', sampleRate: null, channels: null });
        }
      },
    );
  });
}

/**
 * `ultrafast` turns off the coding tools that make Main and High, and x264 then writes Constrained
 * Baseline whatever profile it is asked for: the tools that profile is named by are turned back on.
 */
const X264_TOOLS: Record<SourceProfile['profile'], string[]> = {
  baseline: [],
  main: ['-x264-params', 'cabac=1'],
  high: ['-x264-params', 'cabac=1:8x8dct=1'],
};

async function encodeEdge(piece: ClipPiece, source: SourceProfile, run: { cwd: string; ffmpegPath?: string; signal?: AbortSignal }): Promise<number> {
  const name = edgeName(piece.index);
  await runFfmpeg(
    [
      ...seek(piece.from),
      ...['-i', `concat:init.mp4|${segmentName(piece.index)}`, '-t', (piece.to - piece.from).toFixed(3)],
      ...['-map', '0:v:0', '-map', '0:a:0?'],
      // The source's profile and sound (a camera's own: baseline, main or high; 44.1 or 48 kHz),
      // so a player's decoder set up for the clip's copied segments takes the edges as they come.
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-profile:v', source.profile, ...X264_TOOLS[source.profile], '-crf', '20', '-pix_fmt', 'yuv420p', '-threads', '1'],
      ...['-c:a', 'aac', '-b:a', '96k', '-ac', String(source.channels ?? 2), '-ar', String(source.sampleRate ?? 48000)],
      ...['-f', 'hls', '-hls_time', '10', '-hls_playlist_type', 'vod', '-hls_segment_type', 'fmp4', '-hls_flags', 'independent_segments'],
      ...['-hls_fmp4_init_filename', `${name}-init.mp4`, '-hls_segment_filename', `${name}-%d.m4s`, `${name}.m3u8`],
    ],
    run,
  );
  const playlist = await readFile(join(run.cwd, `${name}.m3u8`), 'utf8');
  const durations = [...playlist.matchAll(/#EXTINF:([0-9.]+)/g)].map((m) => Number(m[1]));
  if (durations.length !== 1) throw new Error(`the clip's edge ${name} came out as ${durations.length} segments`);
  await rename(join(run.cwd, `${name}-0.m4s`), join(run.cwd, `${name}.m4s`));
  await rm(join(run.cwd, `${name}.m3u8`));
  return durations[0] as number;
}

function playlistOf(plan: ClipPlan, edges: ReadonlyMap<number, number>, live: boolean): string {
  const entries = plan.pieces.map((piece) => ({
    piece,
    file: piece.copy ? segmentName(piece.index) : `${edgeName(piece.index)}.m4s`,
    map: piece.copy ? 'init.mp4' : `${edgeName(piece.index)}-init.mp4`,
    duration: piece.copy ? piece.segment.duration : (edges.get(piece.index) as number),
  }));
  const target = Math.max(1, Math.round(Math.max(...entries.map((e) => e.duration))));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', `#EXT-X-TARGETDURATION:${target}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-INDEPENDENT-SEGMENTS'];
  let map: string | null = null;
  for (const { piece, file, map: entryMap, duration } of entries) {
    if (entryMap !== map) {
      // Another encoding's parameter sets and timestamps follow (HLS: a discontinuity).
      if (map !== null) lines.push('#EXT-X-DISCONTINUITY');
      lines.push(`#EXT-X-MAP:URI="${entryMap}"`);
      map = entryMap;
    }
    // A live clip keeps its wall clock: a player shows the moment's time as the live one did.
    if (live && piece.segment.programDateTime !== null) lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(piece.segment.programDateTime + piece.from * 1000).toISOString()}`);
    lines.push(`#EXTINF:${duration.toFixed(6)},`, file);
  }
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

/** Like Promise.all, but waits for every promise before it rejects with the first failure. */
async function settleAll(promises: readonly Promise<unknown>[]): Promise<void> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Cuts a clip into `outDir`: its HLS (its own VOD playlist: the source's whole segments copied
 * byte for byte, the partial edges re-encoded), `clip.mp4` (the source's segments remuxed, their
 * edges trimmed by an edit list, `+faststart`) and its poster (a key frame near its middle).
 * Everything is written into a work folder beside `outDir` and renamed into place at the end, so
 * `outDir` is either absent or complete; an abort or a failure leaves nothing.
 */
export async function cutClip(options: CutClipOptions): Promise<{ duration: number }> {
  const { mediaDir, event, outDir, signal } = options;
  signal?.throwIfAborted();
  const source = await readClipSource(mediaDir, event);
  if (!source) throw new ClipError(event.live ? 'The live signal is not running. Try again in a few seconds.' : 'This event has no recording to clip.');
  const plan = planClip(source.segments, options.start, options.duration);
  // A camera that reconnected sent a new stream (its own init, its own timestamps): a span across
  // the two is not one clip.
  if (new Set(plan.segments.map((segment) => segment.map)).size !== 1) throw new ClipError('The camera reconnected during this moment. Choose a span before or after it.');

  await mkdir(dirname(outDir), { recursive: true });
  const work = join(dirname(outDir), `.work-${basename(outDir)}-${randomBytes(4).toString('hex')}`);
  await mkdir(work);
  try {
    try {
      // Copied at once: a live window deletes its oldest segments as it moves on.
      await copyFile(join(source.dir, plan.segments[0]?.map as string), join(work, 'init.mp4'));
      await Promise.all(plan.segments.map((segment, i) => copyFile(join(source.dir, segment.uri), join(work, segmentName(i)))));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ClipError('This moment is no longer in the live window. Choose a later start.', { cause: error });
      throw error;
    }
    signal?.throwIfAborted();
    const run = { cwd: work, ffmpegPath: options.ffmpegPath, signal };
    // The concat protocol reads init + segments as the one fragmented MP4 they are.
    const joined = `concat:${['init.mp4', ...plan.segments.map((_, i) => segmentName(i))].join('|')}`;
    const middle = (plan.start + plan.end) / 2;
    const posterIndex = Math.max(0, plan.segments.findLastIndex((segment) => segment.start <= middle));
    const edges = new Map<number, number>();
    const profile = plan.pieces.every((piece) => piece.copy) ? null : await probeSourceProfile(work, 'init.mp4', segmentName(0), ffprobeBeside(options.ffmpegPath));
    // Every run settles before anything is cleaned up: on an abort or one failure, the others are
    // killed too (the signal) or finish, and none writes into a removed folder.
    await settleAll([
      // Stream copy; the frames before the start (back to its segment's key frame) stay for the
      // decoder and an edit list hides them, so the MP4 lasts the span to the frame.
      runFfmpeg(
        [...seek(plan.start - (plan.segments[0] as SourceSegment).start), '-i', joined, '-t', (plan.end - plan.start).toFixed(3), '-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', 'clip.mp4'],
        run,
      ),
      // The key frame opening the segment at the clip's middle, one frame decoded (in the first
      // segment, the clip's first frame).
      runFfmpeg(posterArgs(`concat:init.mp4|${segmentName(posterIndex)}`, posterIndex === 0 ? plan.start - (plan.segments[0] as SourceSegment).start : 0), run),
      ...plan.pieces.filter((piece) => !piece.copy).map(async (piece) => edges.set(piece.index, await encodeEdge(piece, profile as SourceProfile, run))),
    ]);
    // The source segments the edges were cut from are not part of the clip.
    for (const piece of plan.pieces) if (!piece.copy) await rm(join(work, segmentName(piece.index)));
    await writeFile(join(work, 'index.m3u8'), playlistOf(plan, edges, event.live));
    signal?.throwIfAborted();
    try {
      // Onto nothing or an empty folder (one made ready for the cut). A folder with files in it is
      // never removed first: every one is complete (written whole, then renamed), and removing it
      // raced with another run renaming its own into place.
      await rename(work, outDir);
    } catch (error) {
      // The same clip cut twice at once (a job retried while its first run still went on): the
      // other run's folder, complete, took the place first; it stays and ours goes.
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
      await rm(work, { recursive: true, force: true });
    }
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
  return { duration: round3(plan.end - plan.start) };
}

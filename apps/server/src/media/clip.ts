import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Picture } from '@grandstand/contract';
import { runFfmpeg } from './ffmpeg.ts';
import { layout, recordingForEvent } from './library.ts';
import { POSTER_HEIGHT_OF, POSTER_WIDTHS } from './pictures.ts';

/**
 * Viewer clips (spec §1, §4 clip lifecycle, §9 "Clip creation up to 5 minutes"): a span of an
 * event's on-demand recording or of its live signal's window, cut into a folder of its own:
 *
 * - `index.m3u8` + `init.mp4` + `seg-NNN.m4s`: the clip's HLS (a VOD playlist), public;
 * - `clip.mp4`: the same span as one MP4 (`+faststart`), served only through a signed download;
 * - `poster.jpg` and `poster-<w>.<jpg|webp>`: a frame of the clip, in the poster widths.
 *
 * Every source segment is 2 s long and starts with a key frame (prepare.ts and live.ts encode so),
 * so a clip is made of whole source segments copied byte for byte: no decoding, no encoding, a
 * 60 s clip in well under a second. The price: a clip starts and ends on a segment boundary, the
 * ones nearest the asked start and end, so it may start up to 1 s off and its duration is within
 * 1 s of the asked one. A live clip's frames carry the wall clock the live signal drew at that
 * moment, since they are that moment's frames.
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

/** Removes a clip's files (its deletion); nothing happens when there are none. */
export async function removeClipMedia(mediaDir: string, channelSlug: string, uuid: string): Promise<void> {
  await rm(clipDir(mediaDir, channelSlug, uuid), { recursive: true, force: true });
}

/** The folder of the event's source: its recording (on demand) or its live signal. */
export function sourceDir(mediaDir: string, event: ClipSourceEvent): string {
  return join(mediaDir, event.live ? layout.liveDir(event.channelSlug, event.eventId) : layout.recordingDir(event.channelSlug, recordingForEvent(event.eventId).id));
}

/** ffmpeg writes `+0000`; Date.parse wants `+00:00`. */
function parseProgramDateTime(text: string): number | null {
  const time = Date.parse(text.trim().replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
  return Number.isFinite(time) ? time : null;
}

/**
 * The segments of an HLS media playlist, placed in the clip time base: on demand, one after the
 * other from 0; live, from their program date-time (a segment without one follows the previous).
 */
export function parsePlaylist(text: string, live: boolean, eventUtcTs: number): SourceSegment[] {
  const segments: SourceSegment[] = [];
  let map = '';
  let duration: number | null = null;
  let programDateTime: number | null = null;
  let position = 0;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-MAP:')) map = /URI="([^"]+)"/.exec(line)?.[1] ?? '';
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) programDateTime = parseProgramDateTime(line.slice('#EXT-X-PROGRAM-DATE-TIME:'.length));
    else if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line !== '' && !line.startsWith('#')) {
      if (duration === null || !Number.isFinite(duration) || map === '') {
        duration = null;
        continue;
      }
      let start = position;
      if (live) {
        const previous = segments.at(-1);
        if (programDateTime !== null) start = programDateTime / 1000 - eventUtcTs;
        else if (previous) start = previous.start + previous.duration;
        else continue;
      }
      segments.push({ uri: line, map, duration, start, programDateTime: live ? (programDateTime ?? Math.round((eventUtcTs + start) * 1000)) : null });
      position = start + duration;
      duration = null;
      programDateTime = null;
    }
  }
  return segments;
}

/** The event's source segments, or null when it has no recording or running signal. */
export async function readClipSource(mediaDir: string, event: ClipSourceEvent): Promise<ClipSource | null> {
  const dir = sourceDir(mediaDir, event);
  let text: string;
  try {
    text = await readFile(join(dir, 'index.m3u8'), 'utf8');
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

/** How far outside the window an asked span may reach: a boundary snaps to within a segment's half. */
const TOLERANCE_S = 1;

/**
 * The whole segments nearest the asked span: the first is the one whose start is nearest `start`,
 * the last the one whose end is nearest `start + duration` (at least one segment).
 */
export function selectSegments(segments: readonly SourceSegment[], start: number, duration: number): SourceSegment[] {
  const first = segments[0];
  const last = segments.at(-1);
  if (!first || !last) throw new ClipError('There is nothing to clip yet. Try again in a few seconds.');
  const end = start + duration;
  if (start < first.start - TOLERANCE_S) {
    throw new ClipError(
      first.programDateTime === null ? 'The clip starts before the recording.' : 'This moment is no longer in the live window. Choose a later start.',
    );
  }
  if (end > last.start + last.duration + TOLERANCE_S) {
    throw new ClipError(first.programDateTime === null ? 'The clip ends after the recording.' : 'The clip ends after the live edge. Choose an earlier start.');
  }
  let from = 0;
  for (let i = 1; i < segments.length; i++) {
    if (Math.abs((segments[i] as SourceSegment).start - start) < Math.abs((segments[from] as SourceSegment).start - start)) from = i;
  }
  let to = from;
  const endOf = (i: number) => (segments[i] as SourceSegment).start + (segments[i] as SourceSegment).duration;
  for (let i = from + 1; i < segments.length; i++) {
    if (Math.abs(endOf(i) - end) < Math.abs(endOf(to) - end)) to = i;
  }
  return segments.slice(from, to + 1);
}

function playlistOf(segments: readonly SourceSegment[], live: boolean): string {
  const target = Math.max(1, Math.ceil(Math.max(...segments.map((s) => s.duration)) - 0.001));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', `#EXT-X-TARGETDURATION:${target}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-INDEPENDENT-SEGMENTS', '#EXT-X-MAP:URI="init.mp4"'];
  segments.forEach((segment, i) => {
    // A live clip keeps its wall clock: a player shows the moment's time as the live one did.
    if (live && segment.programDateTime !== null) lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(segment.programDateTime).toISOString()}`);
    lines.push(`#EXTINF:${segment.duration.toFixed(6)},`, segmentName(i));
  });
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

export const segmentName = (i: number) => `seg-${String(i).padStart(3, '0')}.m4s`;

/** The poster files of a clip: `poster.jpg` (the 640 one) and each width as JPEG and WebP. */
export function clipPosterNames(): string[] {
  return ['poster.jpg', ...POSTER_WIDTHS.flatMap((w) => [`poster-${w}.jpg`, `poster-${w}.webp`])];
}

/** One frame (the key frame opening `input`'s first segment), scaled to every poster width. */
function posterArgs(input: string): string[] {
  const splits = POSTER_WIDTHS.map((_, i) => `[p${i}]`).join('');
  const graph = [`[0:v]split=${POSTER_WIDTHS.length}${splits}`, ...POSTER_WIDTHS.map((w, i) => `[p${i}]scale=${w}:${POSTER_HEIGHT_OF[w]},setsar=1,split=${w === CLIP_POSTER_WIDTH ? 3 : 2}[j${i}][w${i}]${w === CLIP_POSTER_WIDTH ? '[main]' : ''}`)];
  return [
    ...['-i', input, '-filter_complex', graph.join(';')],
    ...POSTER_WIDTHS.flatMap((w, i) => [
      ...['-map', `[j${i}]`, '-frames:v', '1', '-update', '1', '-c:v', 'mjpeg', '-q:v', '4', `poster-${w}.jpg`],
      ...['-map', `[w${i}]`, '-frames:v', '1', '-update', '1', '-c:v', 'libwebp', '-quality', '75', '-f', 'image2', `poster-${w}.webp`],
    ]),
    ...['-map', '[main]', '-frames:v', '1', '-update', '1', '-c:v', 'mjpeg', '-q:v', '4', 'poster.jpg'],
  ];
}

/**
 * Cuts a clip into `outDir`: the clip's HLS (its own VOD playlist and copies of the source's whole
 * segments), `clip.mp4` (those segments remuxed, `+faststart`) and its poster. Everything is
 * written into a work folder beside `outDir` and renamed into place at the end, so `outDir` is
 * either absent or complete; an abort or a failure leaves nothing.
 */
export async function cutClip(options: CutClipOptions): Promise<{ duration: number }> {
  const { mediaDir, event, outDir, signal } = options;
  signal?.throwIfAborted();
  const source = await readClipSource(mediaDir, event);
  if (!source) throw new ClipError(event.live ? 'The live signal is not running. Try again in a few seconds.' : 'This event has no recording to clip.');
  const chosen = selectSegments(source.segments, options.start, options.duration);
  const maps = new Set(chosen.map((segment) => segment.map));
  // A live signal starts a fresh window when its encoder restarts; a span across two is not one clip.
  if (maps.size !== 1) throw new ClipError('The live signal restarted during this moment. Choose a later start.');

  await mkdir(dirname(outDir), { recursive: true });
  const work = join(dirname(outDir), `.work-${basename(outDir)}-${randomBytes(4).toString('hex')}`);
  await mkdir(work);
  try {
    try {
      // Copied at once: a live window deletes its oldest segments as it moves on.
      await copyFile(join(source.dir, chosen[0]?.map as string), join(work, 'init.mp4'));
      await Promise.all(chosen.map((segment, i) => copyFile(join(source.dir, segment.uri), join(work, segmentName(i)))));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ClipError('This moment is no longer in the live window. Choose a later start.', { cause: error });
      throw error;
    }
    signal?.throwIfAborted();
    // The concat protocol reads init + segments as the one fragmented MP4 they are.
    const joined = `concat:${['init.mp4', ...chosen.map((_, i) => segmentName(i))].join('|')}`;
    const poster = `concat:init.mp4|${segmentName(Math.floor(chosen.length / 2))}`;
    const run = { cwd: work, ffmpegPath: options.ffmpegPath, signal };
    await Promise.all([
      runFfmpeg(['-i', joined, '-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', 'clip.mp4'], run),
      runFfmpeg(posterArgs(poster), run),
    ]);
    // The playlist last: the folder is renamed whole anyway, but a reader of the work folder never
    // finds a playlist naming missing files.
    await writeFile(join(work, 'index.m3u8'), playlistOf(chosen, event.live));
    signal?.throwIfAborted();
    await rm(outDir, { recursive: true, force: true });
    await rename(work, outDir);
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
  return { duration: round3(chosen.reduce((sum, segment) => sum + segment.duration, 0)) };
}

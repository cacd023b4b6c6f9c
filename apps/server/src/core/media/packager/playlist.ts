/**
 * The playlists of a live event's packaging (its live window and its recording): each camera
 * connection is a *run*, packaged by its own ffmpeg into its own media playlist (`r<run>.m3u8`, every
 * segment kept); these functions compose what viewers read from all the runs: the live window
 * (`index.m3u8`), and once the event ends its recording (`recording-full.m3u8`, `recording.m3u8`).
 */

/** One segment of a run's media playlist. */
export interface RunSegment {
  /** The run it belongs to (runs are numbered from 1). */
  run: number;
  uri: string;
  /** Its init segment (`EXT-X-MAP`). */
  map: string;
  duration: number;
  /** `EXT-X-PROGRAM-DATE-TIME`, ms since the epoch (ffmpeg writes one per segment), or null. */
  programDateTime: number | null;
}

/** ffmpeg writes `+0000`; Date.parse wants `+00:00`. */
export function parseDateTime(text: string): number | null {
  const time = Date.parse(text.trim().replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
  return Number.isFinite(time) ? time : null;
}

/**
 * The segments of one media playlist as ffmpeg's HLS muxer writes it (tags in either order before
 * the URI line). A segment without a duration or an init is skipped: it cannot be played.
 */
export function parseMediaPlaylist(text: string, run: number): RunSegment[] {
  const segments: RunSegment[] = [];
  let map = '';
  let duration: number | null = null;
  let programDateTime: number | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-MAP:')) map = /URI="([^"]+)"/.exec(line)?.[1] ?? '';
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) programDateTime = parseDateTime(line.slice('#EXT-X-PROGRAM-DATE-TIME:'.length));
    else if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line !== '' && !line.startsWith('#')) {
      if (duration !== null && Number.isFinite(duration) && duration > 0 && map !== '') segments.push({ run, uri: line, map, duration, programDateTime });
      duration = null;
      programDateTime = null;
    }
  }
  // A segment without its own date-time follows the previous one (a playlist that lost a tag).
  for (let i = 1; i < segments.length; i++) {
    const previous = segments[i - 1] as RunSegment;
    const segment = segments[i] as RunSegment;
    if (segment.programDateTime === null && previous.programDateTime !== null) segment.programDateTime = previous.programDateTime + Math.round(previous.duration * 1000);
  }
  return segments;
}

const iso = (ms: number) => new Date(ms).toISOString();

function entries(segments: readonly RunSegment[], withDateTimes: boolean): string[] {
  const lines: string[] = [];
  let map: string | null = null;
  for (const segment of segments) {
    if (segment.map !== map) {
      // Another camera connection: new parameter sets and timestamps (HLS: a discontinuity, a new init).
      if (map !== null) lines.push('#EXT-X-DISCONTINUITY');
      lines.push(`#EXT-X-MAP:URI="${segment.map}"`);
      map = segment.map;
    }
    if (withDateTimes && segment.programDateTime !== null) lines.push(`#EXT-X-PROGRAM-DATE-TIME:${iso(segment.programDateTime)}`);
    lines.push(`#EXTINF:${segment.duration.toFixed(6)},`, segment.uri);
  }
  return lines;
}

/** The target duration a playlist must announce: its longest segment, rounded (RFC 8216 §4.3.3.1). */
function targetDuration(segments: readonly RunSegment[], floor: number): number {
  return Math.max(floor, ...segments.map((segment) => Math.round(segment.duration)));
}

export interface LiveWindowOptions {
  /** How many segments the window keeps (the DVR window: 600 × 1 s = 10 minutes). */
  windowSegments: number;
  /** The target duration never goes below the packager's segment length. */
  minTargetDuration?: number;
  /** The event ended: the window is closed with ENDLIST (players stop polling). */
  ended?: boolean;
}

/**
 * The live window over every run, oldest first: the last `windowSegments` segments, its media
 * sequence counting every segment before it and its discontinuity sequence every run change before
 * it (so a player polling across a reconnection keeps its place on the same timeline), a
 * discontinuity and the new init at each run change, a program date-time on every segment (clips
 * and the player's wall clock use it).
 */
export function composeLiveWindow(all: readonly RunSegment[], options: LiveWindowOptions): string {
  const first = Math.max(0, all.length - options.windowSegments);
  const window = all.slice(first);
  let discontinuities = 0;
  for (let i = 1; i <= first && i < all.length; i++) if ((all[i] as RunSegment).map !== (all[i - 1] as RunSegment).map) discontinuities += 1;
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${targetDuration(window, options.minTargetDuration ?? 1)}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${discontinuities}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
    ...entries(window, true),
  ];
  if (options.ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/** The recording as a VOD playlist: every segment given, discontinuities between runs, ENDLIST. */
export function composeRecording(segments: readonly RunSegment[]): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${targetDuration(segments, 1)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    ...entries(segments, true),
    '#EXT-X-ENDLIST',
  ];
  return `${lines.join('\n')}\n`;
}

/** Seconds of media in the segments. */
export function totalDuration(segments: readonly RunSegment[]): number {
  return Math.round(segments.reduce((sum, segment) => sum + segment.duration, 0) * 1000) / 1000;
}

/**
 * The segments of a recording that overlap [startS, endS] (seconds from its start), and where the
 * kept part starts and ends: a trim is exact to the segment (a second or a GOP), never a transcode.
 */
export function trimSegments(segments: readonly RunSegment[], startS: number, endS: number): { kept: RunSegment[]; startS: number; endS: number } {
  const kept: RunSegment[] = [];
  let position = 0;
  let keptStart: number | null = null;
  let keptEnd = 0;
  for (const segment of segments) {
    const from = position;
    const to = position + segment.duration;
    position = to;
    // Overlaps the range by more than a millisecond (a range ending on a boundary keeps no sliver).
    if (to - startS > 0.001 && endS - from > 0.001) {
      kept.push(segment);
      keptStart ??= from;
      keptEnd = to;
    }
  }
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return { kept, startS: round(keptStart ?? 0), endS: round(keptEnd) };
}

/** A master playlist naming the window's renditions, best first (the ladder). */
export function composeMaster(variants: ReadonlyArray<{ uri: string; width: number; height: number; bandwidth: number; codecs: string | null }>): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const variant of variants) {
    const codecs = variant.codecs ? `,CODECS="${variant.codecs}"` : '';
    // The camera's own size is known once its first segment is probed; until then it goes unsaid.
    const resolution = variant.width > 0 && variant.height > 0 ? `,RESOLUTION=${variant.width}x${variant.height}` : '';
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${Math.max(1, Math.round(variant.bandwidth))}${resolution}${codecs}`, variant.uri);
  }
  return `${lines.join('\n')}\n`;
}

import { join } from 'node:path';

/** One recording of the demo's on-demand library: a test pattern, a title and a tone. */
export interface RecordingSpec {
  id: string;
  seconds: number;
  pattern: 'testsrc2' | 'smptehdbars' | 'life' | 'testsrc';
  /** Hz of the sine track (each recording sounds different). */
  tone: number;
  title: { en: string; fr: string };
}

/**
 * Every finished event plays one of these, per channel (spec: the demo's on-demand recordings).
 * Four distinct recordings are enough to tell events apart while keeping set-up short.
 */
export const RECORDING_LIBRARY: readonly RecordingSpec[] = [
  { id: 'rec-1', seconds: 60, pattern: 'testsrc2', tone: 440, title: { en: 'Season Highlights', fr: 'Faits saillants de la saison' } },
  { id: 'rec-2', seconds: 70, pattern: 'smptehdbars', tone: 523, title: { en: 'Championship Replay', fr: 'Reprise du championnat' } },
  { id: 'rec-3', seconds: 80, pattern: 'life', tone: 587, title: { en: "Coaches' Corner", fr: 'Le coin des entraîneurs' } },
  { id: 'rec-4', seconds: 90, pattern: 'testsrc', tone: 659, title: { en: 'Senior Night', fr: 'Soirée des finissants' } },
];

/** The recording a finished event plays: deterministic, by event id modulo the library size. */
export function recordingForEvent(eventId: number): RecordingSpec {
  return RECORDING_LIBRARY[eventId % RECORDING_LIBRARY.length] as RecordingSpec;
}

/** The media directory's layout; every path below is relative to it. */
export const layout = {
  manifest: 'manifest.json',
  work: '.work',
  recordingDir: (channelSlug: string, recordingId: string) => join('vod', channelSlug, recordingId),
  prerollsDir: 'prerolls',
  /** The playback check's test stream (the site's /simulate): one picture in three renditions. */
  checkDir: 'check',
  liveDir: (channelSlug: string, eventId: number) => join('live', channelSlug, String(eventId)),
  /** A viewer clip's files (`core/media/clip.ts`): its HLS, `clip.mp4` and poster, by the clip's uuid. */
  clipDir: (channelSlug: string, uuid: string) => join('clips', channelSlug, uuid),
  /** Whole recordings remuxed to MP4 for download, made once per recording recipe. */
  downloadsDir: (channelSlug: string) => join('downloads', channelSlug),
};

/** `/media/prerolls/<name>.m3u8` → `<name>`, or null for any other address. */
export function prerollName(url: string): string | null {
  const match = /^\/media\/prerolls\/([a-z0-9][a-z0-9-]{0,80})\.m3u8$/.exec(url);
  return match ? (match[1] as string) : null;
}

/** The file names the media routes may serve: one plain name with a media extension, nothing else. */
export const MEDIA_FILE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,120}\.(m3u8|m4s|mp4|ts|aac|m4a|vtt)$/;

const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  ts: 'video/mp2t',
  aac: 'audio/aac',
  m4a: 'audio/mp4',
  vtt: 'text/vtt; charset=utf-8',
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

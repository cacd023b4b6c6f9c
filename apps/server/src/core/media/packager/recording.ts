import { readFileSync, statSync } from 'node:fs';
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { layout, recordingForEvent } from '../library.ts';

/**
 * What a live event leaves in its folder once it ended (its recording on demand): readers
 * only, so the pictures, clips and downloads can read a recording without the packager's writers.
 */

/** The recording viewers play (trimmed), the untrimmed one trims start from, and its facts. */
export const RECORDING_PLAYLIST = 'recording.m3u8';
export const RECORDING_FULL_PLAYLIST = 'recording-full.m3u8';
export const RECORDING_INFO = 'recording.json';

export interface RecordingInfo {
  /** Seconds of the whole recording (before any trim). */
  durationS: number;
  /** The kept part, seconds from the whole recording's start (segment boundaries). */
  trimStartS: number;
  trimEndS: number;
  /** ISO time the recording was written. */
  readyAt: string;
}

const RecordingInfoFile = z.object({
  durationS: z.number().nonnegative(),
  trimStartS: z.number().nonnegative(),
  trimEndS: z.number().nonnegative(),
  readyAt: z.string(),
});

/** The folder of a live event's packaging: `<mediaDir>/live/<slug>/<eventId>`. */
export function liveDirOf(mediaDir: string, slug: string, eventId: number): string {
  return join(mediaDir, layout.liveDir(slug, eventId));
}

function parseInfo(text: string): RecordingInfo | null {
  try {
    const parsed = RecordingInfoFile.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The event's recording facts, or null while it has none (live, or never went live). */
export async function readRecording(mediaDir: string, slug: string, eventId: number): Promise<RecordingInfo | null> {
  try {
    return parseInfo(await readFile(join(liveDirOf(mediaDir, slug, eventId), RECORDING_INFO), 'utf8'));
  } catch {
    return null;
  }
}

const syncCache = new Map<string, { mtimeMs: number; info: RecordingInfo | null }>();

/**
 * The same, synchronously, for the pictures (an event list names every finished event's poster):
 * one stat per call, the file read again only when it changed.
 */
export function readRecordingSync(mediaDir: string, slug: string, eventId: number): RecordingInfo | null {
  const file = join(liveDirOf(mediaDir, slug, eventId), RECORDING_INFO);
  // Most finished events never had a camera: no error made for them (four times dearer than the
  // look itself, for each listed event of every listing computed).
  let mtimeMs: number;
  try {
    const stats = statSync(file, { throwIfNoEntry: false });
    if (!stats) {
      syncCache.delete(file);
      return null;
    }
    mtimeMs = stats.mtimeMs;
  } catch {
    syncCache.delete(file);
    return null;
  }
  const cached = syncCache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.info;
  let info: RecordingInfo | null;
  try {
    info = parseInfo(readFileSync(file, 'utf8'));
  } catch {
    info = null;
  }
  if (syncCache.size > 5000) syncCache.clear();
  syncCache.set(file, { mtimeMs, info });
  return info;
}

/**
 * Where a finished event's media is: its live recording when the event was streamed from a camera
 * (and the recording has media), else the demo library's recording (`vod/<slug>/<rec>/index.m3u8`).
 */
export async function recordingSourceOf(mediaDir: string, slug: string, eventId: number): Promise<{ dir: string; playlist: string; live: boolean }> {
  const dir = liveDirOf(mediaDir, slug, eventId);
  try {
    await access(join(dir, RECORDING_PLAYLIST));
    if (await readRecording(mediaDir, slug, eventId)) return { dir, playlist: RECORDING_PLAYLIST, live: true };
  } catch {
    // No live recording: the demo library's.
  }
  return { dir: join(mediaDir, layout.recordingDir(slug, recordingForEvent(eventId).id)), playlist: 'index.m3u8', live: false };
}

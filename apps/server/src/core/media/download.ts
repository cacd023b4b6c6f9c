import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DownloadLink } from '@grandstand/contract';
import { z } from 'zod';
import { type Secret, signedTokens } from '../tokens.ts';
import { runFfmpeg } from './ffmpeg.ts';
import { layout, recordingForEvent } from './library.ts';
import { parseMediaPlaylist } from './packager/playlist.ts';
import { recordingSourceOf } from './packager/recording.ts';

/**
 * The MP4 downloads (spec §7 GET /clip/download/{id}, GET /download-event/{id}): a clip's
 * `clip.mp4`, or an event's whole recording remuxed to MP4. The api answers a viewer allowed to
 * download with a short-lived signed address (a DownloadLink); the address is the authorisation,
 * for one file of one channel, on that channel's host only (routes/media).
 */

/** Long enough to start a download the viewer just asked for; a stale link asks the api again. */
export const DOWNLOAD_TOKEN_TTL_SECONDS = 60 * 60;
const NAME_MAX = 120;

const ChannelId = z.number().int().positive();
const FileName = z.string().min(1).max(NAME_MAX + 4);
const DownloadPayload = z.union([
  z.object({ channelId: ChannelId, clip: z.string().uuid(), name: FileName }).strict(),
  z.object({ channelId: ChannelId, eventId: z.number().int().positive(), name: FileName }).strict(),
]);
type DownloadPayload = z.infer<typeof DownloadPayload>;

/** What a download address grants: one clip's or one event's MP4, named `name`, until `expiresAt`. */
export type DownloadGrant = DownloadPayload & { expiresAt: number };

export function downloadTokens(secret: Secret) {
  const tokens = signedTokens(secret, 'media-download', DownloadPayload);
  return {
    sign: (payload: DownloadPayload, expiresAt: number): string => tokens.sign(payload, expiresAt),
    /** The grant, or null when the token is malformed, forged, another purpose's or expired at `nowSeconds`. */
    verify(token: string, nowSeconds = Math.floor(Date.now() / 1000)): DownloadGrant | null {
      const result = tokens.check(token, nowSeconds);
      return result.status === 'valid' ? { ...result.payload, expiresAt: result.expiresAt } : null;
    },
  };
}

/**
 * A readable file name: the clip's or event's name as the viewer knows it (accents kept), without
 * what a file system refuses, `.mp4` added.
 */
export function downloadFileName(name: string, fallback = 'clip'): string {
  const cleaned = name
    .normalize('NFC')
    // Control characters and the characters Windows, macOS or a shell refuse in a file name.
    .replace(/[\p{Cc}\p{Cf}/\\:*?"<>|]+/gu, ' ')
    .replace(/\s+/g, ' ')
    // No hidden file, no `..`.
    .replace(/^[.\s]+/, '')
    .slice(0, NAME_MAX)
    .trim();
  return `${cleaned || fallback}.mp4`;
}

/**
 * `Content-Disposition: attachment` for a file name (RFC 6266): an ASCII `filename` for old
 * clients (accents dropped, other characters replaced) and the exact UTF-8 name as RFC 5987
 * `filename*`, which browsers prefer.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return ascii === fileName ? `attachment; filename="${ascii}"` : `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export interface DownloadUrlOptions {
  /** UTC seconds (tests move it). */
  now?: number;
  ttlSeconds?: number;
}

function link(secret: Secret, payload: DownloadPayload, options: DownloadUrlOptions): DownloadLink {
  const expiresAt = (options.now ?? Math.floor(Date.now() / 1000)) + (options.ttlSeconds ?? DOWNLOAD_TOKEN_TTL_SECONDS);
  const token = downloadTokens(secret).sign(payload, expiresAt);
  return { url: `/media/download/${token}/${encodeURIComponent(payload.name)}`, file_name: payload.name, expires_at: new Date(expiresAt * 1000).toISOString() };
}

/** The signed address of a ready clip's `clip.mp4`, named after the clip. */
export function signedClipDownloadUrl(secret: Secret, input: { channelId: number; uuid: string; name: string }, options: DownloadUrlOptions = {}): DownloadLink {
  return link(secret, { channelId: input.channelId, clip: input.uuid, name: downloadFileName(input.name, 'clip') }, options);
}

/** The signed address of an on-demand event's whole recording as MP4, named after the event. */
export function signedEventDownloadUrl(secret: Secret, input: { channelId: number; eventId: number; name: string }, options: DownloadUrlOptions = {}): DownloadLink {
  return link(secret, { channelId: input.channelId, eventId: input.eventId, name: downloadFileName(input.name, 'recording') }, options);
}

const making = new Map<string, Promise<string>>();

/**
 * A live recording's segments as MP4 input for ffmpeg: each camera connection (its init and its
 * segments, byte for byte: one fragmented MP4) in a file of its own, joined by the concat demuxer,
 * which carries each part's timestamps on after the previous one. Answers ffmpeg's input arguments.
 */
async function liveRecordingInput(dir: string, playlist: string, work: string): Promise<string[]> {
  const segments = parseMediaPlaylist(await readFile(join(dir, playlist), 'utf8'), 0);
  const parts: string[] = [];
  for (const [i, segment] of segments.entries()) {
    if (i === 0 || segments[i - 1]?.map !== segment.map) {
      parts.push(join(work, `part-${parts.length}.mp4`));
      await appendFile(parts.at(-1) as string, await readFile(join(dir, segment.map)));
    }
    await appendFile(parts.at(-1) as string, await readFile(join(dir, segment.uri)));
  }
  if (parts.length === 1) return ['-i', parts[0] as string];
  const list = join(work, 'parts.txt');
  await writeFile(list, parts.map((part) => `file '${part}'`).join('\n'));
  return ['-f', 'concat', '-safe', '0', '-i', list];
}

/**
 * The event's whole recording as one MP4 (`+faststart`), a stream copy of its HLS: its live
 * recording (the camera's game as trimmed) or the demo library's. Made on the first request and kept
 * (`downloads/<slug>/<recording>-<hash of its playlist>.mp4`, so a re-prepared or re-trimmed
 * recording gets a new file and the old one is removed). Concurrent callers share one run. Null when
 * the recording is not ready.
 */
export async function ensureEventDownload(mediaDir: string, channelSlug: string, eventId: number, ffmpegPath?: string): Promise<string | null> {
  const source = await recordingSourceOf(mediaDir, channelSlug, eventId);
  const recording = source.live ? `live-${eventId}` : recordingForEvent(eventId).id;
  const playlist = join(source.dir, source.playlist);
  let text: string;
  try {
    text = await readFile(playlist, 'utf8');
  } catch {
    return null;
  }
  if (!text.includes('#EXT-X-ENDLIST')) return null;
  const dir = join(mediaDir, layout.downloadsDir(channelSlug));
  const name = `${recording}-${createHash('sha256').update(text).digest('hex').slice(0, 12)}.mp4`;
  const file = join(dir, name);
  if (existsSync(file)) return file;
  let run = making.get(file);
  if (!run) {
    run = (async () => {
      await mkdir(dir, { recursive: true });
      const work = join(dir, `.work-${randomBytes(4).toString('hex')}-${name}`);
      const parts = `${work}-parts`;
      try {
        let input = ['-i', playlist];
        if (source.live) {
          await mkdir(parts);
          input = await liveRecordingInput(source.dir, source.playlist, parts);
        }
        await runFfmpeg([...input, '-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', work], { cwd: dir, ffmpegPath });
        await rename(work, file);
      } finally {
        await rm(work, { force: true });
        await rm(parts, { recursive: true, force: true });
      }
      for (const stale of await readdir(dir)) {
        if (stale.startsWith(`${recording}-`) && stale !== name) await rm(join(dir, stale), { force: true });
      }
      return file;
    })().finally(() => making.delete(file));
    making.set(file, run);
  }
  return run;
}

import { z } from 'zod';
import { type Secret, signedTokens } from '../tokens.ts';

/** A download address is asked for right before the browser follows it: a quarter of an hour is plenty. */
export const DOWNLOAD_TOKEN_TTL_SECONDS = 15 * 60;

/** What a download token grants: one clip's MP4, or one event's whole recording, of one channel. */
export interface DownloadGrant {
  channelId: number;
  kind: 'clip' | 'event';
  /** The clip's id (kind clip) or the event's (kind event). */
  id: number;
  expiresAt: number;
}

// Short keys: the token is one path segment of at most 200 characters.
const DownloadPayload = z.object({ c: z.number().int().positive(), k: z.enum(['clip', 'event']), i: z.number().int().positive() }).strict();

/**
 * The MP4 download addresses (`/media/download/<token>`, served by routes/media with
 * `Content-Disposition: attachment`), signed with the media secret for their own purpose, so a
 * stream token never passes for a download and the reverse.
 */
export function downloadTokens(secret: Secret, now: () => number = () => Math.floor(Date.now() / 1000)) {
  const tokens = signedTokens(secret, 'media-download', DownloadPayload);
  return {
    /** The address and its expiry (UTC seconds). */
    url(grant: Omit<DownloadGrant, 'expiresAt'>): { url: string; expiresAt: number } {
      const expiresAt = now() + DOWNLOAD_TOKEN_TTL_SECONDS;
      return { url: `/media/download/${tokens.sign({ c: grant.channelId, k: grant.kind, i: grant.id }, expiresAt)}`, expiresAt };
    },
    /** The grant of a token, or null when it is malformed, forged, another purpose's or expired. */
    verify(token: string): DownloadGrant | null {
      const result = tokens.check(token, now());
      return result.status === 'valid' ? { channelId: result.payload.c, kind: result.payload.k, id: result.payload.i, expiresAt: result.expiresAt } : null;
    },
  };
}

export type DownloadTokens = ReturnType<typeof downloadTokens>;

/**
 * The file name a download is saved under: the clip's or event's name without what file systems
 * refuse or headers cannot carry, never empty, `.mp4` at the end.
 */
export function downloadFileName(name: string, fallback = 'clip'): string {
  const cleaned = name
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f"*/:<>?\\|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 100)
    .trim();
  return `${cleaned || fallback}.mp4`;
}

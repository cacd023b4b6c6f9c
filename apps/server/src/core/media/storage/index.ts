import type { Readable } from 'node:stream';
import { contentTypeOf } from '../library.ts';
import { mimeOf } from '../pictures.ts';
import { LocalMediaStorage } from './local.ts';
import { S3MediaStorage, type S3StorageConfig } from './s3.ts';

/**
 * Where finished media lives (architecture: many instances share it). ffmpeg's work files and a
 * live signal's segments are written to the media dir (local or a shared mount) as they are made;
 * what is finished and never changes again (a clip's HLS, its MP4 and its posters) is put here
 * once, whole, and read from here by the media routes:
 *
 * - `local` (`MEDIA_STORAGE=local`, the default): files under `MEDIA_DIR`, as they always were;
 * - `s3` (`MEDIA_STORAGE=s3`): objects in an S3-compatible bucket (`S3_*`), through the official
 *   SDK, so instances on several machines share them without a shared disk, and a CDN can serve
 *   the public ones from the bucket or through the server.
 *
 * Keys are the media dir's relative paths with `/` (`clips/<channel>/<uuid>/index.m3u8`), so one
 * layout (core/media/library.ts) names a file on disk and an object alike.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Rejects, naming the variable at fault, when the storage cannot be used (a start checks it before serving). */
  check(): Promise<void>;
  /**
   * Puts every file of a finished folder under `prefix` (`clips/<channel>/<uuid>`), replacing
   * whatever was there; the folder is gone afterwards (moved on disk, uploaded to a bucket).
   */
  putFolder(folder: string, prefix: string): Promise<void>;
  /** One stored file, or null; `range` reads part of it (a video element asks for ranges). */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Removes everything under `prefix`; nothing happens when there is nothing. */
  remove(prefix: string): Promise<void>;
  /** The bytes stored under `prefix` (a channel's clips against its quota). */
  bytesUnder(prefix: string): Promise<number>;
  /** The file of a key on this machine's disk (`local`); null for objects held elsewhere. */
  localPath(key: string): string | null;
}

/** `bytes=a-b`, `bytes=a-` and `bytes=-n` (the last n bytes), as HTTP asks for one range. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

export interface StoredObject {
  /** null when the range asked for is unsatisfiable. */
  body: Readable | null;
  /** The whole object's size, whatever part of it `body` carries. */
  size: number;
  lastModified: Date | null;
  etag: string | null;
  /** The part `body` carries when a range was asked for; `unsatisfiable`: none of it exists. */
  range: { start: number; end: number } | 'unsatisfiable' | null;
}

/** The environment's choice (`MEDIA_STORAGE`, `S3_*`: src/config.ts). */
export type MediaStorageConfig = { kind: 'local' } | ({ kind: 's3' } & S3StorageConfig);

export type { S3StorageConfig };

/** The storage the configuration names; `local` keeps its files under `mediaDir`. */
export function createMediaStorage(config: MediaStorageConfig, mediaDir: string): MediaStorage {
  return config.kind === 's3' ? new S3MediaStorage(config) : new LocalMediaStorage(mediaDir);
}

export { LocalMediaStorage, S3MediaStorage };

/** Public media whose address changes when its content does: a CDN and a browser keep it for a year. */
export const PUBLIC_IMMUTABLE = 'public, max-age=31536000, immutable';
/** A playlist or a poster whose address stays while its content may go (a deleted clip): briefly. */
export const PUBLIC_SHORT = 'public, max-age=60';
/** Media behind a signed address: the viewer's browser may keep it, no shared cache may. */
export const PRIVATE_IMMUTABLE = 'private, max-age=31536000, immutable';
export const PRIVATE_SHORT = 'private, max-age=60';

/** A stored file's content type, by its name: the media types and the pictures'. */
export function storedContentType(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  const media = contentTypeOf(key);
  return media !== 'application/octet-stream' ? media : mimeOf(ext);
}

/**
 * The `Range` header of a request for one range, or null for none, several or a malformed one
 * (the whole object is sent then, as RFC 9110 allows a server to).
 */
export function parseRange(header: string | undefined): ByteRange | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') return { suffix: Number(match[2]) };
  const start = Number(match[1]);
  if (match[2] === '') return { start };
  const end = Number(match[2]);
  return end < start ? null : { start, end };
}

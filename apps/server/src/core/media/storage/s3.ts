import { readdir, readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { type ByteRange, type MediaStorage, type StoredObject, storedContentType } from './index.ts';

/** `S3_*` (src/config.ts): the bucket, and where and how to reach it. */
export interface S3StorageConfig {
  bucket: string;
  /** `S3_ENDPOINT`: an S3-compatible service's origin; unset: AWS's, from the region. */
  endpoint: string | undefined;
  region: string;
  /** `S3_ACCESS_KEY_ID`/`S3_SECRET_ACCESS_KEY`; unset: the SDK's own chain (an instance role, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `S3_FORCE_PATH_STYLE`: `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>` (most S3-compatible servers). */
  forcePathStyle: boolean;
}

/** Files put at once: a clip is a few dozen small files, uploaded in parallel but not all together. */
const UPLOADS_AT_ONCE = 4;

/**
 * Finished media as objects of an S3-compatible bucket (`MEDIA_STORAGE=s3`), through the official
 * SDK. The bucket stays private: the server reads it and answers the media routes with their
 * checks (share links, signed addresses) and cache headers, and a CDN in front of the server keeps
 * what those headers let it keep.
 */
export class S3MediaStorage implements MediaStorage {
  readonly kind = 's3';
  readonly client: S3Client;
  readonly bucket: string;

  constructor(config: S3StorageConfig) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      forcePathStyle: config.forcePathStyle,
    });
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = error instanceof S3ServiceException ? ` (HTTP ${error.$metadata.httpStatusCode})` : '';
      // The bucket is named, never the keys.
      throw new Error(`S3_BUCKET: the bucket "${this.bucket}" cannot be reached${status}: ${error instanceof Error ? error.message || error.name : String(error)}`, { cause: error });
    }
  }

  localPath(): null {
    return null;
  }

  async putFolder(folder: string, prefix: string): Promise<void> {
    const files = (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
    const keys = new Set(files.map((file) => `${prefix}/${relative(folder, file).split('\\').join('/')}`));
    // What an earlier attempt left under the prefix and this one does not write goes first.
    const stale = (await this.#keysUnder(prefix)).filter((key) => !keys.has(key.key)).map((key) => key.key);
    await this.#delete(stale);
    const queue = [...files];
    await Promise.all(
      Array.from({ length: Math.min(UPLOADS_AT_ONCE, queue.length) }, async () => {
        for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
          const key = `${prefix}/${relative(folder, file).split('\\').join('/')}`;
          await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: await readFile(file), ContentType: storedContentType(key) }));
        }
      }),
    );
    await rm(folder, { recursive: true, force: true });
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    if (range !== undefined && 'suffix' in range) {
      // The last n bytes, asked for by their place: not every S3-compatible server reads `bytes=-n`.
      const size = await this.#sizeOf(key);
      if (size === null) return null;
      if (range.suffix === 0 || size === 0) return this.get(key, { start: size });
      return this.get(key, { start: Math.max(0, size - range.suffix), end: size - 1 });
    }
    const header = range === undefined ? undefined : `bytes=${range.start}-${range.end ?? ''}`;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: header }));
      const common = { lastModified: object.LastModified ?? null, etag: object.ETag ?? null };
      const contentRange = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(object.ContentRange ?? '');
      const body = object.Body as Readable;
      if (contentRange) return { ...common, body, size: Number(contentRange[3]), range: { start: Number(contentRange[1]), end: Number(contentRange[2]) } };
      // A server that answers a range with the whole object: sent whole, as asked-for-nothing.
      return { ...common, body, size: object.ContentLength ?? 0, range: null };
    } catch (error) {
      if (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)) return null;
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416) {
        const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key })).catch(() => null);
        if (head === null) return null;
        return { body: null, size: head.ContentLength ?? 0, lastModified: head.LastModified ?? null, etag: head.ETag ?? null, range: 'unsatisfiable' };
      }
      throw error;
    }
  }

  async #sizeOf(key: string): Promise<number | null> {
    try {
      return (await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }))).ContentLength ?? 0;
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async remove(prefix: string): Promise<void> {
    await this.#delete((await this.#keysUnder(prefix)).map((key) => key.key));
  }

  async bytesUnder(prefix: string): Promise<number> {
    return (await this.#keysUnder(prefix)).reduce((total, key) => total + key.size, 0);
  }

  /** Every object under `prefix/`, page by page. */
  async #keysUnder(prefix: string): Promise<{ key: string; size: number }[]> {
    const keys: { key: string; size: number }[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${prefix}/`, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key !== undefined) keys.push({ key: object.Key, size: object.Size ?? 0 });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
    return keys;
  }

  /** Deletes keys a thousand at a time (the most one call takes). */
  async #delete(keys: readonly string[]): Promise<void> {
    for (let at = 0; at < keys.length; at += 1000) {
      const batch = keys.slice(at, at + 1000);
      const result = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
      if (result.Errors && result.Errors.length > 0) throw new Error(`S3: could not delete ${result.Errors.length} object(s), first ${result.Errors[0]?.Key}: ${result.Errors[0]?.Message}`);
    }
  }
}

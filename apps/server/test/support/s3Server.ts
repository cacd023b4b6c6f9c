import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3StorageConfig } from '../../src/core/media/storage/index.ts';

/**
 * An S3-compatible server for tests, started on the loopback with its objects in a temporary
 * folder: @20minutes/s3rver, the maintained fork of s3rver (current dependencies, Node 24), a
 * stand-in at the outside boundary where a real bucket (AWS, MinIO, R2) would be. It knows only
 * its fixed test key pair. Its signature check is off: for a bucket-wide call (list, delete
 * several) it signs the path without the trailing slash that today's SDK sends and signs
 * (`/media/`), so it refuses every such call; object calls would pass it. The signing is the SDK's.
 */
interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
  allowMismatchedSignatures: boolean;
}) => S3rverInstance;

const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;

export interface TestS3Server {
  /** The storage configuration that reaches it (path style, its key pair). */
  config: S3StorageConfig;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'media'): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }], allowMismatchedSignatures: true });
  const { port } = await server.run();
  return {
    config: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

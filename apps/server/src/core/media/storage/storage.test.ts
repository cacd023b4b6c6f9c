import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalMediaStorage, type MediaStorage, parseRange, S3MediaStorage } from './index.ts';
import { startS3Server, type TestS3Server } from '../../../../test/support/s3Server.ts';

// The two media storages answer alike (core/media/storage/index.ts): a finished folder put whole,
// read back (whole and by range), measured and removed.
let s3: TestS3Server;
let work: string;

beforeAll(async () => {
  s3 = await startS3Server();
  work = await mkdtemp(join(tmpdir(), 'media-storage-'));
});
afterAll(async () => {
  await s3?.close();
  await rm(work, { recursive: true, force: true });
});

async function folder(name: string, files: Record<string, string>): Promise<string> {
  const dir = join(work, name);
  await mkdir(dir, { recursive: true });
  for (const [file, content] of Object.entries(files)) await writeFile(join(dir, file), content);
  return dir;
}

const read = async (storage: MediaStorage, key: string, range?: Parameters<MediaStorage['get']>[1]) => {
  const object = await storage.get(key, range);
  return object === null ? null : { ...object, text: object.body === null ? null : await text(object.body) };
};

describe.each([
  ['local', () => new LocalMediaStorage(join(work, 'root'))],
  ['s3', () => new S3MediaStorage(s3.config)],
] as const)('the %s media storage', (kind, make) => {
  it('puts a finished folder whole, replacing the earlier one, and reads it back', async () => {
    const storage = make();
    expect(storage.kind).toBe(kind);
    const first = await folder(`${kind}-a`, { 'index.m3u8': '#EXTM3U\n', 'old.m4s': 'old' });
    await storage.putFolder(first, 'clips/alpha/one');
    expect(existsSync(first)).toBe(false);
    const second = await folder(`${kind}-b`, { 'index.m3u8': '#EXTM3U\n#EXT-X-ENDLIST\n', 'seg-000.m4s': '0123456789' });
    await storage.putFolder(second, 'clips/alpha/one');
    expect((await read(storage, 'clips/alpha/one/index.m3u8'))?.text).toBe('#EXTM3U\n#EXT-X-ENDLIST\n');
    // The earlier attempt's file that the new one does not have is gone.
    expect(await storage.get('clips/alpha/one/old.m4s')).toBeNull();
    expect(await storage.get('clips/alpha/two/index.m3u8')).toBeNull();
    expect(await storage.bytesUnder('clips/alpha')).toBe('#EXTM3U\n#EXT-X-ENDLIST\n'.length + 10);
    if (kind === 'local') expect(await readdir(storage.localPath('clips/alpha/one')!)).toEqual(['index.m3u8', 'seg-000.m4s']);
    else expect(storage.localPath('clips/alpha/one')).toBeNull();
  });

  it('reads a range, the last bytes, and says when a range is past the end', async () => {
    const storage = make();
    const whole = await read(storage, 'clips/alpha/one/seg-000.m4s');
    expect(whole).toMatchObject({ text: '0123456789', size: 10, range: null });
    expect(whole?.lastModified).toBeInstanceOf(Date);
    expect(await read(storage, 'clips/alpha/one/seg-000.m4s', { start: 2, end: 4 })).toMatchObject({ text: '234', size: 10, range: { start: 2, end: 4 } });
    expect(await read(storage, 'clips/alpha/one/seg-000.m4s', { start: 7 })).toMatchObject({ text: '789', range: { start: 7, end: 9 } });
    expect(await read(storage, 'clips/alpha/one/seg-000.m4s', { suffix: 2 })).toMatchObject({ text: '89', range: { start: 8, end: 9 } });
    expect(await read(storage, 'clips/alpha/one/seg-000.m4s', { start: 10 })).toMatchObject({ body: null, size: 10, range: 'unsatisfiable' });
  });

  it('removes everything under a prefix, and nothing else', async () => {
    const storage = make();
    await storage.putFolder(await folder(`${kind}-c`, { 'index.m3u8': 'x' }), 'clips/alpha/onex');
    await storage.remove('clips/alpha/one');
    expect(await storage.get('clips/alpha/one/index.m3u8')).toBeNull();
    expect(await storage.get('clips/alpha/one/seg-000.m4s')).toBeNull();
    // A prefix is a folder: `one` is not the start of `onex`.
    expect((await read(storage, 'clips/alpha/onex/index.m3u8'))?.text).toBe('x');
    await storage.remove('clips/alpha/nothing-here');
    expect(await storage.bytesUnder('clips/alpha')).toBe(1);
  });
});

describe('the start check', () => {
  it('passes for a bucket that is there and the media dir, and names S3_BUCKET for one that is not', async () => {
    await new S3MediaStorage(s3.config).check();
    await new LocalMediaStorage(join(work, 'not-made-yet')).check();
    await expect(new S3MediaStorage({ ...s3.config, bucket: 'no-such-bucket' }).check()).rejects.toThrow(/^S3_BUCKET: the bucket "no-such-bucket" cannot be reached \(HTTP 404\)/);
    await expect(new S3MediaStorage({ ...s3.config, endpoint: 'http://127.0.0.1:9' }).check()).rejects.toThrow(/^S3_BUCKET: /);
  });
});

describe('a Range header', () => {
  it('is read for one range and ignored when it is several, reversed or not bytes', () => {
    expect(parseRange('bytes=0-99')).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-')).toEqual({ start: 100 });
    expect(parseRange('bytes=-500')).toEqual({ suffix: 500 });
    expect(parseRange(undefined)).toBeNull();
    expect(parseRange('bytes=0-1,5-6')).toBeNull();
    expect(parseRange('bytes=9-3')).toBeNull();
    expect(parseRange('items=0-1')).toBeNull();
    expect(parseRange('bytes=-')).toBeNull();
  });
});

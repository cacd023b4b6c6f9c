import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import type { ByteRange, MediaStorage, StoredObject } from './index.ts';

/**
 * Finished media as files under the media dir (`MEDIA_DIR`, the default): a folder is moved into
 * place in one rename, so a reader sees it whole or not at all. Instances on several machines
 * share it as a shared mount of that dir.
 */
export class LocalMediaStorage implements MediaStorage {
  readonly kind = 'local';
  readonly #root: string;

  constructor(root: string) {
    this.#root = root;
  }

  async check(): Promise<void> {
    // The media dir is made as files are written: nothing to reach.
  }

  localPath(key: string): string {
    return join(this.#root, ...key.split('/'));
  }

  async putFolder(folder: string, prefix: string): Promise<void> {
    const target = this.localPath(prefix);
    await rm(target, { recursive: true, force: true });
    await mkdir(dirname(target), { recursive: true });
    await rename(folder, target);
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const path = this.localPath(key);
    let handle;
    try {
      handle = await open(path, 'r');
    } catch {
      return null;
    }
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) return null;
      const part = range === undefined ? null : rangeOf(range, stats.size);
      const common = { size: stats.size, lastModified: stats.mtime, etag: `"${stats.size.toString(16)}-${stats.mtimeMs.toString(16)}"` };
      if (part === 'unsatisfiable') return { ...common, body: null, range: part };
      // The stream owns the descriptor from here (autoClose), so the file read is the one opened.
      const body = handle.createReadStream(part === null ? {} : { start: part.start, end: part.end });
      handle = undefined;
      return { ...common, body, range: part };
    } finally {
      await handle?.close();
    }
  }

  async remove(prefix: string): Promise<void> {
    await rm(this.localPath(prefix), { recursive: true, force: true });
  }

  async bytesUnder(prefix: string): Promise<number> {
    let entries;
    try {
      entries = await readdir(this.localPath(prefix), { recursive: true, withFileTypes: true });
    } catch {
      return 0;
    }
    let total = 0;
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      // A file removed meanwhile (a clip deleted) counts nothing.
      total += await stat(entry.parentPath + sep + entry.name).then((s) => s.size, () => 0);
    }
    return total;
  }
}

/** The bytes a range names in an object of `size` bytes (inclusive), or `unsatisfiable`. */
export function rangeOf(range: ByteRange, size: number): { start: number; end: number } | 'unsatisfiable' {
  if ('suffix' in range) {
    if (range.suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size) return 'unsatisfiable';
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { constants, existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { childEnvironment, DEFAULT_FFMPEG_PATH, runFfmpeg, type RunOptions } from './ffmpeg.ts';

/**
 * Prepared media kept by content, across media folders and clones of the repository: the demo, the
 * end-to-end server and the server's tests package the same recordings with the same recipe, and
 * each fresh folder used to encode them all again (about a minute of both cores for the demo's 48
 * items at 240p). An entry is named by everything that decides its bytes: the ffmpeg arguments, the
 * texts they draw and the ffmpeg build. `MEDIA_CACHE_DIR` moves it; `off` turns it off.
 */
export const MEDIA_CACHE_OFF = 'off';

/** Entries unused this long are removed when another is stored: a changed recipe leaves its old entries behind. */
const UNUSED_FOR_MS = 30 * 24 * 3600 * 1000;

/** `MEDIA_CACHE_DIR`, else `$XDG_CACHE_HOME/grandstand/media` (`~/.cache/…`); null when set to `off`. */
export function mediaCacheDir(env: Readonly<Record<string, string | undefined>>): string | null {
  const set = env.MEDIA_CACHE_DIR?.trim();
  if (set === MEDIA_CACHE_OFF) return null;
  if (set) return set;
  return join(env.XDG_CACHE_HOME?.trim() || join(homedir(), '.cache'), 'grandstand', 'media');
}

const versions = new Map<string, Promise<string>>();

/** The ffmpeg build's first line (`ffmpeg version 5.1.6-0+deb12u1 …`), asked once per binary. */
function ffmpegBuild(ffmpegPath: string): Promise<string> {
  let version = versions.get(ffmpegPath);
  if (!version) {
    version = promisify(execFile)(ffmpegPath, ['-version'], { env: childEnvironment() }).then(({ stdout }) => stdout.split('\n')[0] ?? '');
    // A binary that cannot start fails the run itself, with runFfmpeg's own message.
    version.catch(() => versions.delete(ffmpegPath));
    versions.set(ffmpegPath, version);
  }
  return version;
}

export interface CachedRunOptions extends RunOptions {
  /** The cache folder (`mediaCacheDir(env)`, read by src/config.ts); null: always run ffmpeg. */
  cacheDir: string | null;
  /** The files ffmpeg reads from `cwd` (drawtext's texts), by name: part of what the entry is named by. */
  inputs: Readonly<Record<string, string>>;
  /** Throws when ffmpeg's output in `cwd` is unusable: run before anything is stored or returned. */
  check(): Promise<void>;
}

async function copyInto(from: string, to: string, names: readonly string[]): Promise<void> {
  // A copy, never a link: a test or an operator writing into a media folder must not change the cache.
  for (const name of names) await copyFile(join(from, name), join(to, name), constants.COPYFILE_FICLONE);
}

async function prune(cacheDir: string, now: number): Promise<void> {
  for (const entry of await readdir(cacheDir).catch(() => [])) {
    const path = join(cacheDir, entry);
    const info = await stat(path).catch(() => null);
    if (info && now - info.mtimeMs > UNUSED_FOR_MS) await rm(path, { recursive: true, force: true });
  }
}

/**
 * Runs ffmpeg in `cwd` as `runFfmpeg` does, or, when the cache holds the output of the same run,
 * copies that output into `cwd` instead. The files ffmpeg wrote are stored for the next caller.
 */
export async function runFfmpegCached(args: readonly string[], options: CachedRunOptions): Promise<void> {
  const { cacheDir, inputs, check, ...run } = options;
  const build = cacheDir === null ? null : await ffmpegBuild(run.ffmpegPath ?? DEFAULT_FFMPEG_PATH).catch(() => null);
  if (cacheDir === null || build === null) {
    await runFfmpeg(args, run);
    return check();
  }
  const key = createHash('sha256').update(JSON.stringify({ build, args, inputs })).digest('hex').slice(0, 32);
  const entry = join(cacheDir, key);
  if (existsSync(entry)) {
    try {
      await copyInto(entry, run.cwd, await readdir(entry));
      await check();
      const now = new Date();
      await utimes(entry, now, now);
      return;
    } catch {
      // Removed while being read (pruned by another run), or damaged: made anew, and stored again.
      await rm(entry, { recursive: true, force: true });
    }
  }
  const before = new Set(await readdir(run.cwd));
  await runFfmpeg(args, run);
  await check();
  const produced = (await readdir(run.cwd)).filter((name) => !before.has(name));
  // Stored under a private name, then renamed: a reader never sees half an entry, and of two runs
  // storing the same entry at once the first one's stays.
  const partial = `${entry}.${randomBytes(6).toString('hex')}.partial`;
  try {
    await mkdir(partial, { recursive: true });
    await copyInto(run.cwd, partial, produced);
    await rename(partial, entry);
    await prune(cacheDir, Date.now());
  } catch {
    // A full or read-only cache costs the next run its time, never this one its result.
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
}

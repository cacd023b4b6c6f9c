import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mediaCacheDir, runFfmpegCached } from './cache.ts';
import { ensureSlideVariants, slideVariantNames } from './variants.ts';

let root: string;
let runs: string;
let ffmpeg: string;
let counter = 0;

/** ffmpeg itself, behind a script that counts the runs that are not `-version` and can claim another build. */
async function countingFfmpeg(build: string): Promise<string> {
  const path = join(root, `ffmpeg-${counter++}`);
  await writeFile(
    path,
    `#!/bin/sh\nif [ "$1" = "-version" ]; then echo "${build}"; exit 0; fi\necho run >> "${runs}"\nexec ffmpeg "$@"\n`,
  );
  await chmod(path, 0o755);
  return path;
}

async function runCount(): Promise<number> {
  return (await readFile(runs, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;
}

async function workDir(texts: Record<string, string> = {}): Promise<string> {
  const dir = await mkdtemp(join(root, 'work-'));
  for (const [name, text] of Object.entries(texts)) await writeFile(join(dir, name), text);
  return dir;
}

// One frame of a drawn text to a PNG: what a packaging run does, in milliseconds.
const ARGS = ['-f', 'lavfi', '-i', 'color=c=red:s=32x32:d=0.1', '-vf', 'drawtext=textfile=label.txt:fontcolor=white', '-frames:v', '1', 'out.png'];
const exists = (dir: string) => async () => {
  await readFile(join(dir, 'out.png'));
};

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'grandstand-media-cache-'));
  runs = join(root, 'runs.log');
  ffmpeg = await countingFfmpeg('ffmpeg version test-build');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('runFfmpegCached', () => {
  it('runs ffmpeg once for the same arguments and texts: the next folder gets a copy of the output', async () => {
    const cacheDir = join(root, 'cache-same');
    const first = await workDir({ 'label.txt': 'Recording 1' });
    await runFfmpegCached(ARGS, { cwd: first, ffmpegPath: ffmpeg, cacheDir, inputs: { 'label.txt': 'Recording 1' }, check: exists(first) });
    const second = await workDir({ 'label.txt': 'Recording 1' });
    const before = await runCount();
    await runFfmpegCached(ARGS, { cwd: second, ffmpegPath: ffmpeg, cacheDir, inputs: { 'label.txt': 'Recording 1' }, check: exists(second) });
    expect(await runCount()).toBe(before);
    expect(await readFile(join(second, 'out.png'))).toEqual(await readFile(join(first, 'out.png')));
    // Only what ffmpeg wrote is kept, never the texts it read.
    const [entry] = await readdir(cacheDir);
    expect(await readdir(join(cacheDir, entry!))).toEqual(['out.png']);
  });

  it('runs again for other texts, another ffmpeg build, or with the cache off', async () => {
    const cacheDir = join(root, 'cache-other');
    const run = async (text: string, ffmpegPath: string, cache: string | null) => {
      const cwd = await workDir({ 'label.txt': text });
      const before = await runCount();
      await runFfmpegCached(ARGS, { cwd, ffmpegPath, cacheDir: cache, inputs: { 'label.txt': text }, check: exists(cwd) });
      return (await runCount()) - before;
    };
    expect(await run('Home', ffmpeg, cacheDir)).toBe(1);
    expect(await run('Home', ffmpeg, cacheDir)).toBe(0);
    expect(await run('Away', ffmpeg, cacheDir)).toBe(1);
    expect(await run('Home', await countingFfmpeg('ffmpeg version another-build'), cacheDir)).toBe(1);
    expect(await run('Home', ffmpeg, null)).toBe(1);
    expect(await run('Home', ffmpeg, null)).toBe(1);
  });

  it('stores nothing when the output fails its check, and the error reaches the caller', async () => {
    const cacheDir = join(root, 'cache-check');
    const cwd = await workDir({ 'label.txt': 'Final' });
    const check = async () => {
      throw new Error('unfinished playlist');
    };
    await expect(runFfmpegCached(ARGS, { cwd, ffmpegPath: ffmpeg, cacheDir, inputs: { 'label.txt': 'Final' }, check })).rejects.toThrow('unfinished playlist');
    expect(await readdir(cacheDir).catch(() => [])).toEqual([]);
  });

  it('copies, never links: writing into a media folder leaves the stored output as it was', async () => {
    const cacheDir = join(root, 'cache-copy');
    const first = await workDir({ 'label.txt': 'Copy' });
    await runFfmpegCached(ARGS, { cwd: first, ffmpegPath: ffmpeg, cacheDir, inputs: { 'label.txt': 'Copy' }, check: exists(first) });
    const stored = await readFile(join(first, 'out.png'));
    await writeFile(join(first, 'out.png'), 'overwritten');
    const second = await workDir({ 'label.txt': 'Copy' });
    await runFfmpegCached(ARGS, { cwd: second, ffmpegPath: ffmpeg, cacheDir, inputs: { 'label.txt': 'Copy' }, check: exists(second) });
    expect(await readFile(join(second, 'out.png'))).toEqual(stored);
  });

  it('makes a damaged entry anew', async () => {
    const cacheDir = join(root, 'cache-damaged');
    const first = await workDir({ 'label.txt': 'Damaged' });
    await runFfmpegCached(ARGS, { cwd: first, ffmpegPath: ffmpeg, cacheDir, inputs: { 'label.txt': 'Damaged' }, check: exists(first) });
    const [entry] = await readdir(cacheDir);
    await rm(join(cacheDir, entry!, 'out.png'));
    await mkdir(join(cacheDir, entry!), { recursive: true });
    const second = await workDir({ 'label.txt': 'Damaged' });
    const before = await runCount();
    await runFfmpegCached(ARGS, { cwd: second, ffmpegPath: ffmpeg, cacheDir, inputs: { 'label.txt': 'Damaged' }, check: exists(second) });
    expect(await runCount()).toBe(before + 1);
    expect(await readdir(join(cacheDir, entry!))).toEqual(['out.png']);
  });
});

describe('the slides\' sizes', () => {
  it('come from the cache for the same picture in another channel folder (another clone of the repository)', async () => {
    const cacheDir = join(root, 'cache-slides');
    const picture = join(root, 'slide.jpg');
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=navy:s=320x180', '-frames:v', '1', picture]);
    const elsewhere = join(await mkdtemp(join(root, 'clone-')), 'slide.jpg');
    await writeFile(elsewhere, await readFile(picture));
    const first = await mkdtemp(join(root, 'slides-'));
    await ensureSlideVariants(picture, first, 'abc123', ffmpeg, cacheDir);
    const before = await runCount();
    const second = await mkdtemp(join(root, 'slides-'));
    await ensureSlideVariants(elsewhere, second, 'abc123', ffmpeg, cacheDir);
    expect(await runCount()).toBe(before);
    expect((await readdir(second)).sort()).toEqual(slideVariantNames('abc123').sort());
  });
});

describe('mediaCacheDir', () => {
  it('is MEDIA_CACHE_DIR, off, or under the user cache folder', () => {
    expect(mediaCacheDir({ MEDIA_CACHE_DIR: '/srv/media-cache' })).toBe('/srv/media-cache');
    expect(mediaCacheDir({ MEDIA_CACHE_DIR: 'off' })).toBeNull();
    expect(mediaCacheDir({ XDG_CACHE_HOME: '/home/ops/.cache' })).toBe('/home/ops/.cache/grandstand/media');
  });
});

import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { runFfmpegCached } from './cache.ts';
import { CARD_WIDTHS, SLIDE_WIDTHS } from './pictures.ts';

export type PictureFormat = 'jpg' | 'webp' | 'avif';

/** A drawn card's formats: flat colours and type, which WebP already makes small. */
export const CARD_FORMATS: readonly PictureFormat[] = ['jpg', 'webp'];
/**
 * A photograph's (a hero image, a frame of a video): AVIF as well, at about half WebP's size for the
 * same look (a recording's poster at 854 px: 36 KB against 71), for a third of a second more work.
 */
export const PHOTO_FORMATS: readonly PictureFormat[] = ['jpg', 'webp', 'avif'];

/**
 * ffmpeg's AVIF for a still picture: libaom's fastest preset on one thread (the pictures are made two
 * at a time on two cores), at a quality near WebP's at 72-75.
 */
export const AVIF_STILL = ['-c:v', 'libaom-av1', '-still-picture', '1', '-crf', '40', '-cpu-used', '8', '-threads', '1', '-pix_fmt', 'yuv420p', '-f', 'avif'] as const;

/** The variant files of one picture, by its content hash: each width in each format. */
export function variantNames(hash: string, widths: readonly number[], formats: readonly PictureFormat[] = CARD_FORMATS): string[] {
  return widths.flatMap((width) => formats.map((format) => `${hash}-${width}.${format}`));
}

/** The variant files of one hero image. */
export function slideVariantNames(hash: string): string[] {
  return variantNames(hash, SLIDE_WIDTHS, PHOTO_FORMATS);
}

/** Each format's encoder for a sized variant. */
const ENCODER: Record<PictureFormat, readonly string[]> = {
  jpg: ['-c:v', 'mjpeg', '-q:v', '5'],
  webp: ['-c:v', 'libwebp', '-quality', '72', '-f', 'image2'],
  avif: AVIF_STILL,
};

const running = new Map<string, Promise<void>>();

/**
 * At most two pictures are made at once (two cores): a first page of a dozen new cards, or a
 * client asking for every card at once, queues its ffmpeg runs rather than starting them all.
 */
const MAX_RUNS = 2;
let active = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  // A finished run hands its place to the next in line, so no newcomer slips in between.
  if (active >= MAX_RUNS) await new Promise<void>((resolve) => waiting.push(resolve));
  else active += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  }
}

/**
 * Makes a picture's sized variants (16:9, each width in each format) with one ffmpeg run that
 * decodes the source once, into `dir`; kept when present. Concurrent callers share one run. The
 * files appear together, moved in from a work folder, so a reader never sees half of one.
 */
function ensureVariants(input: { file: string } | { svg: () => string }, dir: string, hash: string, widths: readonly number[], formats: readonly PictureFormat[], ffmpegPath?: string, cacheDir: string | null = null): Promise<void> {
  if (variantNames(hash, widths, formats).every((name) => existsSync(join(dir, name)))) return Promise.resolve();
  const key = join(dir, hash);
  let run = running.get(key);
  if (!run) {
    run = (async () => {
      await mkdir(dir, { recursive: true });
      const work = await mkdtemp(join(dir, `.work-${hash}-`));
      try {
        let source: string[];
        let sourceName: string;
        if ('svg' in input) {
          sourceName = 'source.svg';
          await writeFile(join(work, sourceName), input.svg());
          // librsvg draws the SVG at the largest width itself, so every size is sharp.
          const largest = Math.max(...widths);
          source = ['-width', String(largest), '-height', String(Math.round((largest * 9) / 16)), '-i', sourceName];
        } else {
          // Read from the work folder, so the run's arguments name the picture by its content hash
          // (in the outputs' names) and not by where the channel folder happens to be: the media
          // cache then serves another clone of the repository too.
          sourceName = `source${extname(input.file).toLowerCase()}`;
          await copyFile(input.file, join(work, sourceName));
          source = ['-i', sourceName];
        }
        const splits = widths.map((_, i) => `[s${i}]`).join('');
        const graph = [`[0:v]split=${widths.length}${splits}`];
        const outputs: string[] = [];
        widths.forEach((width, i) => {
          const height = Math.round((width * 9) / 16);
          graph.push(`[s${i}]scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1,format=yuv420p,split=${formats.length}${formats.map((format) => `[${format}${i}]`).join('')}`);
          for (const format of formats) outputs.push('-map', `[${format}${i}]`, '-frames:v', '1', ...ENCODER[format], `${hash}-${width}.${format}`);
        });
        const names = variantNames(hash, widths, formats);
        await inTurn(() =>
          runFfmpegCached([...source, '-filter_complex', graph.join(';'), ...outputs], {
            cwd: work,
            ffmpegPath,
            cacheDir,
            inputs: 'svg' in input ? { [sourceName]: input.svg() } : {},
            check: async () => {
              const missing = names.filter((name) => !existsSync(join(work, name)));
              if (missing.length > 0) throw new Error(`ffmpeg left out ${missing.join(', ')}`);
            },
          }),
        );
        for (const name of await readdir(work)) if (name !== sourceName) await rename(join(work, name), join(dir, name));
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    })().finally(() => running.delete(key));
    running.set(key, run);
  }
  return run;
}

/** A hero image's variants (cropped to 16:9 from the channel folder's file). */
export function ensureSlideVariants(source: string, dir: string, hash: string, ffmpegPath?: string, cacheDir: string | null = null): Promise<void> {
  return ensureVariants({ file: source }, dir, hash, SLIDE_WIDTHS, PHOTO_FORMATS, ffmpegPath, cacheDir);
}

/**
 * An upcoming event's drawn card as pictures: the page shows a JPEG or WebP rather than the SVG,
 * which a browser would parse, lay out and paint as a document of its own on the page's main thread
 * (text, gradients and patterns, for every card in view), and which link previews do not take.
 * The SVG is drawn only when the pictures are to be made, not on each request for kept ones.
 */
export function ensureCardVariants(draw: () => string, dir: string, hash: string, ffmpegPath?: string): Promise<void> {
  return ensureVariants({ svg: draw }, dir, hash, CARD_WIDTHS, CARD_FORMATS, ffmpegPath);
}

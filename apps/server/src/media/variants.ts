import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runFfmpeg } from './ffmpeg.ts';
import { CARD_WIDTHS, SLIDE_WIDTHS } from './pictures.ts';

/** The variant files of one picture, by its content hash: each width as JPEG and WebP. */
export function variantNames(hash: string, widths: readonly number[]): string[] {
  return widths.flatMap((width) => [`${hash}-${width}.jpg`, `${hash}-${width}.webp`]);
}

/** The variant files of one hero image. */
export function slideVariantNames(hash: string): string[] {
  return variantNames(hash, SLIDE_WIDTHS);
}

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
 * Makes a picture's sized variants (16:9, each width as JPEG and WebP) with one ffmpeg run that
 * decodes the source once, into `dir`; kept when present. Concurrent callers share one run. The
 * files appear together, moved in from a work folder, so a reader never sees half of one.
 */
function ensureVariants(input: { file: string } | { svg: () => string }, dir: string, hash: string, widths: readonly number[], ffmpegPath?: string): Promise<void> {
  if (variantNames(hash, widths).every((name) => existsSync(join(dir, name)))) return Promise.resolve();
  const key = join(dir, hash);
  let run = running.get(key);
  if (!run) {
    run = (async () => {
      await mkdir(dir, { recursive: true });
      const work = await mkdtemp(join(dir, `.work-${hash}-`));
      try {
        let source: string[];
        if ('svg' in input) {
          await writeFile(join(work, 'source.svg'), input.svg());
          // librsvg draws the SVG at the largest width itself, so every size is sharp.
          const largest = Math.max(...widths);
          source = ['-width', String(largest), '-height', String(Math.round((largest * 9) / 16)), '-i', 'source.svg'];
        } else {
          source = ['-i', input.file];
        }
        const splits = widths.map((_, i) => `[s${i}]`).join('');
        const graph = [`[0:v]split=${widths.length}${splits}`];
        const outputs: string[] = [];
        widths.forEach((width, i) => {
          const height = Math.round((width * 9) / 16);
          graph.push(`[s${i}]scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1,format=yuv420p,split=2[j${i}][w${i}]`);
          outputs.push('-map', `[j${i}]`, '-frames:v', '1', '-c:v', 'mjpeg', '-q:v', '5', `${hash}-${width}.jpg`);
          outputs.push('-map', `[w${i}]`, '-frames:v', '1', '-c:v', 'libwebp', '-quality', '72', '-f', 'image2', `${hash}-${width}.webp`);
        });
        await inTurn(() => runFfmpeg([...source, '-filter_complex', graph.join(';'), ...outputs], { cwd: work, ffmpegPath }));
        for (const name of await readdir(work)) if (name !== 'source.svg') await rename(join(work, name), join(dir, name));
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    })().finally(() => running.delete(key));
    running.set(key, run);
  }
  return run;
}

/** A hero image's variants (cropped to 16:9 from the channel folder's file). */
export function ensureSlideVariants(source: string, dir: string, hash: string, ffmpegPath?: string): Promise<void> {
  return ensureVariants({ file: source }, dir, hash, SLIDE_WIDTHS, ffmpegPath);
}

/**
 * An upcoming event's drawn card as pictures: the page shows a JPEG or WebP rather than the SVG,
 * which a browser would parse, lay out and paint as a document of its own on the page's main thread
 * (text, gradients and patterns, for every card in view), and which link previews do not take.
 * The SVG is drawn only when the pictures are to be made, not on each request for kept ones.
 */
export function ensureCardVariants(draw: () => string, dir: string, hash: string, ffmpegPath?: string): Promise<void> {
  return ensureVariants({ svg: draw }, dir, hash, CARD_WIDTHS, ffmpegPath);
}

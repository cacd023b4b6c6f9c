import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { runFfmpeg } from './ffmpeg.ts';
import { SLIDE_WIDTHS } from './pictures.ts';

/** The variant files of one hero image, by its content hash. */
export function slideVariantNames(hash: string): string[] {
  return SLIDE_WIDTHS.flatMap((width) => [`${hash}-${width}.jpg`, `${hash}-${width}.webp`]);
}

const running = new Map<string, Promise<void>>();

/**
 * Makes a hero image's sized variants (16:9, each width as JPEG and WebP) with one ffmpeg run that
 * decodes the source once, into `dir`; kept when present. Concurrent callers share one run.
 */
export function ensureSlideVariants(source: string, dir: string, hash: string, ffmpegPath?: string): Promise<void> {
  if (slideVariantNames(hash).every((name) => existsSync(join(dir, name)))) return Promise.resolve();
  const key = join(dir, hash);
  let run = running.get(key);
  if (!run) {
    run = (async () => {
      await mkdir(dir, { recursive: true });
      const work = await mkdtemp(join(dir, `.work-${hash}-`));
      try {
        const splits = SLIDE_WIDTHS.map((_, i) => `[s${i}]`).join('');
        const graph = [`[0:v]split=${SLIDE_WIDTHS.length}${splits}`];
        const outputs: string[] = [];
        SLIDE_WIDTHS.forEach((width, i) => {
          const height = Math.round((width * 9) / 16);
          graph.push(`[s${i}]scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1,format=yuv420p,split=2[j${i}][w${i}]`);
          outputs.push('-map', `[j${i}]`, '-frames:v', '1', '-c:v', 'mjpeg', '-q:v', '5', `${hash}-${width}.jpg`);
          outputs.push('-map', `[w${i}]`, '-frames:v', '1', '-c:v', 'libwebp', '-quality', '72', '-f', 'image2', `${hash}-${width}.webp`);
        });
        await runFfmpeg(['-i', source, '-filter_complex', graph.join(';'), ...outputs], { cwd: work, ffmpegPath });
        for (const name of await readdir(work)) await rename(join(work, name), join(dir, name));
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    })().finally(() => running.delete(key));
    running.set(key, run);
  }
  return run;
}

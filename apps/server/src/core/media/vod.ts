import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { readJsonFile } from '@grandstand/contract/node';
import { z } from 'zod';
import type { ChannelFolder } from '../channels/loadChannels.ts';
import { escapeXml, hexOr, shade, textOn } from './drawn.ts';
import { runFfmpegCached } from './cache.ts';
import { eachLimit, ffmpegColor } from './ffmpeg.ts';
import { layout } from './library.ts';
import type { MediaQuality } from './config.ts';

/**
 * The demo's on-demand library videos (spec §1, §3 Vod media item): each item of a channel's
 * seed `vod.items` becomes a short video drawn from its look (a card of its colour and caption,
 * with a light sweeping across it and a bar filling as it plays), packaged like the recordings:
 *
 *   vod/<channel>/<item ref>/index.m3u8, init-<hash>.mp4, seg-<hash>-<nnn>.m4s   HLS, 2 s fMP4, H.264, no sound
 *                            poster.jpg, poster.webp                              1280 × 720
 *                            preview.mp4                                          6 s, 640 × 360, H.264, no sound, faststart
 *
 * One ffmpeg run per item draws the card once (an SVG through librsvg), encodes the HLS and the
 * preview from the same frames and writes the posters from the card itself. The recipe's hash is
 * in the segment names, so a present item made by the same recipe is kept, and one whose look,
 * title or length changed is made again (cached segments never mix with the new ones). Each item
 * is made in a work folder that is renamed into place: a reader never sees half of an item (a
 * remade one is missing only between two renames).
 */

/** The item's image assets (`poster.jpg`, `poster.webp`): 16:9, sharp on the widest card and the item view. */
export const VOD_POSTER = { width: 1280, height: 720 } as const;
/** The silent clip a card plays on hover or focus. */
export const VOD_PREVIEW = { width: 640, height: 360, seconds: 6 } as const;
export const VOD_FILES = { playlist: 'index.m3u8', posterJpeg: 'poster.jpg', posterWebp: 'poster.webp', preview: 'preview.mp4' } as const;
/** Bump when the drawing or encoding changes in a way the hashed inputs do not show. */
const RECIPE_VERSION = 1;
const SEGMENT_SECONDS = 2;

/** An item folder's name: also its seed ref (the seed format's rule). */
const ITEM_REF = /^[a-z0-9-]{1,60}$/;
/** The recordings share `vod/<channel>/` (`layout.recordingDir`): their `rec-<n>` names are taken. */
const RECORDING_NAME = /^rec-\d+$/;

/** What the media of one item needs from the seed's `vod.items` (the rest is the database's). */
export const VodItemMedia = z.object({
  ref: z
    .string()
    .regex(ITEM_REF, 'a folder name of 1 to 60 lowercase letters, digits or hyphens')
    .refine((ref) => !RECORDING_NAME.test(ref), 'rec-<n> names the recordings of the same folder'),
  title: z.string().min(1).max(200),
  /** Seconds of the generated video. */
  duration: z.number().int().min(8).max(90),
  look: z.object({
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour as #rrggbb'),
    caption: z.string().trim().min(1).max(40),
  }),
});
export type VodItemMedia = z.infer<typeof VodItemMedia>;

const SeedVodMedia = z.object({
  vod: z
    .object({
      items: z.array(VodItemMedia).superRefine((items, context) => {
        const seen = new Set<string>();
        items.forEach((item, index) => {
          if (seen.has(item.ref)) context.addIssue({ code: 'custom', path: [index, 'ref'], message: `${item.ref} is used twice` });
          seen.add(item.ref);
        });
      }),
    })
    .optional(),
});

/**
 * The library items of a channel folder's `seed.json` (none without a seed or a `vod` key). Read
 * from the file, so the media depends only on the fields it draws; a bad one stops the run,
 * naming the file and the field.
 */
export function vodItemsOf(channel: Pick<ChannelFolder, 'dir'>): VodItemMedia[] {
  const file = join(channel.dir, 'seed.json');
  if (!existsSync(file)) return [];
  const result = SeedVodMedia.safeParse(readJsonFile(file));
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new Error(`${file}: the on-demand library cannot be drawn:\n  ${problems.join('\n  ')}`);
  }
  return result.data.vod?.items ?? [];
}

/** The item's folder, relative to the media dir. */
export function vodItemDir(channelSlug: string, ref: string): string {
  return layout.recordingDir(channelSlug, ref);
}

export interface VodCardInput {
  channelName: string;
  title: string;
  caption: string;
  /** The item's colour (`#rrggbb`). */
  color: string;
  /** The channel's primary colour: the rule under the caption and the progress bar. */
  accent: string;
}

const FONT = `font-family="'DejaVu Sans', sans-serif"`;

/** Splits `text` into at most `lines` lines of about `width` characters, the last one cut with "…". */
function wrap(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line === '' || line.length + 1 + word.length <= width) line = line === '' ? word : `${line} ${word}`;
    else {
      out.push(line);
      line = word;
    }
  }
  if (line !== '') out.push(line);
  if (out.length <= lines) return out;
  const kept = out.slice(0, lines);
  kept[lines - 1] = `${(kept[lines - 1] as string).slice(0, width - 1).trimEnd()}…`;
  return kept;
}

/**
 * The item's card, 1280 × 720: its colour in a diagonal gradient with soft stripes, the channel's
 * name, the caption in large type over the title, and a play ring. Every text is escaped.
 */
export function vodCardSvg(input: VodCardInput): string {
  const { width, height } = VOD_POSTER;
  const base = hexOr(input.color, '#1d4e89');
  const ink = textOn(base);
  const accent = hexOr(input.accent, '#f2a900');
  // A long caption gets smaller type so it stays left of the play ring (DejaVu Sans Bold: ~0.62 em a character).
  const captionSize = Math.min(104, Math.floor(800 / (Math.max(input.caption.length, 1) * 0.62)));
  const titleLines = wrap(input.title, 36, 2);
  const captionY = 380;
  const title = titleLines
    .map((line, i) => `<text x="96" y="${captionY + 96 + i * 54}" ${FONT} font-size="42" fill="${ink}" fill-opacity="0.92">${escapeXml(line)}</text>`)
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(base, 0.16)}"/><stop offset="1" stop-color="${shade(base, -0.42)}"/></linearGradient>`,
    `<pattern id="stripes" width="96" height="96" patternUnits="userSpaceOnUse" patternTransform="rotate(-30)"><rect width="40" height="96" fill="${ink}" fill-opacity="0.05"/></pattern>`,
    '</defs>',
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    `<rect width="${width}" height="${height}" fill="url(#stripes)"/>`,
    `<circle cx="1060" cy="360" r="150" fill="none" stroke="${ink}" stroke-opacity="0.22" stroke-width="18"/>`,
    `<path d="M1025 290 L1125 360 L1025 430 Z" fill="${ink}" fill-opacity="0.3"/>`,
    `<text x="96" y="112" ${FONT} font-size="32" letter-spacing="3" fill="${ink}" fill-opacity="0.85">${escapeXml(input.channelName.toUpperCase())}</text>`,
    `<text x="96" y="${captionY}" ${FONT} font-weight="bold" font-size="${captionSize}" fill="${ink}">${escapeXml(input.caption)}</text>`,
    `<rect x="96" y="${captionY + 28}" width="160" height="10" fill="${accent}"/>`,
    title,
    '</svg>',
  ].join('');
}

/** A soft band of light, as tall as the video, that sweeps across the card. */
function sweepSvg(quality: MediaQuality): { svg: string; width: number } {
  const width = 2 * Math.round((quality.width * 0.28) / 2);
  const h = quality.height;
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${h}" viewBox="0 0 ${width} ${h}">`,
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.24"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient></defs>',
    `<path d="M${width / 2} 0 H${width} L${width / 2} ${h} H0 Z" fill="url(#g)"/>`,
    '</svg>',
  ].join('');
  return { svg, width };
}

export interface VodItemJob {
  /** `vod/<channel>/<ref>`: the key the run reports. */
  key: string;
  destDir: string;
  /** Files drawn into the work folder before ffmpeg runs (removed before the folder is placed). */
  texts: Record<string, string>;
  /** ffmpeg arguments; `{h}` stands for the recipe hash, output names relative to the work folder. */
  args: string[];
}

export interface VodItemInput {
  channelSlug: string;
  channelName: string;
  /** The channel's primary colour (`#rrggbb`). */
  accent: string;
  item: VodItemMedia;
  quality: MediaQuality;
  /** Overrides the item's duration (tests: a few seconds). */
  seconds?: number;
}

/** The ffmpeg run that makes one item's HLS, posters and preview. */
export function vodItemJob(input: VodItemInput): VodItemJob {
  const { quality, item } = input;
  const seconds = input.seconds ?? item.duration;
  const previewSeconds = Math.min(VOD_PREVIEW.seconds, seconds);
  const gop = String(quality.fps * SEGMENT_SECONDS);
  const sweep = sweepSvg(quality);
  const accent = ffmpegColor(input.accent, '0xf2a900');
  const bar = 2 * Math.max(1, Math.round(quality.height / 120));
  // The light crosses in about 2.7 s of every 8.5 (the preview's first seconds show it); a moving
  // band on a still card costs the encoder little, so the library is made in seconds.
  const speed = Math.round(quality.width * 0.47);
  const graph = [
    '[1:v]format=yuv420p,split=2[still][poster]',
    `[still]scale=${quality.width}:${quality.height},setsar=1[card]`,
    '[2:v]format=yuva420p[sweep]',
    // The colour source is the clock: one frame per 1/fps for the item's duration, the card and the
    // band (single pictures) repeated over it.
    '[0:v][card]overlay=eof_action=repeat[bg]',
    `color=c=${accent}:s=${quality.width}x${bar}:r=${quality.fps}:d=${seconds}[bar]`,
    `[bg][sweep]overlay=x='mod(t*${speed}\\,W*4)-w':y=0:eof_action=repeat[lit]`,
    // The bar fills as the video plays (drawbox draws once; overlay places its input every frame).
    `[lit][bar]overlay=x='-w+w*t/${seconds}':y=H-h,split=2[hls][clip]`,
    `[clip]trim=duration=${previewSeconds},setpts=PTS-STARTPTS,scale=${VOD_PREVIEW.width}:${VOD_PREVIEW.height},setsar=1[preview]`,
    '[poster]setsar=1,split=2[pj][pw]',
  ].join(';');
  const h264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p', '-threads', '1'];
  return {
    key: `vod/${input.channelSlug}/${item.ref}`,
    destDir: vodItemDir(input.channelSlug, item.ref),
    texts: {
      'card.svg': vodCardSvg({ channelName: input.channelName, title: item.title, caption: item.look.caption, color: item.look.color, accent: input.accent }),
      'sweep.svg': sweep.svg,
    },
    args: [
      ...['-f', 'lavfi', '-i', `color=c=black:s=${quality.width}x${quality.height}:r=${quality.fps}:d=${seconds}`],
      ...['-i', 'card.svg', '-i', 'sweep.svg'],
      ...['-filter_complex', graph],
      // HLS as the recordings (2 s fMP4 segments, a key frame opening each), without sound. A
      // quality target capped at the rendition's rate: a still card costs next to nothing.
      ...['-map', '[hls]', ...h264, '-g', gop, '-keyint_min', gop, '-sc_threshold', '0'],
      ...['-crf', '23', '-maxrate', `${Math.round(quality.videoKbps * 1.3)}k`, '-bufsize', `${quality.videoKbps * 2}k`, '-an'],
      ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_list_size', '0'],
      ...['-hls_segment_type', 'fmp4', '-hls_flags', 'independent_segments'],
      ...['-hls_fmp4_init_filename', 'init-{h}.mp4', '-hls_segment_filename', 'seg-{h}-%03d.m4s', VOD_FILES.playlist],
      ...['-map', '[pj]', '-frames:v', '1', '-update', '1', '-c:v', 'mjpeg', '-q:v', '3', VOD_FILES.posterJpeg],
      ...['-map', '[pw]', '-frames:v', '1', '-update', '1', '-c:v', 'libwebp', '-quality', '80', '-f', 'image2', VOD_FILES.posterWebp],
      // The card's hover clip: small, silent, its index first so it starts before it has loaded.
      ...['-map', '[preview]', ...h264, '-crf', '26', '-an', '-movflags', '+faststart', VOD_FILES.preview],
    ],
  };
}

function recipeHash(job: VodItemJob): string {
  return createHash('sha256')
    .update(JSON.stringify({ version: RECIPE_VERSION, args: job.args, texts: job.texts }))
    .digest('hex')
    .slice(0, 12);
}

function playlistFiles(playlist: string): string[] {
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)?.[1];
  const segments = playlist.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
  return init ? [init, ...segments] : segments;
}

/** Whether `folder` holds an item finished by the recipe `hash`: its playlist, every file it names, posters and preview. */
async function isComplete(folder: string, hash: string): Promise<boolean> {
  let playlist: string;
  try {
    playlist = await readFile(join(folder, VOD_FILES.playlist), 'utf8');
  } catch {
    return false;
  }
  if (!playlist.includes('#EXT-X-ENDLIST') || !playlist.includes(`init-${hash}.mp4`)) return false;
  const files = [...playlistFiles(playlist), VOD_FILES.posterJpeg, VOD_FILES.posterWebp, VOD_FILES.preview];
  return files.every((file) => existsSync(join(folder, file)));
}

/** Puts the finished work folder at `destination`, replacing an older item there. */
async function place(work: string, destination: string, hash: string): Promise<'built' | 'kept'> {
  await mkdir(dirname(destination), { recursive: true });
  try {
    await rename(work, destination);
    return 'built';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
  }
  // Another run (two set-ups at once) placed the same recipe first: keep its item.
  if (await isComplete(destination, hash)) return 'kept';
  const old = `${work}-old`;
  await rename(destination, old);
  await rename(work, destination);
  await rm(old, { recursive: true, force: true });
  return 'built';
}

export interface PrepareVodItemOptions extends VodItemInput {
  /** The media directory. */
  dir: string;
  ffmpegPath?: string;
  /** Where items are kept by content across media folders (src/core/media/cache.ts); unset or null: none. */
  cacheDir?: string | null;
}

/** Makes one item's media, or keeps it when its folder holds the same recipe's finished files. */
export async function prepareVodItem(options: PrepareVodItemOptions): Promise<'built' | 'kept'> {
  const job = vodItemJob(options);
  const hash = recipeHash(job);
  const destination = join(options.dir, job.destDir);
  if (await isComplete(destination, hash)) return 'kept';
  const workRoot = join(options.dir, layout.work);
  await mkdir(workRoot, { recursive: true });
  const work = await mkdtemp(join(workRoot, `${job.key.replaceAll('/', '_')}-`));
  try {
    for (const [name, text] of Object.entries(job.texts)) await writeFile(join(work, name), text);
    await runFfmpegCached(
      job.args.map((arg) => arg.replaceAll('{h}', hash)),
      {
        cwd: work,
        ffmpegPath: options.ffmpegPath,
        cacheDir: options.cacheDir ?? null,
        inputs: job.texts,
        check: async () => {
          const playlist = await readFile(join(work, VOD_FILES.playlist), 'utf8');
          if (!playlist.includes('#EXT-X-ENDLIST')) throw new Error(`${job.key}: ffmpeg wrote an unfinished playlist`);
          if (!(await isComplete(work, hash))) throw new Error(`${job.key}: ffmpeg left out some of ${(await readdir(work)).join(', ')}`);
        },
      },
    );
    for (const name of Object.keys(job.texts)) await rm(join(work, name));
    // mkdtemp's folder is private; the placed item is read like the recordings' folders.
    await chmod(work, 0o755);
    return await place(work, destination, hash);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export interface PrepareVodLibraryOptions {
  dir: string;
  channels: readonly ChannelFolder[];
  quality: MediaQuality;
  seconds?: number;
  concurrency?: number;
  ffmpegPath?: string;
  cacheDir?: string | null;
  log?: (message: string) => void;
}

/** Every channel's library items (`vod/<channel>/<ref>`), two ffmpeg runs at a time; present ones kept. */
export async function prepareVodLibrary(options: PrepareVodLibraryOptions): Promise<{ built: string[]; kept: string[] }> {
  const log = options.log ?? (() => {});
  const inputs: VodItemInput[] = options.channels.flatMap((channel) => {
    const colors = channel.config.fallbackColors as Record<string, string | undefined>;
    return vodItemsOf(channel).map((item) => ({
      channelSlug: channel.config.slug,
      channelName: channel.config.name,
      accent: hexOr(colors['primary-color'], '#f2a900'),
      item,
      quality: options.quality,
      seconds: options.seconds,
    }));
  });
  const result = { built: [] as string[], kept: [] as string[] };
  await eachLimit(inputs, options.concurrency ?? 2, async (input) => {
    const started = Date.now();
    const key = `vod/${input.channelSlug}/${input.item.ref}`;
    const outcome = await prepareVodItem({ ...input, dir: options.dir, ffmpegPath: options.ffmpegPath, cacheDir: options.cacheDir });
    result[outcome].push(key);
    if (outcome === 'built') log(`built ${key} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
  return result;
}

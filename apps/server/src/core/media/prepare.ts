import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChannelFolder } from '../channels/loadChannels.ts';
import { runFfmpegCached } from './cache.ts';
import { eachLimit, FONT_BOLD, FONT_REGULAR, ffmpegColor } from './ffmpeg.ts';
import { layout, prerollName, RECORDING_LIBRARY, type RecordingSpec } from './library.ts';
import { CHANNEL_PICTURE_FILE } from '@grandstand/contract';
import { shortHash } from './drawn.ts';
import { POSTER_HEIGHT_OF, POSTER_WIDTHS } from './pictures.ts';
import { DEFAULT_QUALITY, type MediaQuality } from './config.ts';
import { AVIF_STILL, ensureSlideVariants, slideVariantNames } from './variants.ts';
import { prepareVodLibrary } from './vod.ts';

/** Bump when the recipe changes in a way the hashed inputs do not show (e.g. a new filter). */
const RECIPE_VERSION = 1;
const SEGMENT_SECONDS = 2;
/** The sponsor cards' length (`MEDIA_PREROLL_SECONDS`): a real preroll's, in the demo. */
export const DEFAULT_PREROLL_SECONDS = 8;

export interface PrepareMediaOptions {
  /** The media directory (`MEDIA_DIR`, default `.data/media`). */
  dir: string;
  channels: readonly ChannelFolder[];
  quality?: MediaQuality;
  /** Overrides every item's duration (tests: a few seconds). */
  seconds?: number;
  /** The prerolls' length when `seconds` does not set it (`MEDIA_PREROLL_SECONDS`, default 8). */
  prerollSeconds?: number;
  /** ffmpeg jobs at once (default 2: one per core). */
  concurrency?: number;
  /** The ffmpeg binary (`FFMPEG_PATH`). Default: `ffmpeg` on PATH. */
  ffmpegPath?: string;
  /** Where items are kept by content across media folders (`MEDIA_CACHE_DIR`, src/core/media/cache.ts); unset or null: none. */
  cacheDir?: string | null;
  log?: (message: string) => void;
}

export interface PrepareMediaResult {
  /** Keys of the items encoded by this run (`vod/<slug>/<recording or library item>`, `prerolls/<name>`). */
  built: string[];
  /** Keys found prepared with the same recipe and kept. */
  kept: string[];
}

interface ManifestItem {
  hash: string;
  /** Files of the item, relative to the media dir; the playlist is last. */
  files: string[];
}

interface Manifest {
  version: 1;
  items: Record<string, ManifestItem>;
}

interface MediaJob {
  key: string;
  /** Text files written into the work dir for drawtext (no escaping of event or channel names). */
  texts: Record<string, string>;
  /** ffmpeg arguments; `{h}` stands for the recipe hash, output names are relative to the work dir. */
  args: string[];
  destDir: string;
  playlist: string;
  /** The media playlist whose end proves the encode finished, where `playlist` is a master (which has no end). */
  finishedPlaylist?: string;
}

const TIMECODE = String.raw`%{pts\:hms}`;

function label(text: string, options: { font?: string; size: string; y: string; color: string; box?: boolean }): string {
  return [
    `drawtext=fontfile=${options.font ?? FONT_BOLD}`,
    `textfile=${text}`,
    'expansion=none',
    `fontcolor=${options.color}`,
    `fontsize=${options.size}`,
    'x=(w-tw)/2',
    `y=${options.y}`,
  ].join(':');
}

function videoSource(pattern: RecordingSpec['pattern'], quality: MediaQuality, colors: { primary: string; dark: string; secondary: string }): string {
  const size = `s=${quality.width}x${quality.height}:r=${quality.fps}`;
  if (pattern === 'life') {
    return `life=${size}:ratio=0.12:seed=7:mold=10:life_color=${colors.primary}:death_color=${colors.dark}:mold_color=${colors.secondary}`;
  }
  return `${pattern}=${size}`;
}

function encodeArgs(quality: MediaQuality, prefix: { init: string; segments: string; playlist: string }, video = '0:v'): string[] {
  const gop = String(quality.fps * SEGMENT_SECONDS);
  return [
    ...['-map', video, '-map', '1:a'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p', '-threads', '1'],
    // One key frame every segment exactly, so every 2 s segment starts with one (HLS authoring).
    ...['-g', gop, '-keyint_min', gop, '-sc_threshold', '0'],
    ...['-b:v', `${quality.videoKbps}k`, '-maxrate', `${Math.round(quality.videoKbps * 1.3)}k`, '-bufsize', `${quality.videoKbps * 2}k`],
    ...['-c:a', 'aac', '-b:a', '96k', '-ac', '2', '-ar', '48000', '-shortest'],
    // Strict interleaving: the picture comes through a filter graph (and the poster's branch) far
    // slower than the tone, and with ffmpeg's default 10 s leeway the sound landed segments after
    // its picture; a player then fetched the whole recording to find both at the start.
    ...['-max_interleave_delta', '0'],
    ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_list_size', '0'],
    ...['-hls_segment_type', 'fmp4', '-hls_flags', 'independent_segments'],
    ...['-hls_fmp4_init_filename', prefix.init, '-hls_segment_filename', prefix.segments, prefix.playlist],
  ];
}

function channelColors(channel: ChannelFolder) {
  const colors = channel.config.fallbackColors as Record<string, string | undefined>;
  return {
    primary: ffmpegColor(colors['primary-color'], '0xf2a900'),
    secondary: ffmpegColor(colors['secondary-color'], '0x1d4e89'),
    dark: ffmpegColor(colors['header-background'], '0x0b1f3a'),
    text: ffmpegColor(colors['header-text-color'], '0xffffff'),
  };
}

/**
 * The poster of a recording: one frame of the encode (a few seconds in, past the first key frame),
 * split off the same filter graph as the HLS output so nothing is decoded twice, scaled to each
 * width as JPEG, WebP and AVIF: `poster-{h}-<w>.<jpg|webp|avif>`.
 */
function posterGraph(seconds: number, fps: number): { graph: string; outputs: string[] } {
  const frame = Math.max(0, Math.round(fps * Math.min(3, seconds * 0.4)));
  const scaled = POSTER_WIDTHS.map((width, i) => `[p${i}]scale=${width}:${POSTER_HEIGHT_OF[width]},setsar=1,split=3[pj${i}][pw${i}][pa${i}]`);
  const outputs = POSTER_WIDTHS.flatMap((width, i) => [
    ...['-map', `[pj${i}]`, '-frames:v', '1', '-update', '1', '-c:v', 'mjpeg', '-q:v', '4', `poster-{h}-${width}.jpg`],
    ...['-map', `[pw${i}]`, '-frames:v', '1', '-update', '1', '-c:v', 'libwebp', '-quality', '75', '-f', 'image2', `poster-{h}-${width}.webp`],
    ...['-map', `[pa${i}]`, '-frames:v', '1', ...AVIF_STILL, `poster-{h}-${width}.avif`],
  ]);
  return {
    graph: [`[poster]select='eq(n,${frame})',vignette=PI/5,split=${POSTER_WIDTHS.length}${POSTER_WIDTHS.map((_, i) => `[p${i}]`).join('')}`, ...scaled].join(';'),
    outputs,
  };
}

function recordingJob(channel: ChannelFolder, spec: RecordingSpec, index: number, quality: MediaQuality, secondsOverride?: number): MediaJob {
  const seconds = secondsOverride ?? spec.seconds;
  const colors = channelColors(channel);
  const french = channel.config.language === 'fr';
  const title = french ? `Enregistrement ${index + 1} : ${spec.title.fr}` : `Recording ${index + 1}: ${spec.title.en}`;
  const filters = [
    `drawbox=x=0:y=0:w=iw:h=ih*0.30:color=${colors.dark}@0.88:t=fill`,
    `drawbox=x=0:y=ih*0.30:w=iw:h=ih*0.015:color=${colors.primary}:t=fill`,
    label('channel.txt', { font: FONT_REGULAR, size: 'h/20', y: 'h*0.04', color: colors.text }),
    // A long (French) title in smaller type, so it stays inside the frame.
    label('title.txt', { size: title.length > 34 ? 'h/18' : 'h/13', y: title.length > 34 ? 'h*0.16' : 'h*0.15', color: colors.text }),
  ].join(',');
  const timecode = `drawtext=fontfile=${FONT_BOLD}:text='${TIMECODE}':fontcolor=white:fontsize=h/9:box=1:boxcolor=black@0.65:boxborderw=12:x=(w-tw)/2:y=h-th-h*0.08`;
  const poster = posterGraph(seconds, quality.fps);
  return {
    key: `vod/${channel.config.slug}/${spec.id}`,
    texts: { 'channel.txt': channel.config.name, 'title.txt': title },
    args: [
      ...['-f', 'lavfi', '-t', String(seconds), '-i', videoSource(spec.pattern, quality, colors)],
      ...['-f', 'lavfi', '-t', String(seconds), '-i', `sine=frequency=${spec.tone}:beep_factor=4:sample_rate=48000`],
      // The poster leaves before the running timecode: a still shows the title band, not a clock.
      ...['-filter_complex', `[0:v]${filters},split=2[main][poster];[main]${timecode}[hls];${poster.graph}`],
      ...encodeArgs(quality, { init: 'init-{h}.mp4', segments: 'seg-{h}-%03d.m4s', playlist: 'index.m3u8' }, '[hls]'),
      ...poster.outputs,
    ],
    destDir: layout.recordingDir(channel.config.slug, spec.id),
    playlist: 'index.m3u8',
  };
}

function sponsorName(name: string, slug: string): string {
  const bare = name.startsWith(`${slug}-`) ? name.slice(slug.length + 1) : name;
  return bare
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

function prerollJob(channel: ChannelFolder, name: string, quality: MediaQuality, seconds: number): MediaJob {
  const colors = channelColors(channel);
  const french = channel.config.language === 'fr';
  const filters = [
    `drawbox=x=0:y=ih*0.62:w=iw:h=ih*0.02:color=${colors.primary}:t=fill`,
    label('heading.txt', { font: FONT_REGULAR, size: 'h/14', y: 'h*0.20', color: 'white' }),
    label('sponsor.txt', { size: 'h/7', y: 'h*0.36', color: 'white' }),
    label('channel.txt', { font: FONT_REGULAR, size: 'h/18', y: 'h*0.70', color: 'white' }),
    // A countdown to the event, like a real sponsor card.
    `drawtext=fontfile=${FONT_BOLD}:text='%{eif\\:${seconds + 1}-t\\:d}':fontcolor=white:fontsize=h/10:x=w-tw-h*0.05:y=h-th-h*0.05`,
  ].join(',');
  return {
    key: `prerolls/${name}`,
    texts: {
      'heading.txt': french ? 'Présenté par notre commanditaire' : 'Brought to you by our sponsor',
      'sponsor.txt': sponsorName(name, channel.config.slug),
      'channel.txt': channel.config.name,
    },
    args: [
      ...['-f', 'lavfi', '-t', String(seconds), '-i', `color=c=${colors.secondary}:s=${quality.width}x${quality.height}:r=${quality.fps}`],
      ...['-f', 'lavfi', '-t', String(seconds), '-i', 'sine=frequency=880:sample_rate=48000'],
      ...['-vf', filters, '-af', 'volume=0.3'],
      ...encodeArgs(quality, { init: `${name}-{h}-init.mp4`, segments: `${name}-{h}-%03d.m4s`, playlist: `${name}.m3u8` }),
    ],
    destDir: layout.prerollsDir,
    playlist: `${name}.m3u8`,
  };
}

/** The playback check's renditions: a phone's, a laptop's and HD, so a measured throughput says which one it carries. */
export const CHECK_RENDITIONS = [
  { width: 426, height: 240, videoKbps: 400 },
  { width: 854, height: 480, videoKbps: 1200 },
  { width: 1280, height: 720, videoKbps: 2800 },
] as const;
/** Long enough for six segments: the throughput is measured over several downloads, not one. */
export const CHECK_SECONDS = 12;

/**
 * The playback check's test stream (the site's /simulate, spec §2): a moving test pattern with a tone,
 * in the three renditions above under one master playlist `check.m3u8`, the same H.264/AAC in 2 s
 * fMP4 segments as every recording, so the check plays what a game plays. The same for every
 * channel; the quality setting does not shrink it (its point is the ladder).
 */
export function checkJob(secondsOverride?: number): MediaJob {
  const seconds = secondsOverride ?? CHECK_SECONDS;
  const last = CHECK_RENDITIONS.length - 1;
  const top = CHECK_RENDITIONS[last]!;
  const fps = 25;
  const gop = String(fps * SEGMENT_SECONDS);
  const scaled = CHECK_RENDITIONS.map((r, i) => (i === last ? `[s${i}]null[v${i}]` : `[s${i}]scale=${r.width}:${r.height}[v${i}]`));
  return {
    key: 'check/ladder',
    texts: {},
    args: [
      ...['-f', 'lavfi', '-t', String(seconds), '-i', `testsrc2=s=${top.width}x${top.height}:r=${fps}`],
      ...['-f', 'lavfi', '-t', String(seconds), '-i', 'sine=frequency=440:beep_factor=4:sample_rate=48000'],
      ...['-filter_complex', [`[0:v]split=${CHECK_RENDITIONS.length}${CHECK_RENDITIONS.map((_, i) => `[s${i}]`).join('')}`, ...scaled].join(';')],
      ...CHECK_RENDITIONS.flatMap((_, i) => ['-map', `[v${i}]`]),
      ...CHECK_RENDITIONS.flatMap(() => ['-map', '1:a']),
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p', '-threads', '1'],
      ...['-g', gop, '-keyint_min', gop, '-sc_threshold', '0'],
      ...CHECK_RENDITIONS.flatMap((r, i) => [`-b:v:${i}`, `${r.videoKbps}k`, `-maxrate:v:${i}`, `${Math.round(r.videoKbps * 1.3)}k`, `-bufsize:v:${i}`, `${r.videoKbps * 2}k`]),
      ...['-c:a', 'aac', '-b:a', '96k', '-ac', '2', '-ar', '48000', '-max_interleave_delta', '0'],
      ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_list_size', '0'],
      ...['-hls_segment_type', 'fmp4', '-hls_flags', 'independent_segments'],
      ...['-hls_fmp4_init_filename', 'check-{h}-v%v-init.mp4', '-hls_segment_filename', 'check-{h}-v%v-%03d.m4s'],
      ...['-master_pl_name', 'check.m3u8', '-var_stream_map', CHECK_RENDITIONS.map((_, i) => `v:${i},a:${i}`).join(' '), 'check-v%v.m3u8'],
    ],
    destDir: layout.checkDir,
    playlist: 'check.m3u8',
    finishedPlaylist: `check-v${last}.m3u8`,
  };
}

/** Every item the channels need: their recording library and the prerolls their seeds name, and the playback check's stream. */
export function mediaJobs(channels: readonly ChannelFolder[], quality: MediaQuality = DEFAULT_QUALITY, seconds?: number, prerollSeconds = DEFAULT_PREROLL_SECONDS): MediaJob[] {
  const jobs: MediaJob[] = [];
  const prerolls = new Set<string>();
  for (const channel of channels) {
    RECORDING_LIBRARY.forEach((spec, index) => jobs.push(recordingJob(channel, spec, index, quality, seconds)));
    for (const preroll of channel.seed?.prerolls ?? []) {
      const name = prerollName(preroll.url);
      // Two channels naming the same preroll file share it: the first one paints it.
      if (name === null || prerolls.has(name)) continue;
      prerolls.add(name);
      jobs.push(prerollJob(channel, name, quality, seconds ?? prerollSeconds));
    }
  }
  if (channels.length > 0) jobs.push(checkJob(seconds));
  return jobs;
}

function recipeHash(job: MediaJob): string {
  return createHash('sha256')
    .update(JSON.stringify({ version: RECIPE_VERSION, args: job.args, texts: job.texts }))
    .digest('hex')
    .slice(0, 12);
}

async function readManifest(dir: string): Promise<Manifest> {
  try {
    const parsed = JSON.parse(await readFile(join(dir, layout.manifest), 'utf8')) as Manifest;
    if (parsed.version === 1 && parsed.items && typeof parsed.items === 'object') return parsed;
  } catch {
    // Missing or unreadable: everything is built again.
  }
  return { version: 1, items: {} };
}

async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  const file = join(dir, layout.manifest);
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(temporary, file);
}

function isKept(dir: string, item: ManifestItem | undefined, hash: string): boolean {
  return item !== undefined && item.hash === hash && item.files.length > 0 && item.files.every((file) => existsSync(join(dir, file)));
}

async function build(dir: string, job: MediaJob, hash: string, previous: ManifestItem | undefined, ffmpegPath: string | undefined, cacheDir: string | null): Promise<ManifestItem> {
  const work = join(dir, layout.work, job.key.replaceAll('/', '_'));
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  try {
    for (const [name, text] of Object.entries(job.texts)) await writeFile(join(work, name), text);
    await runFfmpegCached(
      job.args.map((arg) => arg.replaceAll('{h}', hash)),
      {
        cwd: work,
        ffmpegPath,
        cacheDir,
        inputs: job.texts,
        check: async () => {
          const playlist = await readFile(join(work, job.finishedPlaylist ?? job.playlist), 'utf8');
          if (!playlist.includes('#EXT-X-ENDLIST')) throw new Error(`${job.key}: ffmpeg wrote an unfinished playlist`);
        },
      },
    );
    const produced = (await readdir(work)).filter((file) => !(file in job.texts) && file !== job.playlist).sort();
    const destination = join(dir, job.destDir);
    await mkdir(destination, { recursive: true });
    // Segments first, the playlist last: a reader never sees a playlist naming missing files.
    for (const file of [...produced, job.playlist]) await rename(join(work, file), join(destination, file));
    const files = [...produced, job.playlist].map((file) => join(job.destDir, file));
    for (const stale of previous?.files ?? []) {
      if (!files.includes(stale)) await rm(join(dir, stale), { force: true });
    }
    return { hash, files };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Packages the demo's on-demand recordings and prerolls as HLS (H.264/AAC, 2 s fMP4 segments),
 * two ffmpeg jobs at a time. An item whose recipe hash is in the manifest and whose files exist
 * is kept as it is (prepared during set-up, not redone when present).
 */
export async function prepareMedia(options: PrepareMediaOptions): Promise<PrepareMediaResult> {
  const { dir } = options;
  const log = options.log ?? (() => {});
  const cacheDir = options.cacheDir ?? null;
  await mkdir(dir, { recursive: true });
  const manifest = await readManifest(dir);
  const jobs = mediaJobs(options.channels, options.quality ?? DEFAULT_QUALITY, options.seconds, options.prerollSeconds);
  const result: PrepareMediaResult = { built: [], kept: [] };
  const pending: { job: MediaJob; hash: string }[] = [];
  for (const job of jobs) {
    const hash = recipeHash(job);
    if (isKept(dir, manifest.items[job.key], hash)) result.kept.push(job.key);
    else pending.push({ job, hash });
  }
  let manifestWrite = Promise.resolve();
  await eachLimit(pending, options.concurrency ?? 2, async ({ job, hash }) => {
    const started = Date.now();
    manifest.items[job.key] = await build(dir, job, hash, manifest.items[job.key], options.ffmpegPath, cacheDir);
    result.built.push(job.key);
    log(`built ${job.key} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // Written after every item, one write at a time, so an interrupted run keeps what it finished.
    manifestWrite = manifestWrite.then(() => writeManifest(dir, manifest));
    await manifestWrite;
  });
  // The library's own videos (seed `vod.items`): each kept in its folder when its recipe is there.
  const vod = await prepareVodLibrary({ dir, channels: options.channels, quality: options.quality ?? DEFAULT_QUALITY, seconds: options.seconds, concurrency: options.concurrency, ffmpegPath: options.ffmpegPath, cacheDir, log });
  result.built.push(...vod.built);
  result.kept.push(...vod.kept);
  await rm(join(dir, layout.work), { recursive: true, force: true });
  await prepareSlides(dir, options.channels, options.ffmpegPath, cacheDir, log);
  return result;
}

/**
 * The slides' hero images in sizes, made now so a site's first visitor does not wait for them
 * (the picture route makes any that are missing on first request, the same way). Named by the
 * source file's content hash, so a present set is kept.
 */
async function prepareSlides(dir: string, channels: readonly ChannelFolder[], ffmpegPath: string | undefined, cacheDir: string | null, log: (message: string) => void): Promise<void> {
  const sources = new Map<string, { path: string; out: string; hash: string }>();
  for (const channel of channels) {
    for (const slide of channel.seed?.slides ?? []) {
      if (slide.image === null || !CHANNEL_PICTURE_FILE.test(slide.image)) continue;
      const path = join(channel.dir, slide.image);
      if (!existsSync(path)) continue;
      const hash = shortHash(await readFile(path));
      sources.set(`${channel.config.slug}/${hash}`, { path, out: join(dir, 'pictures', channel.config.slug, 'slides'), hash });
    }
  }
  await eachLimit([...sources.values()], 2, async ({ path, out, hash }) => {
    const present = slideVariantNames(hash).every((name) => existsSync(join(out, name)));
    await ensureSlideVariants(path, out, hash, ffmpegPath, cacheDir);
    if (!present) log(`built the sizes of ${path}`);
  });
}

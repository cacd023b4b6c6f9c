import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, type FSWatcher, readFileSync, readlinkSync, watch } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { childEnvironment, DEFAULT_FFMPEG_PATH } from '../ffmpeg.ts';
import { LIVE_THUMB } from '../pictures.ts';
import { writeAtomically, writeRecording } from './finish.ts';
import { computeHealth, type LiveHealth, probeStream, SegmentSizes, type StreamFacts, writeHealth } from './health.ts';
import { composeLiveWindow, composeMaster, parseMediaPlaylist, type RunSegment } from './playlist.ts';
import { liveDirOf, type RecordingInfo } from './recording.ts';

export { liveDirOf, readRecording, readRecordingSync, recordingSourceOf, RECORDING_FULL_PLAYLIST, RECORDING_INFO, RECORDING_PLAYLIST, type RecordingInfo } from './recording.ts';
export { recordingPosterNames, TrimError, trimRecording } from './finish.ts';
export { HEALTH_FILE, KEYFRAME_WARNING_S, type LiveHealth, type LiveWarning, readHealth } from './health.ts';

/**
 * Live packaging: one ffmpeg per live event pulls the camera's signal from the
 * ingest and packages it without re-encoding (`-c copy`) into fMP4 HLS of 1 s segments (a segment
 * is one GOP when the camera's GOP is a second or more), all files flat in `live/<slug>/<id>/`.
 *
 * Each camera connection is a *run* (`r<run>.json`, `r<run>.m3u8`, `r<run>-init.mp4`,
 * `r<run>-<n>.m4s`; with the ladder `r<run>-v<k>…`). Every segment is kept while the event is live
 * (the recording is the whole game); what viewers read is composed here from all runs:
 * `index.m3u8`, the 10-minute window (with the ladder, a master naming `v0.m3u8`, `v1.m3u8`…; v0
 * is the camera's own picture). A camera that drops and comes back continues the same timeline: a
 * discontinuity, the new init, the media and discontinuity sequences counting on.
 */

/** ffmpeg cuts a segment at the first key frame after this many seconds. */
export const LIVE_SEGMENT_SECONDS = 1;
/** 600 × 1 s: the 10-minute DVR window the site offers (the player seeks back that far; clips are cut from it). */
export const LIVE_WINDOW_SEGMENTS = 600;
/** Ladder probes a start may fail (the camera not readable yet) before the camera is packaged alone. */
const LADDER_PROBE_TRIES = 5;
/** The window every viewer reads. */
export const LIVE_PLAYLIST = 'index.m3u8';

export interface EventPackagerOptions {
  mediaDir: string;
  channelSlug: string;
  eventId: number;
  /** The ffmpeg binary (`FFMPEG_PATH`); ffprobe is taken from beside it. */
  ffmpegPath?: string;
  /** Lower renditions beside the camera's own (the channel's `live.ladder`). */
  ladder?: boolean;
  log?: { info(message: string): void; warn(message: string): void };
  /** How often the window is composed when no file event came (ms; tests shorten it). */
  pollMs?: number;
}

/** A rendition of a run: the camera's own picture (k = 0) or a lower one the ladder encodes. */
export interface RunVariant {
  width: number;
  height: number;
  /** bits per second announced in the master playlist (measured for v0 once known). */
  bandwidth: number;
  playlist: string;
}

/** A run's description, written when it starts (another packager process continues from it). */
export interface RunMeta {
  run: number;
  startedAt: string;
  variants: RunVariant[];
}

/** The rungs of the ladder, highest first, with their video bitrates (kbit/s). */
export const LADDER_RUNGS: ReadonlyArray<{ height: number; kbps: number }> = [
  { height: 720, kbps: 2500 },
  { height: 480, kbps: 1200 },
  { height: 360, kbps: 700 },
  { height: 240, kbps: 400 },
];

/**
 * The lower renditions for a source of `width` × `height`: the (at most two) rungs clearly below it,
 * at its shape (an even width). A source of 240 lines or less gets none.
 */
export function ladderFor(width: number, height: number): Array<{ width: number; height: number; kbps: number }> {
  return LADDER_RUNGS.filter((rung) => rung.height <= height * 0.8)
    .slice(0, 2)
    .map((rung) => ({ width: Math.max(2, Math.round((width * rung.height) / height / 2) * 2), height: rung.height, kbps: rung.kbps }));
}

/** Whether a process still runs (signal 0 only asks). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The ffprobe installed with an ffmpeg (`FFMPEG_PATH`), or the one on PATH. */
export function ffprobeBeside(ffmpegPath = DEFAULT_FFMPEG_PATH): string {
  return basename(ffmpegPath) === 'ffmpeg' && ffmpegPath !== 'ffmpeg' ? join(dirname(ffmpegPath), 'ffprobe') : 'ffprobe';
}

const RUN_META = /^r([1-9][0-9]{0,5})\.json$/;
const PID_FILE = 'packager.pid';

/** The runs a folder holds, oldest first (a packager restarted elsewhere continues from them). */
export async function readRuns(dir: string): Promise<RunMeta[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const runs: RunMeta[] = [];
  for (const name of names) {
    if (!RUN_META.test(name)) continue;
    try {
      runs.push(JSON.parse(await readFile(join(dir, name), 'utf8')) as RunMeta);
    } catch {
      // A run whose description is unreadable has no playable media to offer.
    }
  }
  return runs.sort((a, b) => a.run - b.run);
}

export class EventPackager {
  readonly dir: string;
  readonly #options: EventPackagerOptions;
  readonly #ffmpegPath: string;
  readonly #log: NonNullable<EventPackagerOptions['log']>;
  readonly #listeners = new Set<(info: { code: number | null; stderr: string }) => void>();
  readonly #sizes: SegmentSizes;
  /** Parsed playlists by file, re-read when their size or mtime changed. */
  readonly #parsed = new Map<string, { key: string; segments: RunSegment[] }>();
  #child: ChildProcess | null = null;
  #childExit: Promise<void> | null = null;
  #starting: Promise<void> | null = null;
  #runs: RunMeta[] = [];
  #facts = new Map<number, StreamFacts>();
  #watcher: FSWatcher | null = null;
  #timer: NodeJS.Timeout | null = null;
  #composing: Promise<void> | null = null;
  #again = false;
  #lastHealthAt = 0;
  #lastHealth: LiveHealth | null = null;
  #closed = false;
  /** Set by stopRun: the run's end is asked for, not a failure to retry. */
  #stopping = false;
  /** The camera's picture came later than the short probe: probe long from now on. */
  #longProbe = false;
  /** The laddered camera sends sound (its probe said). */
  #ladderAudio = true;
  /** Ladder probes that failed in a row (the camera may not be readable yet). */
  #probeFailures = 0;

  constructor(options: EventPackagerOptions) {
    this.#options = options;
    this.dir = liveDirOf(options.mediaDir, options.channelSlug, options.eventId);
    this.#ffmpegPath = options.ffmpegPath ?? DEFAULT_FFMPEG_PATH;
    this.#log = options.log ?? { info: () => {}, warn: () => {} };
    this.#sizes = new SegmentSizes(this.dir);
  }

  get running(): boolean {
    return this.#child !== null;
  }

  /** The runs so far (this process's and any earlier packager's), oldest first. */
  get runs(): readonly RunMeta[] {
    return this.#runs;
  }

  /** Called when a run's ffmpeg ends by itself (the camera left, the ingest dropped it) or is stopped. */
  onRunEnded(listener: (info: { code: number | null; stderr: string }) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Starts a run reading `inputUrl` (the ingest's pull address), continuing the timeline. No-op
   * while one runs. With the ladder, refuses while the camera cannot be probed yet (call again).
   */
  async startRun(inputUrl: string): Promise<void> {
    if (this.#closed) throw new Error('this packager is closed');
    if (this.#child) return;
    if (this.#starting) return this.#starting;
    this.#starting = this.#start(inputUrl).finally(() => {
      this.#starting = null;
    });
    return this.#starting;
  }

  async #start(inputUrl: string): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    this.#killStale();
    this.#runs = await readRuns(this.dir);
    // The event's first camera connection: whatever an older server left in the folder (a test
    // signal's window, its thumbnails) is not this event's game and must not be served as its window.
    if (this.#runs.length === 0) {
      await rm(this.dir, { recursive: true, force: true });
      await mkdir(this.dir, { recursive: true });
      this.#parsed.clear();
      this.#written.clear();
    }
    const run = (this.#runs.at(-1)?.run ?? 0) + 1;
    const rungs = this.#options.ladder ? await this.#ladderOf(inputUrl) : [];
    const single = rungs.length === 0;
    const variants: RunVariant[] = [{ width: 0, height: 0, bandwidth: 0, playlist: single ? `r${run}.m3u8` : `r${run}-v0.m3u8` }, ...rungs.map((rung, k) => ({ width: rung.width, height: rung.height, bandwidth: (rung.kbps + 128) * 1000, playlist: `r${run}-v${k + 1}.m3u8` }))];
    const meta: RunMeta = { run, startedAt: new Date().toISOString(), variants };
    await writeAtomically(join(this.dir, `r${run}.json`), `${JSON.stringify(meta)}\n`);
    this.#runs.push(meta);
    if (this.#closed) return;
    const args = this.#args(inputUrl, run, rungs);
    const child = spawn(this.#ffmpegPath, args, { cwd: this.dir, env: childEnvironment(), stdio: ['ignore', 'ignore', 'pipe'] });
    this.#child = child;
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    this.#childExit = new Promise<void>((resolve) => {
      let ended = false;
      const onEnded = (code: number | null) => {
        if (ended) return;
        ended = true;
        if (this.#child === child) this.#child = null;
        void this.#forgetIfEmpty(meta).then(async (forgotten) => {
          // No picture within the short probe (a camera with a key frame every 4 s): once more at
          // once with the long one, unseen by the listeners (the camera is there).
          if (forgotten && !this.#longProbe && !this.#stopping && !this.#closed && /matches no streams/.test(stderr)) {
            this.#longProbe = true;
            resolve();
            await this.startRun(inputUrl).catch((error: unknown) => this.#log.warn(`packager ${this.#options.channelSlug}/${this.#options.eventId}: restart failed: ${String(error)}`));
            return;
          }
          resolve();
          this.#kick();
          for (const listener of this.#listeners) listener({ code, stderr: stderr.trim() });
        });
      };
      child.on('error', (error) => {
        stderr += `\ncould not start: ${error.message}`;
        onEnded(null);
      });
      child.on('close', (code) => onEnded(code));
    });
    if (child.pid) {
      await writeFile(join(this.dir, PID_FILE), String(child.pid));
      this.#log.info(`packager ${this.#options.channelSlug}/${this.#options.eventId}: run ${run} started (pid ${child.pid}${single ? '' : `, ladder ${rungs.map((r) => r.height).join('/')}`})`);
    }
    this.#watch();
  }

  /**
   * A run that never wrote a playlist (the ingest turned the reader away: no camera yet) leaves
   * nothing: its number is used again, so the runs count camera connections.
   */
  async #forgetIfEmpty(meta: RunMeta): Promise<boolean> {
    if (meta.variants.some((variant) => existsSync(join(this.dir, variant.playlist)))) return false;
    this.#runs = this.#runs.filter((run) => run !== meta);
    await rm(join(this.dir, `r${meta.run}.json`), { force: true });
    return true;
  }

  /**
   * The ladder for the camera's picture, probed from the ingest. The ingest calls the publish
   * callback before it lets readers in, so a probe right after it can find no stream: the start
   * fails and the next one probes again. A camera that never answers a probe
   * (LADDER_PROBE_TRIES in a row) is packaged alone, at its own picture.
   */
  async #ladderOf(inputUrl: string): Promise<Array<{ width: number; height: number; kbps: number }>> {
    this.#ladderAudio = true;
    try {
      const { stdout } = await new Promise<{ stdout: string }>((resolve, reject) => {
        execFile(
          ffprobeBeside(this.#ffmpegPath),
          ['-v', 'error', '-rw_timeout', '10000000', '-analyzeduration', '10000000', '-show_entries', 'stream=codec_type,width,height', '-of', 'json', inputUrl],
          { env: childEnvironment(), timeout: 15_000 },
          (error, out) => (error ? reject(error) : resolve({ stdout: out })),
        );
      });
      const streams = (JSON.parse(stdout) as { streams?: Array<{ codec_type?: string; width?: number; height?: number }> }).streams ?? [];
      const video = streams.find((stream) => stream.codec_type === 'video');
      // Each rendition carries the camera's sound, when it sends some.
      this.#ladderAudio = streams.some((stream) => stream.codec_type === 'audio');
      this.#probeFailures = 0;
      if (!video?.width || !video.height) return [];
      return ladderFor(video.width, video.height);
    } catch (error) {
      this.#probeFailures += 1;
      if (this.#probeFailures < LADDER_PROBE_TRIES) throw new Error(`the camera is not readable yet (probe ${this.#probeFailures} of ${LADDER_PROBE_TRIES}): ${String(error)}`, { cause: error });
      this.#probeFailures = 0;
      this.#log.warn(`packager ${this.#options.channelSlug}/${this.#options.eventId}: the ladder's probe failed ${LADDER_PROBE_TRIES} times, packaging the camera's picture alone: ${String(error)}`);
      return [];
    }
  }

  #args(inputUrl: string, run: number, rungs: ReadonlyArray<{ width: number; height: number; kbps: number }>): string[] {
    const thumb = `scale=${LIVE_THUMB.width}:${LIVE_THUMB.height}:force_original_aspect_ratio=decrease,pad=${LIVE_THUMB.width}:${LIVE_THUMB.height}:(ow-iw)/2:(oh-ih)/2,setsar=1,format=yuvj420p`;
    const hls = [
      ...['-f', 'hls', '-hls_time', String(LIVE_SEGMENT_SECONDS), '-hls_list_size', '0', '-hls_segment_type', 'fmp4'],
      ...['-hls_flags', 'program_date_time+independent_segments+temp_file'],
    ];
    const input = [
      // A camera that stalls without hanging up ends the run after 10 s (the lifecycle's grace takes
      // over). ffmpeg reads an RTMP signal for its whole analyze span before the first segment:
      // 1.5 s (the viewer's first picture comes that much sooner) unless a camera with a long GOP
      // showed no picture in it (the ingest sends video from a key frame on): then 10 s.
      ...['-rw_timeout', '10000000', '-analyzeduration', this.#longProbe ? '10000000' : '1500000'],
    ];
    const thumbnails = (label: string) => [
      ...['-map', `[${label}j]`, '-fps_mode', 'passthrough', '-c:v', 'mjpeg', '-q:v', '5', '-threads', '1', '-f', 'image2', '-update', '1', '-atomic_writing', '1', 'thumb.jpg'],
      ...['-map', `[${label}w]`, '-fps_mode', 'passthrough', '-c:v', 'libwebp', '-quality', '70', '-compression_level', '1', '-f', 'image2', '-update', '1', '-atomic_writing', '1', 'thumb.webp'],
    ];
    const base = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];
    if (rungs.length === 0) {
      return [
        ...base,
        // Only key frames are decoded: the thumbnails need no more, and passthrough none at all.
        ...input,
        ...['-skip_frame', 'nokey', '-i', inputUrl],
        ...['-filter_complex', `[0:v:0]${thumb},split=2[tj][tw]`],
        ...['-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', ...hls],
        ...['-hls_fmp4_init_filename', `r${run}-init.mp4`, '-hls_segment_filename', `r${run}-%d.m4s`, `r${run}.m3u8`],
        ...thumbnails('t'),
      ];
    }
    const splits = rungs.map((_, k) => `[s${k + 1}]`).join('');
    const graph = [`[0:v:0]split=${rungs.length + 1}[st]${splits}`, `[st]fps=1,${thumb},split=2[tj][tw]`, ...rungs.map((rung, k) => `[s${k + 1}]scale=${rung.width}:${rung.height},setsar=1[l${k + 1}]`)];
    const audio = this.#ladderAudio;
    const maps = ['-map', '0:v:0', ...(audio ? ['-map', '0:a:0'] : []), ...rungs.flatMap((_, k) => ['-map', `[l${k + 1}]`, ...(audio ? ['-map', '0:a:0'] : [])])];
    // Each encoder's options by its stream (the camera's own stream is copied, and a copy takes none).
    const codecs = [
      ...['-c:v:0', 'copy', '-c:a', 'copy'],
      ...rungs.flatMap((rung, k) => {
        const v = `v:${k + 1}`;
        return [`-c:${v}`, 'libx264', `-preset:${v}`, 'veryfast', `-tune:${v}`, 'zerolatency', `-profile:${v}`, 'main', `-pix_fmt:${v}`, 'yuv420p', `-b:${v}`, `${rung.kbps}k`, `-maxrate:${v}`, `${Math.round(rung.kbps * 1.2)}k`, `-bufsize:${v}`, `${rung.kbps * 2}k`, `-force_key_frames:${v}`, 'source'];
      }),
    ];
    const streamMap = ['v:0', ...rungs.map((_, k) => `v:${k + 1}`)].map((v, k) => (audio ? `${v},a:${k}` : v)).join(' ');
    return [
      ...base,
      ...input,
      ...['-i', inputUrl],
      ...['-filter_complex', graph.join(';')],
      ...maps,
      // Key frames where the camera put them (`source`), so every rendition's segments line up with the camera's.
      ...codecs,
      ...hls,
      ...['-var_stream_map', streamMap, '-hls_fmp4_init_filename', `r${run}-v%v-init.mp4`, '-hls_segment_filename', `r${run}-v%v-%d.m4s`, `r${run}-v%v.m3u8`],
      ...thumbnails('t'),
    ];
  }

  /** A packager left by a process that was killed hard would keep writing into this folder: end it. */
  #killStale(): void {
    const file = join(this.dir, PID_FILE);
    if (!existsSync(file)) return;
    const pid = Number(readFileSync(file, 'utf8'));
    if (!Number.isInteger(pid) || pid <= 1 || !isAlive(pid)) return;
    try {
      // Only an ffmpeg working in this very folder: a reused pid belongs to someone else.
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('ffmpeg') && readlinkSync(`/proc/${pid}/cwd`) === this.dir) process.kill(pid, 'SIGKILL');
    } catch {
      // Not ours to read: leave it.
    }
  }

  #watch(): void {
    if (!this.#watcher) {
      try {
        // ffmpeg renames each run playlist into place (temp_file): compose at once, the viewers' edge is a segment old.
        this.#watcher = watch(this.dir, (_event, name) => {
          if (name && /^r[0-9]+(-v[0-9]+)?\.m3u8$/.test(name)) this.#kick();
        });
        this.#watcher.on('error', () => {
          this.#watcher?.close();
          this.#watcher = null;
        });
      } catch {
        this.#watcher = null;
      }
    }
    if (!this.#timer) {
      this.#timer = setInterval(() => this.#kick(), this.#options.pollMs ?? 1000);
      this.#timer.unref();
    }
  }

  #unwatch(): void {
    this.#watcher?.close();
    this.#watcher = null;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  /** Composes soon; a composition under way is followed by one more. */
  #kick(): void {
    if (this.#closed) return;
    if (this.#composing) {
      this.#again = true;
      return;
    }
    this.#composing = (async () => {
      do {
        this.#again = false;
        try {
          await this.compose();
        } catch (error) {
          this.#log.warn(`packager ${this.#options.channelSlug}/${this.#options.eventId}: composing the window failed: ${String(error)}`);
        }
      } while (this.#again);
    })().finally(() => {
      this.#composing = null;
    });
  }

  async #segmentsOf(playlist: string, run: number): Promise<RunSegment[]> {
    const file = join(this.dir, playlist);
    let key: string;
    try {
      const stats = await stat(file);
      key = `${stats.size}:${stats.mtimeMs}`;
    } catch {
      return [];
    }
    const cached = this.#parsed.get(playlist);
    if (cached?.key === key) return cached.segments;
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      return [];
    }
    const segments = parseMediaPlaylist(text, run);
    this.#parsed.set(playlist, { key, segments });
    return segments;
  }

  /** Every segment of rendition `k` across the runs (a run without that rendition gives its closest). */
  async segments(k = 0): Promise<RunSegment[]> {
    const all: RunSegment[] = [];
    for (const meta of this.#runs) {
      const variant = meta.variants[Math.min(k, meta.variants.length - 1)] as RunVariant;
      all.push(...(await this.#segmentsOf(variant.playlist, meta.run)));
    }
    return all;
  }

  /** Writes the window (and, with the ladder, each rendition's window and the master). */
  async compose(ended = false): Promise<void> {
    if (this.#runs.length === 0) this.#runs = await readRuns(this.dir);
    const current = this.#runs.at(-1);
    if (!current) return;
    const options = { windowSegments: LIVE_WINDOW_SEGMENTS, minTargetDuration: LIVE_SEGMENT_SECONDS, ended };
    if (current.variants.length === 1) {
      const all = await this.segments(0);
      if (all.length > 0) await this.#write(LIVE_PLAYLIST, composeLiveWindow(all, options));
    } else {
      let any = false;
      for (let k = 0; k < current.variants.length; k++) {
        const all = await this.segments(k);
        if (all.length === 0) continue;
        any = true;
        await this.#write(`v${k}.m3u8`, composeLiveWindow(all, options));
      }
      if (any) {
        const health = this.#lastHealth;
        const source = { width: health?.width ?? 0, height: health?.height ?? 0, bandwidth: ((health?.bitrateKbps ?? 0) + 128) * 1000 };
        await this.#write(LIVE_PLAYLIST, composeMaster(current.variants.map((variant, k) => ({ uri: `v${k}.m3u8`, ...(k === 0 ? source : variant), codecs: null }))));
      }
    }
    if (Date.now() - this.#lastHealthAt >= 2000) await this.health();
  }

  readonly #written = new Map<string, string>();

  async #write(name: string, text: string): Promise<void> {
    if (this.#written.get(name) === text) return;
    await writeAtomically(join(this.dir, name), text);
    this.#written.set(name, text);
  }

  /** The current run's health (null before its first segment, and while no camera sends), also left in `health.json`. */
  async health(): Promise<LiveHealth | null> {
    this.#lastHealthAt = Date.now();
    const current = this.#runs.at(-1);
    let health: LiveHealth | null = null;
    if (current && this.#child) {
      const run = await this.#segmentsOf((current.variants[0] as RunVariant).playlist, current.run);
      const first = run[0];
      if (first && !this.#facts.has(current.run)) {
        try {
          this.#facts.set(current.run, await probeStream(this.dir, first.map, first.uri, ffprobeBeside(this.#ffmpegPath)));
        } catch (error) {
          this.#log.warn(`packager ${this.#options.channelSlug}/${this.#options.eventId}: probing run ${current.run} failed: ${String(error)}`);
        }
      }
      health = await computeHealth(run, this.#facts.get(current.run) ?? null, this.#sizes);
    }
    this.#lastHealth = health;
    if (existsSync(this.dir) && !this.#closed) await writeHealth(this.dir, health);
    return health;
  }

  /** Ends the current run (ffmpeg writes its last segment first). */
  async stopRun(): Promise<void> {
    this.#stopping = true;
    try {
      await this.#stop();
    } finally {
      this.#stopping = false;
    }
  }

  async #stop(): Promise<void> {
    if (this.#starting) await this.#starting.catch(() => {});
    const child = this.#child;
    const exit = this.#childExit;
    if (!child || !exit) return;
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      const force = setTimeout(() => child.kill('SIGKILL'), 5000);
      // SIGTERM: ffmpeg finishes its outputs (the last segment, the playlist) before it exits.
      child.kill('SIGTERM');
      await exit;
      clearTimeout(force);
    } else {
      await exit;
    }
    await this.compose();
  }

  /**
   * The event ended: the run stops, the live window closes (ENDLIST, players stop asking), and the
   * recording is written from every segment of the camera's own rendition.
   */
  async finish(): Promise<RecordingInfo> {
    await this.stopRun();
    // Nothing composes the open window again once it is closed below.
    this.#unwatch();
    this.#closed = true;
    await this.#composing;
    this.#runs = await readRuns(this.dir);
    await this.compose(true);
    await rm(join(this.dir, PID_FILE), { force: true });
    await mkdir(this.dir, { recursive: true });
    const info = await writeRecording(this.dir, await this.segments(0), this.#options.ffmpegPath);
    this.#log.info(`packager ${this.#options.channelSlug}/${this.#options.eventId}: recording ready (${info.durationS} s)`);
    return info;
  }

  /** Stops without a recording (the server shuts down; another packager may continue the runs). */
  async close(): Promise<void> {
    await this.stopRun();
    await this.#composing;
    this.#closed = true;
    this.#unwatch();
    this.#listeners.clear();
  }
}

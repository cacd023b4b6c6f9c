import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { childEnvironment, DEFAULT_FFMPEG_PATH, FONT_BOLD } from './ffmpeg.ts';
import { layout } from './library.ts';
import { LIVE_THUMB } from './pictures.ts';

/** What a live test signal shows: the event's name and the wall clock in its time zone. */
export interface LiveEventInfo {
  channelSlug: string;
  eventId: number;
  name: string;
  timeZone: string;
}

export interface LiveQuality {
  width: number;
  height: number;
  fps: number;
  videoKbps: number;
}

/** Measured ~5 % of one core per encoder (ultrafast, zerolatency) on the 2-core machine. */
export const DEFAULT_LIVE_QUALITY: LiveQuality = { width: 426, height: 240, fps: 15, videoKbps: 400 };
/**
 * How often the live signal's thumbnail (`thumb.jpg`, `thumb.webp`) is renewed. Once a second, not
 * every 10: ffmpeg feeds the output that is furthest behind, so an output holding one frame per 10 s
 * starved the stream's audio input and held the playlist back by up to 10 s.
 */
export const LIVE_THUMB_SECONDS = 1;
/** 300 × 2 s = 10 minutes to seek back in (a window of at least 10 minutes). */
export const LIVE_WINDOW_SEGMENTS = 300;

export interface LiveEncodersOptions {
  /** The media directory; each signal writes to `live/<channelSlug>/<eventId>/`. */
  dir: string;
  quality?: LiveQuality;
  /** The ffmpeg binary (`FFMPEG_PATH`). Default: `ffmpeg` on PATH. */
  ffmpegPath?: string;
  log?: { info(message: string): void; warn(message: string): void };
}

interface Encoder {
  /** `<channelSlug>/<eventId>`, its key in the map. */
  key: string;
  info: LiveEventInfo;
  dir: string;
  child: ChildProcess | null;
  restarts: number;
  timer: NodeJS.Timeout | null;
  /** Bumped per start, so a restarted encoder never reuses a segment name (segments are cached for a year). */
  run: string;
}

const CLOCK = String.raw`%{localtime\:%T %Z}`;

/** Whether a process still runs (signal 0 only asks). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The live test signals: one real-time ffmpeg per live event (lavfi testsrc2 + sine, a visible
 * clock), HLS with 2 s fMP4 segments and a 10-minute window. The encoders are children of the
 * server: one that fails to start or dies is restarted with a backoff (1 s, doubling, at most 30 s),
 * `stop()` ends one whose event is no longer live (the media plugin decides), and all are killed by
 * `stopAll()` (app close) and on exit.
 */
export class LiveEncoders {
  readonly #dir: string;
  readonly #quality: LiveQuality;
  readonly #ffmpegPath: string;
  readonly #log: NonNullable<LiveEncodersOptions['log']>;
  readonly #encoders = new Map<string, Encoder>();
  #stopping = false;
  readonly #onExit = () => this.killAllNow();

  constructor(options: LiveEncodersOptions) {
    this.#dir = options.dir;
    this.#quality = options.quality ?? DEFAULT_LIVE_QUALITY;
    this.#ffmpegPath = options.ffmpegPath ?? DEFAULT_FFMPEG_PATH;
    this.#log = options.log ?? { info: () => {}, warn: () => {} };
    process.on('exit', this.#onExit);
  }

  /** The folder an event's signal writes to. */
  dirOf(channelSlug: string, eventId: number): string {
    return join(this.#dir, layout.liveDir(channelSlug, eventId));
  }

  isRunning(channelSlug: string, eventId: number): boolean {
    return this.#encoders.has(`${channelSlug}/${eventId}`);
  }

  /** The events whose signal runs (or waits to restart). */
  running(): Array<Pick<LiveEventInfo, 'channelSlug' | 'eventId'>> {
    return [...this.#encoders.values()].map(({ info }) => ({ channelSlug: info.channelSlug, eventId: info.eventId }));
  }

  /** Pids of the running encoders (tests and diagnostics). */
  pids(): number[] {
    return [...this.#encoders.values()].flatMap((encoder) => (encoder.child?.pid ? [encoder.child.pid] : []));
  }

  /** Starts the event's signal unless it runs already. */
  async ensure(info: LiveEventInfo): Promise<void> {
    if (this.#stopping) return;
    const key = `${info.channelSlug}/${info.eventId}`;
    if (this.#encoders.has(key)) return;
    const encoder: Encoder = { key, info, dir: this.dirOf(info.channelSlug, info.eventId), child: null, restarts: 0, timer: null, run: '' };
    this.#encoders.set(key, encoder);
    await this.#start(encoder);
  }

  /** Resolves true once the event's playlist exists, false after `timeoutMs`. */
  async waitForPlaylist(channelSlug: string, eventId: number, timeoutMs: number): Promise<boolean> {
    const playlist = join(this.dirOf(channelSlug, eventId), 'index.m3u8');
    const deadline = Date.now() + timeoutMs;
    while (!existsSync(playlist)) {
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return true;
  }

  async #start(encoder: Encoder): Promise<void> {
    const { dir, info } = encoder;
    this.#killStale(dir);
    // A fresh window per start: the old segments belong to a timeline that no longer continues.
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'title.txt'), info.name);
    // Stopped meanwhile (the event left live, or the app closes): never spawn an orphan.
    if (this.#stopping || this.#encoders.get(encoder.key) !== encoder) return;
    encoder.run = Date.now().toString(36);
    const q = this.#quality;
    const gop = String(q.fps * 2);
    const filters = [
      'drawbox=x=0:y=0:w=iw:h=ih*0.30:color=black@0.6:t=fill',
      `drawtext=fontfile=${FONT_BOLD}:textfile=title.txt:expansion=none:fontcolor=white:fontsize=h/22:x=(w-tw)/2:y=h*0.04`,
      `drawtext=fontfile=${FONT_BOLD}:text='${CLOCK}':fontcolor=white:fontsize=h/9:x=(w-tw)/2:y=h*0.13`,
    ].join(',');
    const args = [
      ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
      ...['-re', '-f', 'lavfi', '-i', `testsrc2=s=${q.width}x${q.height}:r=${q.fps}`],
      ...['-re', '-f', 'lavfi', '-i', 'sine=frequency=660:beep_factor=2:sample_rate=48000'],
      // A second output: the thumbnail pictures show, one frame every 10 s (the first at once),
      // rewritten in place atomically (a reader never sees half a file).
      ...['-filter_complex', `[0:v]${filters},split=2[v][t];[t]fps=1/${LIVE_THUMB_SECONDS},scale=${LIVE_THUMB.width}:${LIVE_THUMB.height},setsar=1,split=2[tj][tw]`],
      ...['-map', '[v]', '-map', '1:a'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-profile:v', 'baseline', '-pix_fmt', 'yuv420p', '-threads', '1'],
      ...['-g', gop, '-keyint_min', gop, '-sc_threshold', '0'],
      ...['-b:v', `${q.videoKbps}k`, '-maxrate', `${Math.round(q.videoKbps * 1.25)}k`, '-bufsize', `${q.videoKbps * 2}k`],
      ...['-c:a', 'aac', '-b:a', '64k', '-ac', '2'],
      ...['-f', 'hls', '-hls_time', '2', '-hls_list_size', String(LIVE_WINDOW_SEGMENTS), '-hls_segment_type', 'fmp4'],
      ...['-hls_flags', 'delete_segments+program_date_time+independent_segments+temp_file'],
      ...['-hls_fmp4_init_filename', `init-${encoder.run}.mp4`, '-hls_segment_filename', `seg-${encoder.run}-%05d.m4s`, 'index.m3u8'],
      ...['-map', '[tj]', '-fps_mode', 'passthrough', '-c:v', 'mjpeg', '-q:v', '5', '-threads', '1', '-f', 'image2', '-update', '1', '-atomic_writing', '1', 'thumb.jpg'],
      ...['-map', '[tw]', '-fps_mode', 'passthrough', '-c:v', 'libwebp', '-quality', '70', '-compression_level', '1', '-f', 'image2', '-update', '1', '-atomic_writing', '1', 'thumb.webp'],
    ];
    // The clock shows the event's local time (spec §3: times in the event's time zone).
    const child = spawn(this.#ffmpegPath, args, { cwd: dir, env: childEnvironment({ TZ: info.timeZone }), stdio: ['ignore', 'ignore', 'pipe'] });
    encoder.child = child;
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-2000);
    });
    // A child that fails to start (a bad FFMPEG_PATH: ENOENT) emits `error` then `close`, never
    // `exit`; a killed or crashed one emits `exit` then `close`. Each of the three ends this run,
    // and whichever comes first schedules the one restart: the others find it handled.
    let ended = false;
    const onEnded = (reason: string) => {
      if (ended) return;
      ended = true;
      if (encoder.child === child) encoder.child = null;
      if (this.#stopping || this.#encoders.get(encoder.key) !== encoder) return;
      encoder.restarts += 1;
      const delay = Math.min(30_000, 1000 * 2 ** Math.min(encoder.restarts - 1, 5));
      this.#log.warn(`live signal ${encoder.key} stopped (${reason}): ${stderr.trim() || 'no output'}; restarting in ${delay / 1000} s`);
      encoder.timer = setTimeout(() => {
        encoder.timer = null;
        this.#start(encoder).catch((error: unknown) => this.#log.warn(`live signal restart failed: ${String(error)}`));
      }, delay);
    };
    child.on('error', (error) => onEnded(`could not start: ${error.message}`));
    child.on('exit', (code, signal) => onEnded(String(signal ?? code)));
    child.on('close', (code, signal) => onEnded(String(signal ?? code)));
    if (child.pid) {
      this.#log.info(`live signal ${encoder.key} started (pid ${child.pid})`);
      await writeFile(join(dir, 'encoder.pid'), String(child.pid));
    }
  }

  /** An encoder left by a server that was killed hard would keep writing into this folder: end it. */
  #killStale(dir: string): void {
    const file = join(dir, 'encoder.pid');
    if (!existsSync(file)) return;
    const pid = Number(readFileSync(file, 'utf8'));
    if (!Number.isInteger(pid) || pid <= 1 || !isAlive(pid)) return;
    try {
      // Only an ffmpeg working in this very folder: a reused pid belongs to someone else.
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('ffmpeg') && readlinkSync(`/proc/${pid}/cwd`) === dir) process.kill(pid, 'SIGKILL');
    } catch {
      // Not ours to read: leave it.
    }
  }

  /** Stops one event's signal (e.g. the event is no longer live). */
  async stop(channelSlug: string, eventId: number): Promise<void> {
    const key = `${channelSlug}/${eventId}`;
    const encoder = this.#encoders.get(key);
    if (!encoder) return;
    this.#encoders.delete(key);
    await this.#end(encoder);
  }

  async #end(encoder: Encoder): Promise<void> {
    if (encoder.timer) clearTimeout(encoder.timer);
    const child = encoder.child;
    encoder.child = null;
    // No pid: the start failed, there is no process and no `exit` will come.
    if (!child || child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => child.kill('SIGKILL'), 3000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }

  /** Ends every encoder and waits for them (the app's onClose). */
  async stopAll(): Promise<void> {
    this.#stopping = true;
    process.off('exit', this.#onExit);
    const encoders = [...this.#encoders.values()];
    this.#encoders.clear();
    await Promise.all(encoders.map((encoder) => this.#end(encoder)));
  }

  /** On process exit there is no time to wait: kill at once. */
  killAllNow(): void {
    for (const encoder of this.#encoders.values()) {
      if (encoder.timer) clearTimeout(encoder.timer);
      encoder.child?.kill('SIGKILL');
    }
  }
}

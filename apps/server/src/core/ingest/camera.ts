import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_FFMPEG_PATH, FONT_BOLD, childEnvironment } from '../media/ffmpeg.ts';

/**
 * An ffmpeg "camera": a test picture with a tone, published over RTMP exactly as an encoder in a
 * gym would (the demo's live events, the tests and the bench all go through the real ingest).
 */
export interface CameraOptions {
  /** `rtmp://host:port/live/<stream key>`: the Server and Stream key joined with "/", as OBS does. */
  url: string;
  /** Shown on the picture. */
  name?: string;
  /** Default 426x240: the demo's cameras stay light. */
  width?: number;
  height?: number;
  fps?: number;
  /** Seconds between keyframes (default 1). */
  keyframeSeconds?: number;
  videoKbps?: number;
  /** The time zone of the visible clock (the event's). */
  timeZone?: string;
  /** Instead of drawing: a pre-encoded file published in a loop without re-encoding (`-c copy`, the capacity bench). */
  loop?: string;
  ffmpegPath?: string;
  /** Serve the stream to one reader instead of publishing (`-listen 1`): a packager without an ingest (tests). */
  listen?: boolean;
}

export interface Camera {
  readonly pid: number | undefined;
  /** Resolves when the process ends (stopped, refused by the ingest, or failed), with its last output. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
  stop(): Promise<void>;
}

/** Cells of the clock strip: wall-clock centiseconds mod 2^24, most significant bit first. */
export const CLOCK_STRIP_BITS = 24;

/**
 * The picture's filters. The clock strip is machine-readable for the latency bench: the frame's
 * pts is set to the wall clock when it is drawn (`RTCTIME`), then each of 24 cells across the
 * bottom twelfth is white when its bit of floor(t × 100) mod 2^24 is set (cell 0 the most
 * significant), over a black strip; then the pts go back to frame counts for the encoder.
 */
export function cameraFilters(options: { nameFile: string }): string {
  const cells = Array.from({ length: CLOCK_STRIP_BITS }, (_, k) => {
    const bit = CLOCK_STRIP_BITS - 1 - k;
    return `drawbox=x=${k}*iw/${CLOCK_STRIP_BITS}:y=ih-ih/12:w=iw/${CLOCK_STRIP_BITS}+1:h=ih/12:color=white:t=fill:enable='mod(floor(t*100/pow(2\\,${bit}))\\,2)'`;
  });
  return [
    'setpts=RTCTIME/(TB*1000000)',
    'drawbox=x=0:y=0:w=iw:h=ih*0.30:color=black@0.6:t=fill',
    `drawtext=fontfile=${FONT_BOLD}:textfile='${options.nameFile}':expansion=none:fontcolor=white:fontsize=h/22:x=(w-tw)/2:y=h*0.04`,
    `drawtext=fontfile=${FONT_BOLD}:text='%{localtime\\:%T}':fontcolor=white:fontsize=h/9:x=(w-tw)/2:y=h*0.13`,
    'drawbox=x=0:y=ih-ih/12:w=iw:h=ih/12:color=black:t=fill',
    ...cells,
    'setpts=N/(FRAME_RATE*TB)',
  ].join(',');
}

/** The ffmpeg arguments of a camera (also what an operator can run by hand). */
export function cameraArgs(options: CameraOptions & { nameFile: string }): string[] {
  const quiet = ['-hide_banner', '-nostdin', '-loglevel', 'error'];
  if (options.loop) return [...quiet, '-re', '-stream_loop', '-1', '-i', options.loop, '-c', 'copy', '-f', 'flv', options.url];
  const width = options.width ?? 426;
  const height = options.height ?? 240;
  const fps = options.fps ?? 15;
  const gop = String(Math.max(1, Math.round(fps * (options.keyframeSeconds ?? 1))));
  const kbps = options.videoKbps ?? 400;
  return [
    ...quiet,
    ...['-re', '-f', 'lavfi', '-i', `testsrc2=s=${width}x${height}:r=${fps}`],
    ...['-re', '-f', 'lavfi', '-i', 'sine=frequency=660:beep_factor=2:sample_rate=48000'],
    ...['-vf', cameraFilters({ nameFile: options.nameFile })],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-profile:v', 'baseline', '-pix_fmt', 'yuv420p', '-threads', '1'],
    ...['-g', gop, '-keyint_min', gop, '-sc_threshold', '0'],
    ...['-b:v', `${kbps}k`, '-maxrate', `${Math.round(kbps * 1.25)}k`, '-bufsize', `${kbps * 2}k`],
    ...['-c:a', 'aac', '-b:a', '64k', '-ac', '2'],
    ...['-f', 'flv', ...(options.listen ? ['-listen', '1'] : []), options.url],
  ];
}

/** Starts a camera; it publishes until `stop()` or until the ingest refuses or cuts it. */
export function startCamera(options: CameraOptions): Camera {
  // The name from a file: drawtext's own quoting cannot carry every name (an apostrophe).
  const folder = mkdtempSync(join(tmpdir(), 'grandstand-camera-'));
  const nameFile = join(folder, 'name.txt');
  writeFileSync(nameFile, (options.name ?? 'Camera').replace(/[\r\n]+/g, ' '));
  const child = spawn(options.ffmpegPath ?? DEFAULT_FFMPEG_PATH, cameraArgs({ ...options, nameFile }), {
    env: childEnvironment(options.timeZone ? { TZ: options.timeZone } : {}),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) => {
    child.on('error', (error) => resolve({ code: null, signal: null, stderr: `${stderr}${error.message}` }));
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
  }).finally(() => rmSync(folder, { recursive: true, force: true }));
  return {
    pid: child.pid,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return void (await exited);
      const force = setTimeout(() => child.kill('SIGKILL'), 3000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(force);
    },
  };
}

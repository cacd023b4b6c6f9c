import { spawn } from 'node:child_process';
import { DEFAULT_FFMPEG_PATH } from './config.ts';

/** Debian's DejaVu fonts (installed with ffmpeg by the set-up); drawtext needs a font file. */
export const FONT_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
export const FONT_REGULAR = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

// Re-exported: the default lives in core/media/config.ts, so config.ts (which this module imports) does not import this module.
export { DEFAULT_FFMPEG_PATH };

/** What a child process (ffmpeg) is given of the server's environment: where its binaries are and the locale. */
export const CHILD_ENVIRONMENT_KEYS = ['PATH', 'LANG', 'LC_ALL', 'LC_CTYPE'] as const;

/**
 * The environment of a child process (ffmpeg), with its own additions: only CHILD_ENVIRONMENT_KEYS
 * of the server's. The server's environment holds its secrets (APP_SECRET, DATABASE_URL, the
 * payment and mail credentials), and an encoder that reads crafted input needs none of them.
 * The one reader of process.env besides src/config.ts: it passes on these four keys, never a setting.
 */
export function childEnvironment(additions: Readonly<Record<string, string>> = {}, from: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = {};
  for (const key of CHILD_ENVIRONMENT_KEYS) if (from[key] !== undefined) kept[key] = from[key];
  return { ...kept, ...additions };
}

/** Colours are stored as `#rrggbb`; ffmpeg's colour syntax takes `0xrrggbb`. */
export function ffmpegColor(hex: string | undefined, fallback: string): string {
  const match = /^#([0-9a-f]{6})$/i.exec(hex ?? '');
  return match ? `0x${match[1]}` : fallback;
}

export interface RunOptions {
  cwd: string;
  /** The binary (`FFMPEG_PATH`). Default: `ffmpeg` on PATH. */
  ffmpegPath?: string;
  /** Ends the run: ffmpeg is killed (SIGKILL) and the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * Hears how far the encode is (`-progress`): the share of `durationSeconds` written, 0–99 (100 is
   * the caller's, once the files are in place), each value once.
   */
  progress?: { durationSeconds: number; onProgress: (percent: number) => void };
}

/** Runs one ffmpeg to completion; a failure carries the end of its stderr. */
export function runFfmpeg(args: readonly string[], options: RunOptions): Promise<void> {
  const progress = options.progress;
  return new Promise((resolve, reject) => {
    const child = spawn(options.ffmpegPath ?? DEFAULT_FFMPEG_PATH, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...(progress ? ['-progress', 'pipe:1', '-nostats'] : []), ...args], {
      cwd: options.cwd,
      // Not the server's environment: its secrets stay out of a process that reads crafted media.
      env: childEnvironment(),
      stdio: ['ignore', progress ? 'pipe' : 'ignore', 'pipe'],
      signal: options.signal,
      killSignal: 'SIGKILL',
    });
    if (progress) {
      let pending = '';
      let last = -1;
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          const match = /^out_time_us=(\d+)/.exec(line);
          if (!match) continue;
          const percent = Math.min(99, Math.floor((Number(match[1]) / 1e6 / Math.max(progress.durationSeconds, 0.001)) * 100));
          if (percent > last) {
            last = percent;
            progress.onProgress(percent);
          }
        }
      });
    }
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    // `close` comes after `error` too (a start that failed, an abort): the promise settles only
    // once the process is gone, so a caller cleaning up after an abort races no late write.
    let startError: Error | null = null;
    child.on('error', (error) => {
      startError = error;
    });
    child.on('close', (code, signal) => {
      if (options.signal?.aborted) reject(options.signal.reason instanceof Error ? options.signal.reason : new Error('ffmpeg was stopped'));
      else if (startError) reject(new Error(`ffmpeg could not start (${startError.message}); install it: apt-get install -y ffmpeg`, { cause: startError }));
      else if (code === 0) resolve();
      else reject(new Error(`ffmpeg exited with ${signal ?? code}: ${stderr.trim() || '(no output)'}`));
    });
  });
}

/** Runs `work` over `items` with at most `limit` at a time (2 cores: ffmpeg jobs one or two at once). */
export async function eachLimit<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (error) {
        errors.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, `${errors.length} media jobs failed: ${errors.map((e) => (e instanceof Error ? e.message : String(e))).join('; ')}`);
}

import { fileURLToPath } from 'node:url';

/**
 * What the clips core needs of the media part (`src/media/clip.ts`): the span a clip may be cut
 * from, the cut itself and where a clip's files live. The types repeat that module's interface so
 * the core is typed without importing it; `loadClipMedia` imports the real one at start, and tests
 * hand the queue and the routes a cutter of their own.
 */

export interface ClipSourceEvent {
  channelSlug: string;
  eventId: number;
  live: boolean;
  /** UTC seconds: a live clip's start_time counts from here. */
  eventUtcTs: number;
}

export interface ClipSpan {
  start: number;
  end: number;
}

export interface CutClipOptions {
  mediaDir: string;
  event: ClipSourceEvent;
  start: number;
  duration: number;
  outDir: string;
  ffmpegPath?: string;
  signal?: AbortSignal;
}

export interface ClipMedia {
  /** The span a clip may be cut from, in the time base of CreateClipBody.start_time; null without a recording or signal. */
  clipWindow(mediaDir: string, event: ClipSourceEvent): Promise<ClipSpan | null>;
  /** Writes index.m3u8 and its segments, clip.mp4 and poster.jpg (+ webp) into outDir. */
  cutClip(options: CutClipOptions): Promise<{ duration: number }>;
  /** The folder of a clip's files. */
  clipDir(mediaDir: string, channelSlug: string, uuid: string): string;
}

/** The media part's module, relative to this file: resolved at run time, so the core builds without it. */
const CLIP_MEDIA_MODULE = new URL('../media/clip.ts', import.meta.url).href;

/**
 * The media part's clip functions, or null (logged by the caller) when this build has none: the
 * server then refuses to cut clips rather than failing to start.
 */
export async function loadClipMedia(): Promise<ClipMedia | null> {
  try {
    const module = (await import(CLIP_MEDIA_MODULE)) as Partial<ClipMedia>;
    if (typeof module.clipWindow !== 'function' || typeof module.cutClip !== 'function' || typeof module.clipDir !== 'function') return null;
    return { clipWindow: module.clipWindow, cutClip: module.cutClip, clipDir: module.clipDir };
  } catch (error) {
    // Only the module itself missing means "no media part"; a missing import inside it is a broken build.
    const missing = error as NodeJS.ErrnoException & { url?: string };
    const named = missing.url ?? /^Cannot find module '([^']+)'/.exec(missing.message)?.[1];
    if (missing.code === 'ERR_MODULE_NOT_FOUND' && (named === CLIP_MEDIA_MODULE || named === fileURLToPath(CLIP_MEDIA_MODULE))) return null;
    throw error;
  }
}

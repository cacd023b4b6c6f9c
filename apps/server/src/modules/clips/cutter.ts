import { clipDir, type ClipSourceEvent, clipWindow, cutClip, type CutClipOptions } from '../../core/media/clip.ts';

/**
 * What the clips core needs of the media part (`src/core/media/clip.ts`): the span a clip may be cut
 * from, the cut itself and where a clip's files live, as an interface: tests hand the queue and the
 * routes a cutter of their own.
 */

export type { ClipSourceEvent, CutClipOptions };

export interface ClipSpan {
  start: number;
  end: number;
}

export interface ClipMedia {
  /** The span a clip may be cut from, in the time base of CreateClipBody.start_time; null without a recording or signal. */
  clipWindow(mediaDir: string, event: ClipSourceEvent): Promise<ClipSpan | null>;
  /** Writes index.m3u8 and its segments, clip.mp4 and poster.jpg (+ webp) into outDir. */
  cutClip(options: CutClipOptions): Promise<{ duration: number }>;
  /** The folder of a clip's files. */
  clipDir(mediaDir: string, channelSlug: string, uuid: string): string;
}

/** The media part's clip functions (`src/core/media/clip.ts`); tests hand the queue and the routes their own. */
export async function loadClipMedia(): Promise<ClipMedia> {
  return { clipWindow, cutClip, clipDir };
}

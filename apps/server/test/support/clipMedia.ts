import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ClipMedia, ClipSourceEvent, CutClipOptions } from '../../src/modules/clips/cutter.ts';

/** What a cut does: finish after `delayMs`, throw, or hang until it is aborted. */
export type CutBehaviour = { kind: 'ok'; delayMs?: number } | { kind: 'fail'; message?: string } | { kind: 'hang' };

export interface TestClipMedia extends ClipMedia {
  /** Every cut started, in order: the clip folder's uuid and the event. */
  readonly cuts: { uuid: string; event: ClipSourceEvent; start: number; duration: number }[];
  /** What the next cuts do (default: succeed at once). */
  behaviour: (uuid: string, attempt: number) => CutBehaviour;
  /** Events that have no recording (clipWindow answers null). */
  readonly withoutRecording: Set<number>;
}

/** A recording is this long; a live signal keeps this much behind its edge. */
export const TEST_RECORDING_SECONDS = 600;

/**
 * The media part's interface (src/modules/clips/cutter.ts) for tests of the clips core: it writes real
 * files where the real one would (a playlist, a segment, an MP4, posters), and each cut can be made
 * to fail or hang, so retries, time limits and restarts are tested without ffmpeg.
 */
export function testClipMedia(): TestClipMedia {
  const cuts: TestClipMedia['cuts'] = [];
  const attempts = new Map<string, number>();
  const media: TestClipMedia = {
    cuts,
    behaviour: () => ({ kind: 'ok' }),
    withoutRecording: new Set(),
    async clipWindow(_mediaDir, event) {
      if (media.withoutRecording.has(event.eventId)) return null;
      if (!event.live) return { start: 0, end: TEST_RECORDING_SECONDS };
      const edge = Date.now() / 1000 - event.eventUtcTs;
      return { start: Math.max(0, edge - TEST_RECORDING_SECONDS), end: edge };
    },
    clipDir(mediaDir, channelSlug, uuid) {
      return join(mediaDir, 'clips', channelSlug, uuid);
    },
    async cutClip(options: CutClipOptions) {
      // The queue cuts into `.work-<uuid>-<claim>` beside the clip's folder.
      const uuid = /^\.work-([0-9a-f-]{36})-/.exec(options.outDir.split('/').at(-1)!)![1]!;
      const attempt = (attempts.get(uuid) ?? 0) + 1;
      attempts.set(uuid, attempt);
      cuts.push({ uuid, event: options.event, start: options.start, duration: options.duration });
      const behaviour = media.behaviour(uuid, attempt);
      if (behaviour.kind === 'fail') throw new Error(behaviour.message ?? 'ffmpeg exited with code 1');
      await new Promise<void>((resolve, reject) => {
        const abort = () => reject(options.signal?.reason instanceof Error ? options.signal.reason : new Error('aborted'));
        if (options.signal?.aborted) return abort();
        options.signal?.addEventListener('abort', abort, { once: true });
        if (behaviour.kind === 'ok') setTimeout(resolve, behaviour.delayMs ?? 0);
      });
      await mkdir(options.outDir, { recursive: true });
      await writeFile(join(options.outDir, 'index.m3u8'), '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\nseg0.m4s\n#EXT-X-ENDLIST\n');
      await writeFile(join(options.outDir, 'seg0.m4s'), Buffer.alloc(64, 1));
      await writeFile(join(options.outDir, 'clip.mp4'), Buffer.alloc(128, 2));
      await writeFile(join(options.outDir, 'poster.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
      await writeFile(join(options.outDir, 'poster.webp'), Buffer.from('RIFF\0\0\0\0WEBP'));
      return { duration: options.duration };
    },
  };
  return media;
}

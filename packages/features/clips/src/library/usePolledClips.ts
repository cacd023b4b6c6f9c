import type { Clip } from '@grandstand/contract';

/** spec §4: a list with a clip still being cut is asked again every 2 s until none is. */
export const CLIP_POLL_MS = 2000;

/** The polling interval of a list: 2 s while a clip in it is queued or processing, none otherwise. */
export function pollingFor(clips: readonly Pick<Clip, 'status'>[] | undefined): number {
  return clips?.some((clip) => clip.status === 'queued' || clip.status === 'processing') ? CLIP_POLL_MS : 0;
}

/** spec §7 video events beyond the first frame and errors: what the viewer does with the event's stream. */
export type PlaybackEvent = 'start' | 'pause' | 'seek' | 'end';

/** Seeks closer together than this are one (a drag along the bar fires many). */
export const SEEK_QUIET_MS = 1_000;

export interface PlaybackEventTracker {
  /** The event's stream (not the preroll) fired `playing`. */
  playing(): void;
  /** It fired `pause`; `ended` when the pause is the end of the stream (which `end` reports). */
  paused(ended: boolean): void;
  /** It fired `seeked`. */
  seeked(): void;
  /** It fired `ended`. */
  ended(): void;
}

/**
 * Turns the media element's events into the viewer's: `start` once per viewing (a resume after a
 * pause or a recovery is not a new start), `pause` when the viewer pauses (not the pause that
 * comes with the end), `seek` once per seek gesture after the start (the player's own positioning
 * before it is none of the viewer's), `end`.
 */
export function createPlaybackEventTracker(emit: (event: PlaybackEvent) => void, now: () => number = () => performance.now()): PlaybackEventTracker {
  let started = false;
  let lastSeek = Number.NEGATIVE_INFINITY;
  return {
    playing() {
      if (started) return;
      started = true;
      emit('start');
    },
    paused(ended) {
      if (started && !ended) emit('pause');
    },
    seeked() {
      if (!started) return;
      const at = now();
      if (at - lastSeek >= SEEK_QUIET_MS) emit('seek');
      lastSeek = at;
    },
    ended() {
      if (started) emit('end');
    },
  };
}

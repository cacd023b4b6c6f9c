import type { PlaybackSession } from '../engine/session.ts';
import type { TimeRange } from '../time.ts';

/** The media events after which a handle's readings may have changed. */
const MEDIA_EVENTS = ['play', 'pause', 'playing', 'seeking', 'seeked', 'timeupdate', 'durationchange', 'ended', 'emptied', 'loadedmetadata'];

/**
 * What a part placed in the player (its `actions`, or a holder of its `ref`) may read and do: the
 * playhead and the seekable window in media seconds, their wall-clock instants for a live stream,
 * and play, pause and seek. Readings are live (a function call each), so a holder reads them when it
 * needs them or on `subscribe`.
 *
 * @example
 * // The last 30 s of a live game on the wall clock:
 * const edge = player.liveEdgeDate();
 * if (edge) createClip({ start_time: edge.getTime() / 1000 - event.event_utc_ts - 30, duration: 30 });
 */
export interface PlayerHandle {
  /** Whether the stream is live (the seek window is then the DVR window and moves). */
  readonly live: boolean;
  /** The playhead, in media seconds. */
  currentTime(): number;
  /** The seekable window in media seconds: the whole recording on demand, the DVR window live (its end is the live edge). */
  seekRange(): TimeRange;
  /** The wall-clock instant of a media time, from the stream's program date-time; null when the stream carries none or has not loaded. */
  dateAt(time: number): Date | null;
  /** The playhead on the wall clock (`dateAt(currentTime())`). */
  playheadDate(): Date | null;
  /** The live edge (the end of the seek window) on the wall clock. */
  liveEdgeDate(): Date | null;
  paused(): boolean;
  play(): void;
  pause(): void;
  /** Moves the playhead, kept inside the seek window. */
  seek(time: number): void;
  /** Calls `listener` whenever the playhead, the window or play/pause may have changed; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export interface PlayerHandleSource {
  live: boolean;
  video: () => HTMLVideoElement | null;
  session: () => PlaybackSession | null;
}

/** A handle over the player's video element and playback session, read at call time (never stale). */
export function createPlayerHandle({ live, video, session }: PlayerHandleSource): PlayerHandle {
  const seekRange = (): TimeRange => session()?.seekRange() ?? { start: 0, end: 0 };
  const currentTime = () => video()?.currentTime ?? 0;
  const dateAt = (time: number) => session()?.dateAt(time) ?? null;
  return {
    live,
    currentTime,
    seekRange,
    dateAt,
    playheadDate: () => dateAt(currentTime()),
    liveEdgeDate: () => dateAt(seekRange().end),
    paused: () => video()?.paused ?? true,
    play: () => void video()?.play()?.catch(() => undefined),
    pause: () => video()?.pause(),
    seek(time) {
      const v = video();
      if (!v || !Number.isFinite(time)) return;
      const { start, end } = seekRange();
      v.currentTime = end > start ? Math.min(end, Math.max(start, time)) : time;
    },
    subscribe(listener) {
      const v = video();
      if (!v) return () => undefined;
      for (const type of MEDIA_EVENTS) v.addEventListener(type, listener);
      return () => {
        for (const type of MEDIA_EVENTS) v.removeEventListener(type, listener);
      };
    },
  };
}

import { useCallback, useRef } from 'react';
import type { FirstFrameInfo } from '../engine/session.ts';
import type { PlaybackEvent } from './playbackEvents.ts';

/**
 * What a page tells the analytics service about one viewing (spec §7 video events and viewing time):
 * `createVideoTracker` of `@grandstand/analytics` is one.
 */
export interface PlaybackTracker {
  firstFrame(ttffMs: number): void;
  event(event: PlaybackEvent | 'error', reason?: string): void;
  viewing(seconds: number): void;
}

/** The player's callbacks that report a viewing. */
export interface PlaybackTrackingCallbacks {
  onFirstFrame: (info: FirstFrameInfo) => void;
  onPlaybackEvent: (event: PlaybackEvent) => void;
  onViewingTime: (seconds: number) => void;
  onError: (error: unknown) => void;
}

/** An error's words for the service: its message, else its shaka code, else what it is. */
export function playbackErrorReason(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String((error as { code?: unknown } | null)?.code ?? error);
}

/**
 * The `Player` callbacks reporting a viewing to `tracker` (null: nothing to report): the first
 * frame once per tracker (a new playback of the same viewing, after a renewed address, is not
 * another), the viewer's start, pause, seek and end, the viewing time beats, and errors (then
 * `onError`, the page's own handling, such as asking for a new address).
 */
export function usePlaybackTracking(tracker: PlaybackTracker | null, onError?: (error: unknown) => void): PlaybackTrackingCallbacks {
  const firstFrameOf = useRef<PlaybackTracker | null>(null);
  const onFirstFrame = useCallback(
    ({ ms }: FirstFrameInfo) => {
      if (tracker === null || firstFrameOf.current === tracker) return;
      firstFrameOf.current = tracker;
      tracker.firstFrame(ms);
    },
    [tracker],
  );
  const onPlaybackEvent = useCallback((event: PlaybackEvent) => tracker?.event(event), [tracker]);
  const onViewingTime = useCallback((seconds: number) => tracker?.viewing(seconds), [tracker]);
  const onPlayerError = useCallback(
    (error: unknown) => {
      tracker?.event('error', playbackErrorReason(error));
      onError?.(error);
    },
    [tracker, onError],
  );
  return { onFirstFrame, onPlaybackEvent, onViewingTime, onError: onPlayerError };
}

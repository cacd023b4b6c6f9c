import { useEffect, useState, type RefObject } from 'react';
import type { TimeRange } from '../time.ts';

export interface MediaState {
  playing: boolean;
  waiting: boolean;
  currentTime: number;
  bufferedEnd: number;
  volume: number;
  muted: boolean;
  seekRange: TimeRange;
}

const MEDIA_EVENTS = ['play', 'playing', 'pause', 'waiting', 'canplay', 'seeking', 'seeked', 'timeupdate', 'progress', 'durationchange', 'volumechange', 'ended', 'emptied', 'loadstart'];

function read(video: HTMLVideoElement, seekRange: () => TimeRange): MediaState {
  const { buffered, currentTime } = video;
  let bufferedEnd = currentTime;
  for (let i = 0; i < buffered.length; i += 1) {
    if (buffered.start(i) <= currentTime + 0.5 && buffered.end(i) > bufferedEnd) bufferedEnd = buffered.end(i);
  }
  return {
    playing: !video.paused && !video.ended,
    // Before the first frame (readyState < HAVE_FUTURE_DATA) or while buffering: the spinner.
    waiting: !video.paused && video.readyState < 3,
    currentTime,
    bufferedEnd,
    volume: video.volume,
    muted: video.muted,
    seekRange: seekRange(),
  };
}

function same(a: MediaState, b: MediaState): boolean {
  return (
    a.playing === b.playing &&
    a.waiting === b.waiting &&
    a.currentTime === b.currentTime &&
    a.bufferedEnd === b.bufferedEnd &&
    a.volume === b.volume &&
    a.muted === b.muted &&
    a.seekRange.start === b.seekRange.start &&
    a.seekRange.end === b.seekRange.end
  );
}

/**
 * The media element's state for the controls, re-read on each of its events. An event that changes
 * none of it (a `progress` within the buffered range, `canplay` after `playing`…) keeps the same
 * state, so the player and its controls do not render again: a stream's start fires a dozen such
 * events, each its own task, while the page is still busy starting.
 */
export function useMediaState(videoRef: RefObject<HTMLVideoElement | null>, seekRange: () => TimeRange): MediaState {
  const [state, setState] = useState<MediaState>({
    playing: false,
    waiting: false,
    currentTime: 0,
    bufferedEnd: 0,
    volume: 1,
    muted: false,
    seekRange: { start: 0, end: 0 },
  });
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let last: MediaState | null = null;
    const update = () => {
      const next = read(video, seekRange);
      if (last !== null && same(last, next)) return;
      last = next;
      setState(next);
    };
    for (const type of MEDIA_EVENTS) video.addEventListener(type, update);
    return () => {
      for (const type of MEDIA_EVENTS) video.removeEventListener(type, update);
    };
  }, [videoRef, seekRange]);
  return state;
}

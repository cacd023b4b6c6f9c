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

/** The media element's state for the controls, re-read on each of its events. */
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
    const update = () => setState(read(video, seekRange));
    for (const type of MEDIA_EVENTS) video.addEventListener(type, update);
    return () => {
      for (const type of MEDIA_EVENTS) video.removeEventListener(type, update);
    };
  }, [videoRef, seekRange]);
  return state;
}

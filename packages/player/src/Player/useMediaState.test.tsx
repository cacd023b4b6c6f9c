import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TimeRange } from '../time.ts';
import { useMediaState } from './useMediaState.ts';

const seekRange = (): TimeRange => ({ start: 0, end: 60 });

function renderWithCount(video: HTMLVideoElement) {
  let renders = 0;
  const ref = { current: video };
  const hook = renderHook(() => {
    renders += 1;
    return useMediaState(ref, seekRange);
  });
  return { ...hook, renders: () => renders };
}

describe('useMediaState', () => {
  it('renders again when an event changes what the controls show, and not for one that changes nothing', () => {
    const video = document.createElement('video');
    let time = 0;
    Object.defineProperty(video, 'currentTime', { get: () => time });
    const { result, renders } = renderWithCount(video);
    act(() => video.dispatchEvent(new Event('loadstart')));
    expect(result.current).toMatchObject({ currentTime: 0, seekRange: { start: 0, end: 60 }, playing: false });
    const afterFirst = renders();

    // Nothing the controls show moved: the same state, no render.
    act(() => {
      video.dispatchEvent(new Event('progress'));
      video.dispatchEvent(new Event('canplay'));
      video.dispatchEvent(new Event('timeupdate'));
    });
    expect(renders()).toBe(afterFirst);

    // The playhead moved: one render, with the new time.
    time = 12.5;
    act(() => video.dispatchEvent(new Event('timeupdate')));
    expect(result.current.currentTime).toBe(12.5);
    expect(renders()).toBe(afterFirst + 1);
  });
});

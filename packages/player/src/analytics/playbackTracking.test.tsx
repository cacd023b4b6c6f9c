import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type PlaybackTracker, playbackErrorReason, usePlaybackTracking } from './playbackTracking.ts';

const trackerOf = () => ({ firstFrame: vi.fn(), event: vi.fn(), viewing: vi.fn() }) satisfies PlaybackTracker;

describe('usePlaybackTracking (spec §7 video events and viewing time)', () => {
  it('reports the first frame once per viewing, the viewer\'s events and the viewing time', () => {
    const tracker = trackerOf();
    const { result } = renderHook(() => usePlaybackTracking(tracker));
    act(() => {
      result.current.onFirstFrame({ ms: 812, preroll: false });
      // A renewed address plays again: the same viewing, no second first frame.
      result.current.onFirstFrame({ ms: 95, preroll: false });
      result.current.onPlaybackEvent('start');
      result.current.onPlaybackEvent('pause');
      result.current.onViewingTime(30);
    });
    expect(tracker.firstFrame.mock.calls).toEqual([[812]]);
    expect(tracker.event.mock.calls).toEqual([['start'], ['pause']]);
    expect(tracker.viewing.mock.calls).toEqual([[30]]);
  });

  it('reports an error with its reason, then hands it to the page', () => {
    const tracker = trackerOf();
    const onError = vi.fn();
    const { result } = renderHook(() => usePlaybackTracking(tracker, onError));
    const failure = new Error('HTTP 403 on the playlist');
    act(() => result.current.onError(failure));
    expect(tracker.event.mock.calls).toEqual([['error', 'HTTP 403 on the playlist']]);
    expect(onError).toHaveBeenCalledWith(failure);
    expect(playbackErrorReason({ code: 1001 })).toBe('1001');
  });

  it('reports the first frame of a new viewing again, and nothing without a tracker', () => {
    const first = trackerOf();
    const second = trackerOf();
    const { result, rerender } = renderHook(({ tracker }: { tracker: PlaybackTracker | null }) => usePlaybackTracking(tracker), { initialProps: { tracker: first as PlaybackTracker | null } });
    act(() => result.current.onFirstFrame({ ms: 500, preroll: true }));
    rerender({ tracker: second });
    act(() => result.current.onFirstFrame({ ms: 700, preroll: false }));
    rerender({ tracker: null });
    act(() => {
      result.current.onFirstFrame({ ms: 1, preroll: false });
      result.current.onPlaybackEvent('end');
      result.current.onError(new Error('gone'));
    });
    expect(first.firstFrame.mock.calls).toEqual([[500]]);
    expect(second.firstFrame.mock.calls).toEqual([[700]]);
  });
});

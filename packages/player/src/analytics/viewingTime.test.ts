import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createViewingTimeTracker } from './viewingTime.ts';

describe('createViewingTimeTracker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const make = () => {
    const onReport = vi.fn();
    const tracker = createViewingTimeTracker({ onReport, now: () => Date.now() });
    return { onReport, tracker };
  };

  it('reports a 30 s beat while playing (spec §7), with the running total', () => {
    const { onReport, tracker } = make();
    tracker.play();
    vi.advanceTimersByTime(29_999);
    expect(onReport).not.toHaveBeenCalled();
    vi.advanceTimersByTime(45_001);
    expect(onReport.mock.calls).toEqual([[{ seconds: 30, total: 30 }], [{ seconds: 30, total: 60 }]]);
  });

  it('flushes the partial beat and keeps counting from there (the page hides)', () => {
    const { onReport, tracker } = make();
    tracker.play();
    vi.advanceTimersByTime(12_000);
    tracker.flush();
    expect(onReport).toHaveBeenLastCalledWith({ seconds: 12, total: 12 });
    tracker.flush();
    expect(onReport).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(18_000);
    // The beat's timer still runs from play: it reports what followed the flush.
    expect(onReport).toHaveBeenLastCalledWith({ seconds: 18, total: 30 });
  });

  it('reports the last stretch on pause and counts nothing while paused', () => {
    const { onReport, tracker } = make();
    tracker.play();
    vi.advanceTimersByTime(4_000);
    tracker.stop();
    expect(onReport).toHaveBeenLastCalledWith({ seconds: 4, total: 4 });
    vi.advanceTimersByTime(60_000);
    expect(onReport).toHaveBeenCalledOnce();
    tracker.play();
    vi.advanceTimersByTime(1_500);
    tracker.stop();
    expect(onReport).toHaveBeenLastCalledWith({ seconds: 1.5, total: 5.5 });
  });

  it('ignores a repeated play and a stop while stopped', () => {
    const { onReport, tracker } = make();
    tracker.stop();
    tracker.play();
    vi.advanceTimersByTime(2_000);
    tracker.play();
    vi.advanceTimersByTime(2_000);
    tracker.stop();
    expect(onReport.mock.calls).toEqual([[{ seconds: 4, total: 4 }]]);
  });

  it('flushes on dispose (unmount) and stays silent afterwards', () => {
    const { onReport, tracker } = make();
    tracker.play();
    vi.advanceTimersByTime(3_000);
    tracker.dispose();
    tracker.play();
    vi.advanceTimersByTime(60_000);
    expect(onReport.mock.calls).toEqual([[{ seconds: 3, total: 3 }]]);
  });
});

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

  it('reports every 10 s while playing, with the running total', () => {
    const { onReport, tracker } = make();
    tracker.play();
    vi.advanceTimersByTime(25_000);
    expect(onReport.mock.calls).toEqual([[{ seconds: 10, total: 10 }], [{ seconds: 10, total: 20 }]]);
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
    vi.advanceTimersByTime(30_000);
    expect(onReport.mock.calls).toEqual([[{ seconds: 3, total: 3 }]]);
  });
});

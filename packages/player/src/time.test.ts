import { describe, expect, it } from 'vitest';
import { clamp, formatTime, isBehindLiveEdge } from './time.ts';

describe('formatTime', () => {
  it('writes minutes and seconds, and hours only when there are some', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(65.9)).toBe('1:05');
    expect(formatTime(3725)).toBe('1:02:05');
  });

  it('reads unknown or negative times as zero', () => {
    expect(formatTime(Number.NaN)).toBe('0:00');
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe('0:00');
    expect(formatTime(-4)).toBe('0:00');
  });
});

describe('isBehindLiveEdge', () => {
  const window = { start: 100, end: 700 };

  it('counts a playhead near the edge as live', () => {
    expect(isBehindLiveEdge(695, window)).toBe(false);
    expect(isBehindLiveEdge(700, window)).toBe(false);
  });

  it('counts one seek step back as behind', () => {
    expect(isBehindLiveEdge(690, window)).toBe(true);
  });
});

describe('clamp', () => {
  it('keeps a value inside its bounds', () => {
    expect(clamp(-1, 0, 1)).toBe(0);
    expect(clamp(2, 0, 1)).toBe(1);
    expect(clamp(0.5, 0, 1)).toBe(0.5);
  });
});

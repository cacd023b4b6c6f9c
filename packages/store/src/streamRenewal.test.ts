// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MIN_STREAM_RENEWAL_MS, streamRenewalInterval, useStreamRenewal } from './streamRenewal.ts';

describe('streamRenewalInterval', () => {
  it('is half the address\'s lifetime, and never under a second', () => {
    expect(streamRenewalInterval({ expires_in: 120 })).toBe(60_000);
    expect(streamRenewalInterval({ expires_in: 1 })).toBe(MIN_STREAM_RENEWAL_MS);
  });
});

describe('useStreamRenewal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks again at each half-life while the page holds a stream', () => {
    const refetch = vi.fn();
    renderHook(() => useStreamRenewal({ expires_in: 10 }, refetch));
    vi.advanceTimersByTime(4_999);
    expect(refetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refetch).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(refetch).toHaveBeenCalledTimes(3);
  });

  it('keeps its pace when the page renders again with a renewed address and a new refetch', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = renderHook(({ refetch }) => useStreamRenewal({ expires_in: 10 }, refetch), { initialProps: { refetch: first } });
    vi.advanceTimersByTime(3_000);
    rerender({ refetch: second });
    vi.advanceTimersByTime(2_000);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('asks at once when the network comes back, and when told to', () => {
    const refetch = vi.fn();
    const { result } = renderHook(() => useStreamRenewal({ expires_in: 120 }, refetch));
    act(() => void window.dispatchEvent(new Event('online')));
    expect(refetch).toHaveBeenCalledTimes(1);
    result.current();
    expect(refetch).toHaveBeenCalledTimes(2);
  });

  it('asks nothing while there is no stream, and stops when it goes', () => {
    const refetch = vi.fn();
    const { rerender, result } = renderHook(({ stream }) => useStreamRenewal(stream, refetch), { initialProps: { stream: null as { expires_in: number } | null } });
    vi.advanceTimersByTime(60_000);
    window.dispatchEvent(new Event('online'));
    result.current();
    expect(refetch).not.toHaveBeenCalled();
    rerender({ stream: { expires_in: 4 } });
    vi.advanceTimersByTime(2_000);
    expect(refetch).toHaveBeenCalledTimes(1);
    rerender({ stream: null });
    vi.advanceTimersByTime(10_000);
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});

import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_RENDER_TIMEOUT_MS, NearViewport } from './NearViewport.tsx';

/** An observer that never reports the section near: only the idle browser renders it. */
function stubFarFromViewport() {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
}

describe('NearViewport', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('renders its section at once where the browser has no IntersectionObserver', () => {
    render(
      <NearViewport minHeight="26rem">
        <section aria-label="Schools" />
      </NearViewport>,
    );
    expect(screen.getByRole('region', { name: 'Schools' })).toBeInTheDocument();
  });

  it('holds a placeholder until the section comes within the margin of the viewport', () => {
    let callback: IntersectionObserverCallback = () => {};
    const observe = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(next: IntersectionObserverCallback, options: IntersectionObserverInit) {
          callback = next;
          expect(options.rootMargin).toBe('600px 0px');
        }
        observe = observe;
        disconnect() {}
      },
    );
    const { container } = render(
      <NearViewport minHeight="26rem">
        <section aria-label="Schools" />
      </NearViewport>,
    );
    expect(screen.queryByRole('region')).toBeNull();
    expect(observe).toHaveBeenCalledWith(container.firstElementChild);
    act(() => callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.getByRole('region', { name: 'Schools' })).toBeInTheDocument();
  });

  it('renders its section once the browser is idle, far from the viewport too, so reading order and find-in-page reach it', () => {
    vi.useFakeTimers();
    try {
      stubFarFromViewport();
      render(
        <NearViewport minHeight="26rem">
          <section aria-label="Sports" />
        </NearViewport>,
      );
      expect(screen.queryByRole('region')).toBeNull();
      act(() => vi.advanceTimersByTime(IDLE_RENDER_TIMEOUT_MS));
      expect(screen.getByRole('region', { name: 'Sports' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('renders the sections waiting for the idle browser one at a time, in page order', () => {
    vi.useFakeTimers();
    try {
      stubFarFromViewport();
      render(
        <>
          <NearViewport minHeight="26rem">
            <section aria-label="Live" />
          </NearViewport>
          <NearViewport minHeight="26rem">
            <section aria-label="On demand" />
          </NearViewport>
        </>,
      );
      act(() => vi.advanceTimersByTime(IDLE_RENDER_TIMEOUT_MS));
      expect(screen.getByRole('region', { name: 'Live' })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'On demand' })).toBeNull();
      act(() => vi.advanceTimersByTime(IDLE_RENDER_TIMEOUT_MS));
      expect(screen.getByRole('region', { name: 'On demand' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';

/** How far ahead of the viewport a section starts rendering (and loading): about a screen. */
export const NEAR_MARGIN = '600px 0px';

/** At the latest this long after the page is up, a section renders even far from the viewport. */
export const IDLE_RENDER_TIMEOUT_MS = 3000;

/**
 * Renders its children once they are near the viewport; until then a placeholder of `minHeight`
 * holds their place, so the page below the fold costs nothing at first and still scrolls to the
 * same length. Server-rendered markup has the placeholder (and the browser's first render matches
 * it); where the browser has no IntersectionObserver (tests, old browsers) the children render at once.
 * Once the browser is idle the section renders anyway, in a transition (in slices, never a long
 * task): a screen reader's reading order and the browser's find-in-page then reach it without
 * scrolling; its pictures still load lazily.
 */
export function NearViewport({ minHeight, children }: { minHeight: string; children: ReactNode }) {
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      // Server-rendered placeholder in a browser without the observer: show the section after hydration.
      const timer = setTimeout(() => setNear(true));
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    const whenIdle = () => startTransition(() => setNear(true));
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(whenIdle, { timeout: IDLE_RENDER_TIMEOUT_MS }) : undefined;
    const timer = idle === undefined ? setTimeout(whenIdle, IDLE_RENDER_TIMEOUT_MS) : undefined;
    return () => {
      observer.disconnect();
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [near]);

  if (near) return <>{children}</>;
  return <Placeholder ref={ref} $minHeight={minHeight} aria-hidden="true" data-near-viewport="pending" />;
}

const Placeholder = styled.div<{ $minHeight: string }>`
  min-height: ${({ $minHeight }) => $minHeight};
`;

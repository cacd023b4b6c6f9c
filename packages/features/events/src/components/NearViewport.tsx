import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';

/** How far ahead of the viewport a section starts rendering (and loading): about a screen. */
export const NEAR_MARGIN = '600px 0px';

/** At the latest this long after its turn comes, a section renders even far from the viewport. */
export const IDLE_RENDER_TIMEOUT_MS = 3000;

/**
 * The sections waiting to render while the browser is idle, in page order. One renders per idle
 * period: the next waits until the browser is idle again, after the one before has rendered and
 * been laid out, so a page of sections never becomes one long task.
 */
const idleQueue: (() => void)[] = [];
/** The head of the queue's pending idle callback, cancelled if that section goes first or away. */
let scheduled: { render: () => void; cancel: () => void } | null = null;

function scheduleNext() {
  const render = idleQueue[0];
  if (scheduled || !render) return;
  const run = () => {
    scheduled = null;
    idleQueue.shift();
    render();
    scheduleNext();
  };
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: IDLE_RENDER_TIMEOUT_MS });
    scheduled = { render, cancel: () => cancelIdleCallback(id) };
  } else {
    const id = setTimeout(run, IDLE_RENDER_TIMEOUT_MS);
    scheduled = { render, cancel: () => clearTimeout(id) };
  }
}

/** Queues a section's idle render; the returned function takes it out of the queue again. */
function whenIdle(render: () => void): () => void {
  idleQueue.push(render);
  scheduleNext();
  return () => {
    const at = idleQueue.indexOf(render);
    if (at >= 0) idleQueue.splice(at, 1);
    if (scheduled?.render === render) {
      scheduled.cancel();
      scheduled = null;
      scheduleNext();
    }
  };
}

/**
 * Renders its children once they are near the viewport; until then a placeholder of `minHeight`
 * holds their place, so the page below the fold costs nothing at first and still scrolls to the
 * same length. Server-rendered markup has the placeholder (and the browser's first render matches
 * it); where the browser has no IntersectionObserver (tests, old browsers) the children render at once.
 *
 * Every render it starts is a transition (in slices, never a long task). Once the browser is idle
 * the sections render anyway, one per idle period: a screen reader's reading order and the
 * browser's find-in-page then reach them without scrolling. A rendered section off screen is not
 * laid out or painted until it comes near (`content-visibility: auto`), and keeps `minHeight` as
 * its size meanwhile; its pictures still load lazily.
 */
export function NearViewport({ minHeight, children }: { minHeight: string; children: ReactNode }) {
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const show = () => startTransition(() => setNear(true));
    if (typeof IntersectionObserver === 'undefined') {
      // Server-rendered placeholder in a browser without the observer: show the section after hydration.
      const timer = setTimeout(show);
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) show();
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    const dequeue = whenIdle(show);
    return () => {
      observer.disconnect();
      dequeue();
    };
  }, [near]);

  if (near) return <Section $minHeight={minHeight}>{children}</Section>;
  return <Placeholder ref={ref} $minHeight={minHeight} aria-hidden="true" data-near-viewport="pending" />;
}

const Placeholder = styled.div<{ $minHeight: string }>`
  min-height: ${({ $minHeight }) => $minHeight};
`;

const Section = styled.div<{ $minHeight: string }>`
  content-visibility: auto;
  contain-intrinsic-block-size: auto ${({ $minHeight }) => $minHeight};
`;

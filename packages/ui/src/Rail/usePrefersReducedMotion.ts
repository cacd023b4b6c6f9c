import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function media(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/**
 * Whether the viewer asked the system for less motion; follows changes while the page is open.
 * `whenUnknown` is the answer where it cannot be asked (a server render, no matchMedia): false for
 * motion that only starts later (a rail's scroll), true for motion that must never start unasked.
 */
export function usePrefersReducedMotion(whenUnknown = false): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? whenUnknown,
    () => whenUnknown,
  );
}

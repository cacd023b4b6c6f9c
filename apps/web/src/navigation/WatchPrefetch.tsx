import { useWatchPrefetch } from '@grandstand/events';
import { useEffect } from 'react';

/** The events that show a viewer is about to open a link: pointing at it, pressing it, focusing it. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'focusin'] as const;

/**
 * A link to a watch page starts loading that page's code, the player and the event as soon as the
 * viewer points at it, presses it or focuses it, so the first frame follows the click sooner. One
 * listener on the document for every link of the page (the events bubble up to it), rather than
 * handlers and a hook in each of a page's hundred links, which its first render paid for.
 */
export function WatchPrefetch() {
  const prefetch = useWatchPrefetch();
  useEffect(() => {
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      const href = link?.getAttribute('href');
      if (href) prefetch(href);
    };
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { passive: true });
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent);
    };
  }, [prefetch]);
  return null;
}

/**
 * When the server's first screen is on screen, so the site's code may load.
 *
 * A page the server rendered is whole before any script runs. Its code (the framework chunk alone
 * is about 120 KB gzip) used to be fetched as soon as the entry script was read, alongside the first
 * screen's pictures: on a phone's connection the two shared the bandwidth, and the largest picture
 * came later for it. The page now paints its first screen's picture first and then loads its code.
 *
 * Plain DOM code, importing nothing: the page's script is this module and its caller alone, and
 * anything they imported would be fetched before the wait it exists for.
 */

/**
 * The Element Timing name the first screen's pictures carry (`@grandstand/ui`'s Picture with
 * `priority`: its PRIORITY_PICTURE_TIMING). Written out rather than imported, for the reason above.
 */
const PRIORITY_PICTURE = 'img[elementtiming="priority-picture"]';

/** The longest the code waits for the first screen's picture: a slow connection is not kept from a working page. */
export const FIRST_SCREEN_WAIT_MS = 1500;

/** What the wait needs of the browser: the window's timers, events and observers. */
export type BootWindow = Pick<Window, 'addEventListener' | 'setTimeout' | 'clearTimeout'> & {
  PerformanceObserver?: typeof PerformanceObserver;
  IntersectionObserver?: typeof IntersectionObserver;
};

type ElementEntry = PerformanceEntry & { element: Element | null };

/**
 * Resolves once one of the first screen's pictures in view has been painted (Element Timing). It
 * resolves at once when there is nothing to wait for: a page the browser renders itself (no server
 * state), a first screen without a priority picture, a page in a background tab, which paints
 * nothing, or a browser without Element Timing (Safari, Firefox), which cannot tell when a picture
 * is painted and loads the code as soon as it has read this. It resolves early when the viewer acts
 * (a key, a pointer), so the page answers, when the pictures in view have all failed, and at the
 * latest after FIRST_SCREEN_WAIT_MS.
 */
export function firstScreenShown(doc: Document, win: BootWindow): Promise<void> {
  const pictures = [...doc.querySelectorAll<HTMLImageElement>(PRIORITY_PICTURE)];
  const Timing = win.PerformanceObserver;
  if (!doc.getElementById('grandstand-state') || doc.visibilityState === 'hidden' || pictures.length === 0 || !Timing?.supportedEntryTypes?.includes('element')) {
    return Promise.resolve();
  }
  return new Promise<void>((resolve) => {
    const waiting = new Set(pictures);
    const listening = new AbortController();
    const painted = new Timing((list) => {
      if (list.getEntries().some((entry) => waiting.has((entry as ElementEntry).element as HTMLImageElement))) finish();
    });
    // A picture out of view (the first cards of a listing lower on a page) is not painted until it
    // is scrolled to: only the ones in view are waited for. The observer's first report says which.
    const view = win.IntersectionObserver
      ? new win.IntersectionObserver((entries) => {
          view?.disconnect();
          for (const entry of entries) if (!entry.isIntersecting) settled(entry.target as HTMLImageElement);
        })
      : undefined;
    const timer = win.setTimeout(finish, FIRST_SCREEN_WAIT_MS);
    function finish() {
      listening.abort();
      painted.disconnect();
      view?.disconnect();
      win.clearTimeout(timer);
      resolve();
    }
    function settled(picture: HTMLImageElement) {
      if (waiting.delete(picture) && waiting.size === 0) finish();
    }

    // A tab put in the background meanwhile paints nothing: the limit ends the wait there.
    for (const type of ['pointerdown', 'keydown']) win.addEventListener(type, finish, { capture: true, signal: listening.signal });
    painted.observe({ type: 'element', buffered: true });
    for (const picture of pictures) {
      view?.observe(picture);
      // An image that has failed is never painted.
      if (picture.complete && picture.naturalWidth === 0) settled(picture);
      else picture.addEventListener('error', () => settled(picture), { signal: listening.signal });
    }
  });
}

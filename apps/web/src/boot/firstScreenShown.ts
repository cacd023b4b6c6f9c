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

/** What the wait needs of the browser: the window's timers, events and performance observers. */
export type BootWindow = Pick<Window, 'addEventListener' | 'removeEventListener' | 'setTimeout' | 'clearTimeout' | 'requestAnimationFrame'> & {
  PerformanceObserver?: typeof PerformanceObserver;
  IntersectionObserver?: typeof IntersectionObserver;
};

/** An image that has failed is never painted: it counts as shown. */
function failed(image: HTMLImageElement): boolean {
  return image.complete && image.naturalWidth === 0 && image.currentSrc !== '';
}

/**
 * Resolves once one of the first screen's pictures has been painted (Element Timing), or without
 * that API the frame after one has loaded; pictures out of view are not waited for. It resolves at
 * once when there is nothing to wait for:
 * a page the browser renders itself (no server state), a first screen without a priority picture,
 * or a page in a background tab, which paints nothing. It resolves early when the viewer acts
 * (a key, a pointer), so the page answers, when every picture has failed, and at the latest after
 * FIRST_SCREEN_WAIT_MS.
 */
export function firstScreenShown(doc: Document, win: BootWindow): Promise<void> {
  if (!doc.getElementById('grandstand-state') || doc.visibilityState === 'hidden') return Promise.resolve();
  const pictures = [...doc.querySelectorAll<HTMLImageElement>(PRIORITY_PICTURE)];
  if (pictures.length === 0) return Promise.resolve();

  return new Promise<void>((resolve) => {
    const undo: (() => void)[] = [];
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      for (const step of undo) step();
      resolve();
    };
    const listen = (target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>, type: string, listener: () => void) => {
      target.addEventListener(type, listener, { capture: true, passive: true });
      undo.push(() => target.removeEventListener(type, listener, { capture: true }));
    };

    const timer = win.setTimeout(finish, FIRST_SCREEN_WAIT_MS);
    undo.push(() => win.clearTimeout(timer));
    for (const type of ['pointerdown', 'keydown', 'visibilitychange']) listen(win, type, finish);

    const waiting = new Set(pictures);
    const settled = (picture: HTMLImageElement) => {
      if (waiting.delete(picture) && waiting.size === 0) finish();
    };
    // A picture out of view (the first cards of a listing lower on a page) is not painted until it
    // is scrolled to: only the ones in view are waited for. The observer's first report says which.
    if (win.IntersectionObserver) {
      const view = new win.IntersectionObserver((entries) => {
        view.disconnect();
        for (const entry of entries) if (!entry.isIntersecting) settled(entry.target as HTMLImageElement);
      });
      for (const picture of pictures) view.observe(picture);
      undo.push(() => view.disconnect());
    }
    const Observer = win.PerformanceObserver;
    if (Observer?.supportedEntryTypes?.includes('element')) {
      const observer = new Observer((list) => {
        if (list.getEntries().some((entry) => pictures.includes((entry as PerformanceEntry & { element: Element | null }).element as HTMLImageElement))) finish();
      });
      observer.observe({ type: 'element', buffered: true });
      undo.push(() => observer.disconnect());
      for (const picture of pictures) {
        if (failed(picture)) settled(picture);
        else listen(picture, 'error', () => settled(picture));
      }
    } else {
      // Without Element Timing: a picture loaded is painted in the next frame; the task after that frame's callbacks comes after it.
      const painted = () => win.requestAnimationFrame(() => win.setTimeout(finish, 0));
      for (const picture of pictures) {
        if (failed(picture)) settled(picture);
        else if (picture.complete) painted();
        else {
          listen(picture, 'load', painted);
          listen(picture, 'error', () => settled(picture));
        }
      }
    }
  });
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BootWindow, FIRST_SCREEN_WAIT_MS, firstScreenShown } from './firstScreenShown.ts';

/** A server-rendered page: its state, and its first screen's pictures as ui's Picture marks them. */
function serverPage(pictures: number, { state = true } = {}): HTMLImageElement[] {
  document.body.innerHTML = `<div id="root"></div>${state ? '<script type="application/json" id="grandstand-state">{}</script>' : ''}`;
  const root = document.getElementById('root')!;
  const images = Array.from({ length: pictures }, (_, index) => {
    const image = document.createElement('img');
    image.setAttribute('elementtiming', 'priority-picture');
    image.src = `/media/pictures/events/${index}/card-960.webp`;
    root.append(image);
    return image;
  });
  // A lazy picture further down is not the first screen's.
  const lazy = document.createElement('img');
  lazy.loading = 'lazy';
  root.append(lazy);
  return images;
}

/** The browser's Element Timing, driven by the test: `paint(element)` reports it painted. */
class ElementTiming {
  static supportedEntryTypes = ['element', 'largest-contentful-paint'];
  static observers: ElementTiming[] = [];
  static paint(element: Element) {
    for (const observer of ElementTiming.observers) observer.callback({ getEntries: () => [{ entryType: 'element', element }] } as unknown as PerformanceObserverEntryList);
  }
  readonly callback: (list: PerformanceObserverEntryList) => void;
  constructor(callback: (list: PerformanceObserverEntryList) => void) {
    this.callback = callback;
  }
  observe(options: PerformanceObserverInit) {
    expect(options).toEqual({ type: 'element', buffered: true });
    ElementTiming.observers.push(this);
  }
  disconnect() {
    ElementTiming.observers = ElementTiming.observers.filter((observer) => observer !== this);
  }
}

/** The browser's IntersectionObserver, reporting once which targets are in view (`inView`). */
function intersections(inView: (target: Element) => boolean): typeof IntersectionObserver {
  return class {
    readonly #callback: IntersectionObserverCallback;
    constructor(callback: IntersectionObserverCallback) {
      this.#callback = callback;
    }
    observe(target: Element) {
      setTimeout(() => this.#callback([{ target, isIntersecting: inView(target) } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
    }
    disconnect() {}
  } as unknown as typeof IntersectionObserver;
}

function browser(options: { elementTiming: boolean; inView?: (target: Element) => boolean }): BootWindow {
  return {
    addEventListener: window.addEventListener.bind(window),
    setTimeout: window.setTimeout.bind(window),
    clearTimeout: window.clearTimeout.bind(window),
    PerformanceObserver: options.elementTiming ? (ElementTiming as unknown as typeof PerformanceObserver) : undefined,
    IntersectionObserver: intersections(options.inView ?? (() => true)),
  };
}

/** Whether the promise has settled by now, the pending callbacks run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('firstScreenShown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    ElementTiming.observers = [];
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('lets the code load at once where there is nothing to wait for: a page the browser renders, or no first-screen picture', async () => {
    serverPage(1, { state: false });
    expect(await settled(firstScreenShown(document, browser({ elementTiming: true })))).toBe(true);
    serverPage(0);
    expect(await settled(firstScreenShown(document, browser({ elementTiming: true })))).toBe(true);
  });

  it('waits until a first-screen picture is painted, and not for another element', async () => {
    const [first] = serverPage(2);
    const shown = firstScreenShown(document, browser({ elementTiming: true }));
    ElementTiming.paint(document.createElement('h1'));
    expect(await settled(shown)).toBe(false);
    ElementTiming.paint(first!);
    expect(await settled(shown)).toBe(true);
    // Done with: it no longer observes.
    expect(ElementTiming.observers).toEqual([]);
  });

  it('does not wait for pictures that fail, which are never painted', async () => {
    const images = serverPage(2);
    const shown = firstScreenShown(document, browser({ elementTiming: true }));
    images[0]!.dispatchEvent(new Event('error'));
    expect(await settled(shown)).toBe(false);
    images[1]!.dispatchEvent(new Event('error'));
    expect(await settled(shown)).toBe(true);
  });

  it('without Element Timing (Safari, Firefox), lets the code load at once, as it cannot tell when a picture is painted', async () => {
    serverPage(1);
    expect(await settled(firstScreenShown(document, browser({ elementTiming: false })))).toBe(true);
  });

  it('waits only for the pictures in view, which are the ones painted', async () => {
    const [first] = serverPage(2);
    const shown = firstScreenShown(document, browser({ elementTiming: true, inView: (target) => target === first }));
    expect(await settled(shown)).toBe(false);
    ElementTiming.paint(first!);
    expect(await settled(shown)).toBe(true);

    // None in view: nothing is painted for a while, and the code loads at once.
    serverPage(2);
    const none = firstScreenShown(document, browser({ elementTiming: true, inView: () => false }));
    expect(await settled(none)).toBe(true);
  });

  it('lets the code load when the viewer acts, so the page answers them', async () => {
    serverPage(1);
    const shown = firstScreenShown(document, browser({ elementTiming: true }));
    expect(await settled(shown)).toBe(false);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(await settled(shown)).toBe(true);
  });

  it('waits no longer than its limit on a slow connection', async () => {
    serverPage(1);
    const shown = firstScreenShown(document, browser({ elementTiming: true }));
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS - 1);
    expect(await settled(shown)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(shown)).toBe(true);
  });
});

import { isValidElement, lazy } from 'react';
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';

/** A view whose code is a chunk of its own: `React.lazy`, and `preload()` to fetch the code ahead. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, whatever its props, as React.lazy takes it
export type LazyView<C extends ComponentType<any>> = LazyExoticComponent<C> & {
  /**
   * Loads the view's code. Once it has settled, the view renders at once: a page the server rendered
   * hydrates without suspending, and a link a viewer points at opens without a wait.
   */
  preload: () => Promise<void>;
};

type Loaded<C> = { default: C };

/** spec §9: chunk load time-out 120 s. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

let chunkLoadTimeoutMs = CHUNK_LOAD_TIMEOUT_MS;

/**
 * Sets how long a view's code may take to arrive (default CHUNK_LOAD_TIMEOUT_MS) for the loads
 * that start afterwards: tests use a short one.
 */
export function setChunkLoadTimeout(ms: number): void {
  chunkLoadTimeoutMs = ms;
}

/** A view's code that did not arrive within the chunk load time-out (spec §9). */
export class ChunkLoadTimeoutError extends Error {
  constructor(ms: number) {
    super(`The page's code did not arrive within ${ms} ms`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/** `promise`, or a ChunkLoadTimeoutError once `ms` have passed without it settling. */
function withinTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadTimeoutError(ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A view loaded when it first renders (or when `preload` asks), for a route's element: the route
 * table stays in the entry chunk while each view is its own chunk. Code that does not arrive within
 * the chunk load time-out (spec §9) fails as a load that failed does, so the page's error boundary
 * shows an error with a reload instead of an endless loader; the next render asks again.
 *
 * @example
 * const PackagesPage = lazyView(async () => (await import('./views/PackagesPage.tsx')).PackagesPage);
 * export const commerceRoutes = [{ path: 'packages', element: <PackagesPage /> }];
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as for LazyView (`never` would shut out class components, `object` views whose props are optional)
export function lazyView<C extends ComponentType<any>>(load: () => Promise<C>): LazyView<C> {
  let loaded: Loaded<C> | undefined;
  let loading: Promise<Loaded<C>> | undefined;
  const start = (): Promise<Loaded<C>> => {
    loading ??= withinTimeout(load(), chunkLoadTimeoutMs).then(
      (component) => (loaded = { default: component }),
      (error: unknown) => {
        // A chunk that failed to arrive (a dropped connection, the time-out) is asked for again next time.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  // React.lazy reads what its factory returns through `then`: a view whose code is here already is
  // handed over within that call, so its first render does not suspend (a resolved promise would
  // still answer a microtask later, and the render would suspend for it).
  const view = lazy<C>(() => (loaded ? (settled(loaded) as Promise<Loaded<C>>) : start()));
  return Object.assign(view, { preload: () => start().then(() => undefined) });
}

/** A thenable that calls back at once with `value`. */
function settled<T>(value: T): PromiseLike<T> {
  return {
    then<A = T, B = never>(onFulfilled?: ((value: T) => A | PromiseLike<A>) | null): PromiseLike<A | B> {
      return settled(onFulfilled ? (onFulfilled(value) as A) : (value as unknown as A));
    },
  };
}

function isLazyView(component: unknown): component is LazyView<ComponentType> {
  return typeof component === 'object' && component !== null && typeof (component as { preload?: unknown }).preload === 'function';
}

/**
 * Loads the code of the lazy views an element shows: the element itself and, down through their
 * `children`, the elements it is given (a channel page's schedule). A router calls it with the
 * elements of the routes it is about to show, so they render without suspending.
 */
export async function preloadLazyViews(node: ReactNode): Promise<void> {
  await Promise.all(lazyViewsOf(node).map((view) => view.preload()));
}

function lazyViewsOf(node: ReactNode): Array<LazyView<ComponentType>> {
  if (Array.isArray(node)) return node.flatMap(lazyViewsOf);
  if (!isValidElement<{ children?: ReactNode }>(node)) return [];
  return [...(isLazyView(node.type) ? [node.type] : []), ...lazyViewsOf(node.props.children)];
}

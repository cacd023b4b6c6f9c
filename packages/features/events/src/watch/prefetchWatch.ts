import type { i18n as I18n } from '@grandstand/i18n';
import { channelApi, sharedApi } from '@grandstand/store';
import type { AppDispatch } from '@grandstand/store';
import { parseEventId } from './ids.ts';

const WATCH_PATH = /^\/watch\/([^/?#]+)$/;

/**
 * Starts what the watch page at `href` needs (see useWatchPrefetch); a lazy chunk of its own, so
 * the home route carries none of it.
 */
export function prefetchWatch(href: string, dispatch: AppDispatch, i18n: I18n): void {
  const eventId = parseEventId(WATCH_PATH.exec(href)?.[1]);
  if (eventId === null) return;
  // The same module the route loads lazily, so the route finds it ready.
  void import('./WatchView.tsx').catch(() => undefined);
  // The player's preload entry alone (a few hundred bytes), asked for at once; it fetches shaka
  // once the event says it has a stream shaka is for (live, or where the browser lacks HLS).
  const preload = import('@grandstand/player/preload');
  // An event asked for less than 30 s ago is not asked again; the watch page's own query keeps it fresh.
  const request = dispatch(sharedApi.endpoints.getEvent.initiate(eventId, { subscribe: false, forceRefetch: 30 }));
  void Promise.all([preload, request.unwrap()])
    .then(([{ preloadPlayer }, event]) => (event.stream ? preloadPlayer({ live: event.stream.live }) : undefined))
    .catch(() => undefined);
  void dispatch(channelApi.util.prefetch('getEventCategories', undefined, { ifOlderThan: 300 }));
  void i18n.loadNamespaces(['watch', 'errors']);
}

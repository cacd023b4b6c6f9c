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
  // The player's preload entry alone, so shaka is asked for without waiting for the player's components.
  void import('@grandstand/player/preload').then(({ preloadPlayer }) => preloadPlayer()).catch(() => undefined);
  // An event asked for less than 30 s ago is not asked again; the watch page's own query keeps it fresh.
  void dispatch(sharedApi.util.prefetch('getEvent', eventId, { ifOlderThan: 30 }));
  void dispatch(channelApi.util.prefetch('getEventCategories', undefined, { ifOlderThan: 300 }));
  void i18n.loadNamespaces(['watch', 'errors']);
}

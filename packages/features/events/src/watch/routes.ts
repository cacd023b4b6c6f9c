import type { EventDetail } from '@grandstand/contract';
import type { PlayerHandle } from '@grandstand/player';
import { lazyView } from '@grandstand/ui';
import { createElement, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';

const WatchView = lazyView(async () => (await import('./WatchView.tsx')).WatchView);
const EmbedView = lazyView(async () => (await import('./WatchView.tsx')).EmbedView);
/** The watch page of one event, for a linked TV's device page (a lazy chunk, the watch page's own). */
export const LazyEventPlayer = lazyView(async () => (await import('./WatchView.tsx')).EventPlayer);

/** What a watch action (e.g. the Clip control) gets: the event on the page and the player's handle. */
export interface WatchActionProps {
  event: EventDetail;
  player: PlayerHandle;
}

export interface WatchRoutesOptions {
  /**
   * Rendered in the player's control bar while the event plays (not during a preroll), given the
   * event and the player. Pass a lazy component so the watch page carries only what it shows.
   */
  WatchActions?: ComponentType<WatchActionProps>;
}

/**
 * `/watch/{id}`, inside the site's layout (spec §2), with the site's actions in the player. The page
 * and the player are lazy chunks of their own.
 *
 * @example
 * createWatchRoutes({ WatchActions: LazyClipAction });
 */
export function createWatchRoutes({ WatchActions }: WatchRoutesOptions = {}): RouteObject[] {
  return [{ path: 'watch/:id', element: createElement(WatchView, { WatchActions }) }];
}

/** `/watch/{id}` without actions in the player. */
export const watchRoutes: RouteObject[] = createWatchRoutes();

/** `/watch_embed/{id}`: a plain layout with no header or footer (spec §2), mounted outside the site's layout. */
export const embedRoutes: RouteObject[] = [{ path: 'watch_embed/:id', element: createElement(EmbedView) }];

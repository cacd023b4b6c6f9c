export { eventsRoutes } from './routes.ts';
export { eventsNamespace } from './namespace.ts';
export {
  eventsApi,
  useGetEventsForHomepageQuery,
  useGetEventsQuery,
  useGetEventsWithClipQuery,
  useGetFavoriteEventsQuery,
} from './eventsApi.ts';
export { EventsExtensionsProvider, useEventsExtensions } from './extensions.tsx';
export type { EventsExtensions, FollowControlProps } from './extensions.tsx';
export { HomeView } from './views/HomeView.tsx';
export { EventsListing, LiveView, ScheduleView, UpcomingView, VodView, PAGE_SIZE } from './views/EventsListing.tsx';
export type { ListingKind } from './views/EventsListing.tsx';
export { EventTile } from './components/EventTile.tsx';
export type { EventTileProps } from './components/EventTile.tsx';
export { FilterBar } from './components/FilterBar.tsx';
export type { FilterBarProps, FilterValues } from './components/FilterBar.tsx';
export { DayStrip } from './components/DayStrip.tsx';
export type { DayStripProps } from './components/DayStrip.tsx';
export { useCatalog } from './useCatalog.ts';
export type { Catalog } from './useCatalog.ts';
export { accessLabel, eventTitle } from './display.ts';
export { schoolPath, slideHref, sportSchedulePath, teamSchedulePath, watchPath } from './links.ts';
export { createWatchRoutes, embedRoutes, LazyEventPlayer, watchRoutes } from './watch/routes.ts';
export type { WatchActionProps, WatchRoutesOptions } from './watch/routes.ts';
export { watchNamespace } from './watch/namespace.ts';
export { checkRoutes, PLAYBACK_CHECK_PATH } from './check/routes.ts';
export { FIRST_FRAME_MARK, parseEventId } from './watch/ids.ts';
export { useWatchPrefetch } from './watch/prefetch.ts';
export { LazyScheduleView } from './lazyViews.tsx';

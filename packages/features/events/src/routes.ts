import { lazyView } from '@grandstand/ui';
import { createElement } from 'react';
import type { RouteObject } from 'react-router';

const HomeView = lazyView(async () => (await import('./views/HomeView.tsx')).HomeView);
const LiveView = lazyView(async () => (await import('./views/EventsListing.tsx')).LiveView);
const UpcomingView = lazyView(async () => (await import('./views/EventsListing.tsx')).UpcomingView);
const VodView = lazyView(async () => (await import('./views/EventsListing.tsx')).VodView);

/**
 * The browse routes, relative, for the site's layout route (spec §2): the home (index), /live,
 * /upcoming, /schedule and /vod. /schedule is an alias of the upcoming page (spec §2), so a team's
 * or a sport's schedule link lists everything coming for it; the day-by-day schedule view is the
 * channel pages' (`LazyScheduleView`). Each view is its own lazy chunk, so the home carries no
 * listing code and a listing no home code.
 */
export const eventsRoutes: RouteObject[] = [
  { index: true, element: createElement(HomeView) },
  { path: 'live', element: createElement(LiveView) },
  { path: 'upcoming', element: createElement(UpcomingView) },
  { path: 'schedule', element: createElement(UpcomingView) },
  { path: 'vod', element: createElement(VodView) },
];

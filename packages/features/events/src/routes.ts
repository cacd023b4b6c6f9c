import { lazyView } from '@grandstand/ui';
import { createElement } from 'react';
import type { RouteObject } from 'react-router';

const HomeView = lazyView(async () => (await import('./views/HomeView.tsx')).HomeView);
const LiveView = lazyView(async () => (await import('./views/EventsListing.tsx')).LiveView);
const UpcomingView = lazyView(async () => (await import('./views/EventsListing.tsx')).UpcomingView);
const ScheduleView = lazyView(async () => (await import('./views/EventsListing.tsx')).ScheduleView);
const VodView = lazyView(async () => (await import('./views/EventsListing.tsx')).VodView);

/**
 * The browse routes, relative, for the site's layout route (spec §2): the home (index), /live,
 * /upcoming, /schedule (the upcoming listing with a calendar) and /vod. Each view is its own lazy
 * chunk, so the home carries no listing code and a listing no home code.
 */
export const eventsRoutes: RouteObject[] = [
  { index: true, element: createElement(HomeView) },
  { path: 'live', element: createElement(LiveView) },
  { path: 'upcoming', element: createElement(UpcomingView) },
  { path: 'schedule', element: createElement(ScheduleView) },
  { path: 'vod', element: createElement(VodView) },
];

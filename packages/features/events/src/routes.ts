import type { RouteObject } from 'react-router';

/**
 * The browse routes, relative, for the site's layout route (spec §2): the home (index), /live,
 * /upcoming, /schedule (the upcoming listing with a calendar) and /vod. Each view is its own lazy
 * chunk, so the home carries no listing code and a listing no home code.
 */
export const eventsRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./views/HomeView.tsx')).HomeView }) },
  { path: 'live', lazy: async () => ({ Component: (await import('./views/EventsListing.tsx')).LiveView }) },
  { path: 'upcoming', lazy: async () => ({ Component: (await import('./views/EventsListing.tsx')).UpcomingView }) },
  { path: 'schedule', lazy: async () => ({ Component: (await import('./views/EventsListing.tsx')).ScheduleView }) },
  { path: 'vod', lazy: async () => ({ Component: (await import('./views/EventsListing.tsx')).VodView }) },
];

import { lazy } from 'react';

/**
 * The shared schedule view as its own chunk, for the site to place under each channel page
 * (spec §2) without pulling the listing code into the routes that do not show it.
 */
export const LazyScheduleView = lazy(async () => {
  const { ScheduleView } = await import('./views/EventsListing.tsx');
  return { default: () => <ScheduleView embedded /> };
});

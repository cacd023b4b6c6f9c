import { lazyView } from '@grandstand/ui';

/**
 * The shared schedule view as its own chunk, for the site to place under each channel page
 * (spec §2) without pulling the listing code into the routes that do not show it. A `lazyView`, so
 * a channel page the server rendered hydrates with it preloaded.
 */
export const LazyScheduleView = lazyView(async () => {
  const { ScheduleView } = await import('./views/EventsListing.tsx');
  return function EmbeddedScheduleView() {
    return <ScheduleView embedded />;
  };
});

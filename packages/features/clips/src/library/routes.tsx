import { lazyView } from '@grandstand/ui';
import type { RouteObject } from 'react-router';

const ProfileClipsPage = lazyView(async () => (await import('./views/ProfileClipsPage.tsx')).ProfileClipsPage);
const EventClipsPage = lazyView(async () => (await import('./views/EventClipsPage.tsx')).EventClipsPage);
const SharePage = lazyView(async () => (await import('./views/SharePage.tsx')).SharePage);
const ShareEmbedPage = lazyView(async () => (await import('./views/SharePage.tsx')).ShareEmbedPage);

/**
 * The child of /profile this feature brings (spec §2 profile children: clips), in its own lazy chunk.
 *
 * @example createAuthRoutes({ profileChildren: [...profileChildRoutes, ...clipsProfileRoutes], profileSectionsNav })
 */
export const clipsProfileRoutes: RouteObject[] = [{ path: 'clips', element: <ProfileClipsPage /> }];

/**
 * spec §2 `/watch_library/{id}` (the viewer's clips of an event) and `/share/{id}/{uuid}` (a shared
 * clip, public), inside the site's layout. Each is a lazy chunk; the share page's player loads
 * shaka in a chunk of its own when it mounts.
 */
export const clipsLibraryRoutes: RouteObject[] = [
  { path: 'watch_library/:id', element: <EventClipsPage /> },
  { path: 'share/:id/:uuid', element: <SharePage /> },
];

/**
 * `/share_embed/{id}/{uuid}`: a shared clip's player alone, for the iframe of a link preview's player
 * card; mounted outside the site's layout, like the events feature's `/watch_embed/{id}`.
 */
export const clipsEmbedRoutes: RouteObject[] = [{ path: 'share_embed/:id/:uuid', element: <ShareEmbedPage /> }];

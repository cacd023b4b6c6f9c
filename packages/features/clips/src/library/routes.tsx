import type { RouteObject } from 'react-router';

/**
 * The child of /profile this feature brings (spec §2 profile children: clips), in its own lazy chunk.
 *
 * @example createAuthRoutes({ profileChildren: [...profileChildRoutes, ...clipsProfileRoutes], profileSectionsNav })
 */
export const clipsProfileRoutes: RouteObject[] = [
  { path: 'clips', lazy: async () => ({ Component: (await import('./views/ProfileClipsPage.tsx')).ProfileClipsPage }) },
];

/**
 * spec §2 `/watch_library/{id}` (the viewer's clips of an event) and `/share/{id}/{uuid}` (a shared
 * clip, public), inside the site's layout. Each is a lazy chunk; the share page's player loads
 * shaka in a chunk of its own when it mounts.
 */
export const clipsLibraryRoutes: RouteObject[] = [
  { path: 'watch_library/:id', lazy: async () => ({ Component: (await import('./views/EventClipsPage.tsx')).EventClipsPage }) },
  { path: 'share/:id/:uuid', lazy: async () => ({ Component: (await import('./views/SharePage.tsx')).SharePage }) },
];

/**
 * `/share_embed/{id}/{uuid}`: a shared clip's player alone, for the iframe of a link preview's player
 * card; mounted outside the site's layout, like the events feature's `/watch_embed/{id}`.
 */
export const clipsEmbedRoutes: RouteObject[] = [
  { path: 'share_embed/:id/:uuid', lazy: async () => ({ Component: (await import('./views/SharePage.tsx')).ShareEmbedPage }) },
];

import type { RouteObject } from 'react-router';

/**
 * The child of /profile this feature brings (the viewer's favourites and calendar address), in its
 * own lazy chunk.
 *
 * @example createAuthRoutes({ profileChildren: [...profileChildRoutes, ...favouritesProfileRoutes], profileSectionsNav })
 */
export const favouritesProfileRoutes: RouteObject[] = [
  { path: 'favourites', lazy: async () => ({ Component: (await import('./views/ProfileFavouritesPage.tsx')).ProfileFavouritesPage }) },
];

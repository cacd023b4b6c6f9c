import { lazyView } from '@grandstand/ui';
import type { RouteObject } from 'react-router';

const ProfileFavouritesPage = lazyView(async () => (await import('./views/ProfileFavouritesPage.tsx')).ProfileFavouritesPage);

/**
 * The child of /profile this feature brings (the viewer's favourites and calendar address), in its
 * own lazy chunk.
 *
 * @example createAuthRoutes({ profileChildren: [...profileChildRoutes, ...favouritesProfileRoutes], profileSectionsNav })
 */
export const favouritesProfileRoutes: RouteObject[] = [{ path: 'favourites', element: <ProfileFavouritesPage /> }];

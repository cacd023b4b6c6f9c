import type { RouteObject } from 'react-router';

/**
 * The children of /profile this feature brings (spec §2): the order list as the default child and
 * `transactions`, each view in its own lazy chunk. The site passes them to the profile route with
 * `ProfileSectionsNav` as their links.
 *
 * @example createAuthRoutes({ profileChildren: profileChildRoutes, profileSectionsNav: <ProfileSectionsNav /> })
 */
export const profileChildRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./views/OrdersPage.tsx')).OrdersPage }) },
  { path: 'transactions', lazy: async () => ({ Component: (await import('./views/TransactionsPage.tsx')).TransactionsPage }) },
];

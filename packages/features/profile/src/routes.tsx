import { lazyView } from '@grandstand/ui';
import type { RouteObject } from 'react-router';

const OrdersPage = lazyView(async () => (await import('./views/OrdersPage.tsx')).OrdersPage);
const TransactionsPage = lazyView(async () => (await import('./views/TransactionsPage.tsx')).TransactionsPage);

/**
 * The children of /profile this feature brings (spec §2): the order list as the default child and
 * `transactions`, each view in its own lazy chunk. The site passes them to the profile route with
 * `ProfileSectionsNav` as their links.
 *
 * @example createAuthRoutes({ profileChildren: profileChildRoutes, profileSectionsNav: <ProfileSectionsNav /> })
 */
export const profileChildRoutes: RouteObject[] = [
  { index: true, element: <OrdersPage /> },
  { path: 'transactions', element: <TransactionsPage /> },
];

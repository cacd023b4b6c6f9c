import type { RouteObject } from 'react-router';

/**
 * The commerce routes of spec §2 (relative, to mount as children of the site's layout route), each
 * view in its own lazy chunk: `packages`, `select-package/:id` (id = an event id) and `buy`.
 */
export const commerceRoutes: RouteObject[] = [
  { path: 'packages', lazy: async () => ({ Component: (await import('./views/PackagesPage.tsx')).PackagesPage }) },
  { path: 'select-package/:id', lazy: async () => ({ Component: (await import('./views/SelectPackagePage.tsx')).SelectPackagePage }) },
  { path: 'buy', lazy: async () => ({ Component: (await import('./views/BuyPage.tsx')).BuyPage }) },
];

import { lazyView } from '@grandstand/ui';
import type { RouteObject } from 'react-router';

const PackagesPage = lazyView(async () => (await import('./views/PackagesPage.tsx')).PackagesPage);
const SelectPackagePage = lazyView(async () => (await import('./views/SelectPackagePage.tsx')).SelectPackagePage);
const BuyPage = lazyView(async () => (await import('./views/BuyPage.tsx')).BuyPage);

/**
 * The commerce routes of spec §2 (relative, to mount as children of the site's layout route), each
 * view in its own lazy chunk: `packages`, `select-package/:id` (id = an event id) and `buy`.
 */
export const commerceRoutes: RouteObject[] = [
  { path: 'packages', element: <PackagesPage /> },
  { path: 'select-package/:id', element: <SelectPackagePage /> },
  { path: 'buy', element: <BuyPage /> },
];

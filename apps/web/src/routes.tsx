import type { Page } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Loader } from '@grandstand/ui';
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Navigate, Outlet } from 'react-router';
import { NavigationEffects } from './navigation/NavigationEffects.tsx';
import { Layout } from './shell/Layout.tsx';

const HomePage = lazy(() => import('./pages/HomePage.tsx'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage.tsx'));
const ChannelPage = lazy(() => import('./pages/ChannelPage.tsx'));

/** Paths the product owns; a channel page may not shadow them. */
const RESERVED = new Set(['/', '/404']);

function Root() {
  const { t } = useTranslation('shell');
  return (
    <Layout>
      <NavigationEffects />
      <Suspense fallback={<Loader label={t('loading')} />}>
        <Outlet />
      </Suspense>
    </Layout>
  );
}

/** The route table (architecture: apps/web owns it); channel pages come from the page list (spec §2). */
export function buildRoutes(pages: readonly Page[]): RouteObject[] {
  const pageRoutes = pages
    .filter((page) => page.url.startsWith('/') && !RESERVED.has(page.url))
    .map((page) => ({ path: page.url, element: <ChannelPage page={page} /> }));
  return [
    {
      element: <Root />,
      children: [
        { index: true, element: <HomePage /> },
        { path: '404', element: <NotFoundPage /> },
        ...pageRoutes,
        // spec §2: a catch-all redirects unknown paths to /404.
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}

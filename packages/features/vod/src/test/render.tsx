import type { FakeHandler } from '@grandstand/api-client/testing';
import { renderWithProviders } from '@grandstand/test-kit';
import type { RenderWithProvidersOptions } from '@grandstand/test-kit';
import { testSettings } from '@grandstand/test-kit/fixtures';
import { Outlet, type RouteObject } from 'react-router';
import { vodLibraryNamespace } from '../library/namespace.ts';
import { vodNamespace } from '../namespace.ts';
import { searchRoutes, vodRoutes } from '../routes.tsx';
import { HeaderSearch } from '../search/HeaderSearch.tsx';
import { viewer } from './fixtures.ts';

export interface RenderVodOptions extends Pick<RenderWithProvidersOptions, 'route' | 'language' | 'user'> {
  routes?: Record<string, FakeHandler>;
  /** A visitor: nobody logged in. */
  visitor?: boolean;
}

/**
 * The feature's pages in the site's layout (the header's search box above them, stand-in pages of
 * the site beside); the channel's settings answer with no prerolls unless `routes` says otherwise.
 */
export function renderVod({ routes, visitor = false, ...options }: RenderVodOptions = {}) {
  const frame: RouteObject = {
    element: (
      <>
        <header>
          <HeaderSearch />
        </header>
        <main>
          <Outlet />
        </main>
      </>
    ),
    children: [...vodRoutes, ...searchRoutes, { path: '/', element: <p>Home</p> }],
  };
  return renderWithProviders([frame], {
    route: '/vod_library',
    ...options,
    routes: { 'GET /settings': () => ({ json: { data: testSettings({ prerolls: [] }) } }), ...routes },
    ...(visitor ? { visitorKey: true } : { user: options.user ?? viewer }),
    namespaces: [vodNamespace, vodLibraryNamespace],
    pages: { '/login': 'Log in page', '/registration': 'Register page', '/packages': 'Packages page', '/schedule': 'Schedule', 'watch/:id': 'Watch page' },
  });
}

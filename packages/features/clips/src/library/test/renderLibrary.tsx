import type { FakeHandler } from '@grandstand/api-client/testing';
import { PopupHost, renderWithProviders } from '@grandstand/test-kit';
import type { RenderWithProvidersOptions } from '@grandstand/test-kit';
import { testSettings } from '@grandstand/test-kit/fixtures';
import { Outlet, type RouteObject } from 'react-router';
import { clipsLibraryNamespace } from '../namespace.ts';
import { clipsEmbedRoutes, clipsLibraryRoutes, clipsProfileRoutes } from '../routes.tsx';
import { clipOptions, viewer } from './fixtures.ts';

export interface RenderLibraryOptions extends Pick<RenderWithProvidersOptions, 'route' | 'language' | 'user'> {
  routes?: Record<string, FakeHandler>;
  /** Children of /profile in place of the feature's (a view given an `openUrl`). */
  profileChildren?: RouteObject[];
  /** Pages beside the library's in place of the feature's (a view given an `openUrl`). */
  pages?: RouteObject[];
  /** A visitor: nobody logged in. */
  visitor?: boolean;
}

/**
 * The library's pages as the site mounts them: the clips child under /profile, the event's clips
 * and the share page, with the popups beside; stand-in home, watch and 404 pages. The demo viewer
 * is logged in unless `visitor`.
 */
export function renderLibrary({ routes, profileChildren, pages, visitor = false, ...options }: RenderLibraryOptions = {}) {
  const frame: RouteObject = {
    element: (
      <main>
        <Outlet />
        <PopupHost />
      </main>
    ),
    children: [{ path: '/profile', element: <Outlet />, children: profileChildren ?? clipsProfileRoutes }, ...(pages ?? clipsLibraryRoutes)],
  };
  return renderWithProviders([frame, ...clipsEmbedRoutes], {
    route: '/profile/clips',
    ...options,
    routes: {
      'GET /settings': () => ({ json: { data: testSettings() } }),
      'GET /clips/options': () => ({ json: { data: clipOptions() } }),
      ...routes,
    },
    ...(visitor ? { visitorKey: true } : { user: options.user ?? viewer }),
    namespaces: [clipsLibraryNamespace],
    pages: { '/': 'Home', '/404': 'Not found', '/watch/:id': 'Watch' },
  });
}

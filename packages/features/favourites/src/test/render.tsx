import type { FakeHandler } from '@grandstand/api-client/testing';
import { PopupHost, renderWithProviders } from '@grandstand/test-kit';
import type { RenderWithProvidersOptions } from '@grandstand/test-kit';
import type { ReactNode } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { favouritesNamespace } from '../namespace.ts';
import { favouritesProfileNamespace } from '../profile/namespace.ts';
import { favouritesProfileRoutes } from '../profile/routes.tsx';
import { viewer } from './fixtures.ts';

export interface RenderFavouritesOptions extends Pick<RenderWithProvidersOptions, 'route' | 'language' | 'user'> {
  routes?: Record<string, FakeHandler>;
  /** A visitor: nobody logged in. */
  visitor?: boolean;
}

/**
 * `content` on a page of the site (with the popups beside, and stand-in home and login pages), or
 * the profile's favourites child; the demo viewer is logged in unless `visitor`.
 */
export function renderFavourites(content: ReactNode | 'profile', { routes, visitor = false, ...options }: RenderFavouritesOptions = {}) {
  const page: RouteObject =
    content === 'profile'
      ? { path: '/profile', element: <Outlet />, children: favouritesProfileRoutes }
      : { path: '/page', element: <>{content}</> };
  const frame: RouteObject = {
    element: (
      <main>
        <Outlet />
        <PopupHost />
      </main>
    ),
    children: [page],
  };
  return renderWithProviders([frame], {
    route: content === 'profile' ? '/profile/favourites' : '/page',
    ...options,
    routes: routes ?? {},
    ...(visitor ? { visitorKey: true } : { user: options.user ?? viewer }),
    namespaces: [favouritesNamespace, favouritesProfileNamespace],
    pages: { '/': 'Home', '/login': 'Log in page', '/schedule': 'Schedule' },
  });
}

import { PopupHost, renderWithProviders } from '@grandstand/test-kit';
import type { RenderWithProvidersOptions } from '@grandstand/test-kit';
import { testSettings } from '@grandstand/test-kit/fixtures';
import { Outlet, type RouteObject } from 'react-router';
import { ProfileSectionsNav } from '../components/ProfileSectionsNav.tsx';
import { profileNamespace } from '../namespace.ts';
import { profileChildRoutes } from '../routes.tsx';
import { viewer } from './fixtures.ts';

export interface RenderProfileOptions extends Pick<RenderWithProvidersOptions, 'routes' | 'route' | 'language'> {
  /** Children of /profile in place of the feature's routes (e.g. a view given an `openUrl`). */
  children?: RouteObject[];
}

/**
 * The profile children under /profile as the site mounts them (the nav above, popups beside), for
 * the logged-in demo viewer, beside a home and a packages page.
 */
export function renderProfile({ children, routes, ...options }: RenderProfileOptions = {}) {
  const profile: RouteObject = {
    path: '/profile',
    element: (
      <main>
        <h1>Profile</h1>
        <ProfileSectionsNav />
        <Outlet />
        <PopupHost />
      </main>
    ),
    children: children ?? profileChildRoutes,
  };
  return renderWithProviders([profile], {
    route: '/profile',
    ...options,
    routes: { 'GET /settings': () => ({ json: { data: testSettings() } }), ...routes },
    user: viewer,
    namespaces: [profileNamespace],
    pages: { '/': 'Home', '/packages': 'Packages' },
  });
}

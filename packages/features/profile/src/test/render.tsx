import type { FakeHandler } from '@grandstand/api-client/testing';
import { createI18n, I18nProvider, registerFeatureResources } from '@grandstand/i18n';
import { createTestStore, testColors, testSettings } from '@grandstand/store/testing';
import { ChannelThemeProvider, LinkProvider, type LinkComponentProps } from '@grandstand/ui';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, Link, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { ProfileSectionsNav } from '../components/ProfileSectionsNav.tsx';
import { profileNamespace } from '../namespace.ts';
import { profileChildRoutes } from '../routes.tsx';
import { viewer } from './fixtures.ts';
import { PopupHost } from './PopupHost.tsx';

/** Links navigate in the test's router, as the site's do (the site gives its router link to LinkProvider). */
const RouterLink = ({ href, ...rest }: LinkComponentProps) => <Link to={href} {...rest} />;

export interface RenderOptions {
  /** The fake channel API's routes ('GET /orders'…); only the network is fake. */
  routes?: Record<string, FakeHandler>;
  route?: string;
  language?: string;
  /** Children of /profile in place of the feature's routes (e.g. a view given an `openUrl`). */
  children?: RouteObject[];
}

/**
 * The profile children in a data router under /profile, as the site mounts them (the nav above,
 * popups beside), for a logged-in viewer. `where()` tells where a link led.
 */
export async function renderProfile(options: RenderOptions = {}) {
  const { api, client, store } = createTestStore({
    routes: { 'GET /settings': () => ({ json: { data: testSettings() } }), ...options.routes },
    user: viewer,
  });
  const i18n = await createI18n({ language: options.language ?? 'en' });
  await registerFeatureResources(i18n, profileNamespace);
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home</p> },
      { path: '/packages', element: <p>Packages</p> },
      {
        path: '/profile',
        element: (
          <main>
            <h1>Profile</h1>
            <ProfileSectionsNav />
            <Outlet />
            <PopupHost />
          </main>
        ),
        children: options.children ?? profileChildRoutes,
      },
    ],
    { initialEntries: [options.route ?? '/profile'] },
  );
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <ChannelThemeProvider colors={testColors}>
          <LinkProvider component={RouterLink}>{children}</LinkProvider>
        </ChannelThemeProvider>
      </I18nProvider>
    </Provider>
  );
  const where = () => router.state.location.pathname + router.state.location.search;
  return { ...render(<RouterProvider router={router} />, { wrapper }), api, client, store, i18n, router, where };
}

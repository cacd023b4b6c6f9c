import type { FakeHandler } from '@grandstand/api-client/testing';
import type { User } from '@grandstand/contract';
import { createI18n, I18nProvider, registerFeatureResources } from '@grandstand/i18n';
import { createTestStore, testColors } from '@grandstand/store/testing';
import { ChannelThemeProvider, LinkProvider, type LinkComponentProps } from '@grandstand/ui';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { commerceNamespace } from '../namespace.ts';
import { commerceRoutes } from '../routes.tsx';
import { settings } from './fixtures.ts';

/** Links navigate in the test's router, as the site's do (the site gives its router link to LinkProvider). */
const RouterLink = ({ href, ...rest }: LinkComponentProps) => <Link to={href} {...rest} />;

export interface RenderOptions {
  /** The fake channel API's routes ('GET /packages'…); only the network is fake. GET /settings has a default. */
  routes?: Record<string, FakeHandler>;
  route?: string;
  language?: string;
  /** Start logged in as this user. */
  user?: User;
}

/** The data layer the tag manager reads (spec §7), as the analytics package fills it. */
export function dataLayerEvents(): string[] {
  const layer = (window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? [];
  return layer.flatMap((entry) => (entry.event ? [entry.event] : []));
}

/**
 * The commerce routes in a data router, as the site mounts them, beside home, watch, profile and the
 * login pages; `where()` tells where a view sent the viewer.
 */
export async function renderCommerce(options: RenderOptions = {}) {
  const { api, client, store } = createTestStore({
    routes: { 'GET /settings': () => ({ json: { data: settings } }), ...options.routes },
    ...(options.user ? { user: options.user } : {}),
  });
  if (!options.user) await client.getApiKey();
  const i18n = await createI18n({ language: options.language ?? 'en' });
  await registerFeatureResources(i18n, commerceNamespace);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Outlet />,
        children: [
          { index: true, element: <p>Home</p> },
          { path: 'watch/:id', element: <p>Watch</p> },
          { path: 'profile', element: <p>Profile</p> },
          { path: 'login', element: <p>Login</p> },
          ...commerceRoutes,
        ],
      },
    ],
    { initialEntries: [options.route ?? '/'] },
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

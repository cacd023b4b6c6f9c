import type { FakeHandler } from '@grandstand/api-client/testing';
import type { User } from '@grandstand/contract';
import { createI18n, I18nProvider, registerFeatureResources } from '@grandstand/i18n';
import { rememberVisit, startSession } from '@grandstand/store';
import type { Visit } from '@grandstand/store';
import { createTestStore, testColors } from '@grandstand/store/testing';
import { ChannelThemeProvider, LinkProvider, type LinkComponentProps } from '@grandstand/ui';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { authNamespace } from '../namespace.ts';
import { createAuthRoutes } from '../routes.tsx';
import type { AuthRoutesOptions } from '../routes.tsx';

/** Links navigate in the test's router, as the site's do (the site gives its router link to LinkProvider). */
const RouterLink = ({ href, ...rest }: LinkComponentProps) => <Link to={href} {...rest} />;

export interface RenderOptions {
  /** The fake channel API's routes ('POST /v2/auth/login'…); only the network is fake. */
  routes?: Record<string, FakeHandler>;
  route?: string;
  language?: string;
  /** Start logged in as this user, with this session key. */
  session?: { user: User; api_key: string };
  lastVisited?: Visit;
  /** Options of the auth routes, as the site passes them (profile children and their links). */
  authRoutes?: AuthRoutesOptions;
}

/**
 * The auth routes in a data router, as the site mounts them, beside a home and a watch page; `where()`
 * tells where a view sent the viewer. The
 * channel API accepts the session keys its routes hand out (`sessions.add(key)`).
 */
export async function renderAuth(options: RenderOptions = {}) {
  const sessions = new Set<string>();
  if (options.session) sessions.add(options.session.api_key);
  const { api, client, store } = createTestStore({ routes: options.routes ?? {}, acceptsApiKey: (key) => sessions.has(key) });
  if (options.session) store.dispatch(startSession(options.session));
  if (options.lastVisited) store.dispatch(rememberVisit(options.lastVisited));
  // The visitor key is fetched at startup (spec §4), before any view shows.
  if (!options.session) await client.getApiKey();
  const i18n = await createI18n({ language: options.language ?? 'en' });
  await registerFeatureResources(i18n, authNamespace);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Outlet />,
        children: [{ index: true, element: <p>Home</p> }, { path: 'watch/:id', element: <p>Watch</p> }, ...createAuthRoutes(options.authRoutes)],
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
  return { ...render(<RouterProvider router={router} />, { wrapper }), api, client, store, i18n, router, sessions, where };
}

import type { FakeHandler } from '@grandstand/api-client/testing';
import { createI18n, I18nProvider, registerFeatureResources } from '@grandstand/i18n';
import { createTestStore, testColors } from '@grandstand/store/testing';
import { ChannelThemeProvider, LinkProvider, type LinkComponentProps } from '@grandstand/ui';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, Link, MemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { contentNamespace } from '../namespace.ts';

/** Links navigate in the test's router, as the site's do (the site gives its router link to LinkProvider). */
const RouterLink = ({ href, ...rest }: LinkComponentProps) => <Link to={href} {...rest} />;

export interface RenderOptions {
  /** The fake channel API's routes ('GET /faq'…); only the network is fake, transport and store are real. */
  routes?: Record<string, FakeHandler>;
  route?: string;
  language?: string;
}

async function providers(options: RenderOptions) {
  const { api, store } = createTestStore({ routes: options.routes ?? {} });
  const i18n = await createI18n({ language: options.language ?? 'en' });
  await registerFeatureResources(i18n, contentNamespace);
  const Providers = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <ChannelThemeProvider colors={testColors}>
          <LinkProvider component={RouterLink}>{children}</LinkProvider>
        </ChannelThemeProvider>
      </I18nProvider>
    </Provider>
  );
  return { api, store, i18n, Providers };
}

/** style.md §7: one helper that wraps store, theme, i18n and router around a view. */
export async function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const { api, store, i18n, Providers } = await providers(options);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers>
      <MemoryRouter initialEntries={[options.route ?? '/']}>{children}</MemoryRouter>
    </Providers>
  );
  return { ...render(ui, { wrapper }), api, store, i18n };
}

/** Renders route objects in a data router, as the site does, so `lazy` routes load for real. */
export async function renderRoutes(routes: RouteObject[], options: RenderOptions = {}) {
  const { api, store, i18n, Providers } = await providers(options);
  const router = createMemoryRouter(routes, { initialEntries: [options.route ?? '/'] });
  return { ...render(<RouterProvider router={router} />, { wrapper: Providers }), api, store, i18n, router };
}

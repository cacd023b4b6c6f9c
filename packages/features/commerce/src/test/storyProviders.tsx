import { createApiClient, createMemoryStorage } from '@grandstand/api-client';
import { createFakeChannelApi, type FakeHandler } from '@grandstand/api-client/testing';
import type { User } from '@grandstand/contract';
import { createI18n, I18nProvider, registerFeatureResources, type i18n } from '@grandstand/i18n';
import { makeStore, startSession, type AppStore } from '@grandstand/store';
import type { Decorator } from '@storybook/react-vite';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { commerceNamespace } from '../namespace.ts';
import { commerceRoutes } from '../routes.tsx';
import { settings } from './fixtures.ts';

interface Loaded {
  store: AppStore;
  i18n: i18n;
}

/**
 * A story's store over a fake channel API (only the network is fake) and its i18n instance.
 * `parameters.commerceRoutes` answers the calls; `parameters.user` starts the story logged in.
 */
export async function commerceLoader(context: { id: string; parameters: Record<string, unknown> }): Promise<Loaded> {
  const routes = (context.parameters.commerceRoutes ?? {}) as Record<string, FakeHandler>;
  const user = context.parameters.user as User | null | undefined;
  const client = createApiClient({
    baseUrl: '/api',
    channelKeyUrl: '/channel-key.json',
    storagePrefix: `grandstand:story:${context.id}:`,
    storage: createMemoryStorage(),
    fetch: createFakeChannelApi({
      routes: { 'GET /settings': () => ({ json: { data: settings } }), ...routes },
      acceptsApiKey: (key) => key === 'story-session',
    }).fetch,
  });
  const store = makeStore({ client });
  if (user) store.dispatch(startSession({ user, api_key: 'story-session' }));
  else await client.getApiKey();
  const i18n = await createI18n({ language: 'en' });
  await registerFeatureResources(i18n, commerceNamespace);
  return { store, i18n };
}

/**
 * Store, i18n and the commerce routes at `parameters.route` (the theme comes from the Storybook
 * preview's channel toolbar). The story's own component is the route's view.
 */
export const withCommerceProviders: Decorator = (_Story, context) => {
  const { store, i18n } = context.loaded as Loaded;
  const router = createMemoryRouter([{ path: '/', children: [{ index: true, element: null }, ...commerceRoutes] }], {
    initialEntries: [(context.parameters.route as string | undefined) ?? '/packages'],
  });
  return (
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </Provider>
  );
};

/**
 * Store and i18n around the story's own component (a part of a view, not a route), inside a router
 * so its in-site links work. The theme comes from the Storybook preview's channel toolbar.
 */
export const withCommerceStore: Decorator = (Story, context) => {
  const { store, i18n } = context.loaded as Loaded;
  const router = createMemoryRouter([{ path: '*', element: <Story /> }], { initialEntries: ['/buy'] });
  return (
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </Provider>
  );
};

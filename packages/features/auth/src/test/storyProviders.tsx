import { createApiClient, createMemoryStorage } from '@grandstand/api-client';
import { createFakeChannelApi, type FakeHandler } from '@grandstand/api-client/testing';
import type { User } from '@grandstand/contract';
import { createI18n, I18nProvider, registerFeatureResources, type i18n } from '@grandstand/i18n';
import { makeStore, startSession, type AppStore } from '@grandstand/store';
import type { Decorator } from '@storybook/react-vite';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { authNamespace } from '../namespace.ts';

interface Loaded {
  store: AppStore;
  i18n: i18n;
}

/**
 * A story's store over a fake channel API (only the network is fake) and its i18n instance.
 * `parameters.authRoutes` answers the calls; `parameters.user` starts the story logged in.
 */
export async function authLoader(context: { id: string; parameters: Record<string, unknown> }): Promise<Loaded> {
  const routes = (context.parameters.authRoutes ?? {}) as Record<string, FakeHandler>;
  const user = context.parameters.user as User | undefined;
  const client = createApiClient({
    baseUrl: '/api',
    channelKeyUrl: '/channel-key.json',
    storagePrefix: `grandstand:story:${context.id}:`,
    storage: createMemoryStorage(),
    fetch: createFakeChannelApi({ routes, acceptsApiKey: (key) => key === 'story-session' }).fetch,
  });
  const store = makeStore({ client });
  if (user) store.dispatch(startSession({ user, api_key: 'story-session' }));
  else await client.getApiKey();
  const i18n = await createI18n({ language: 'en' });
  await registerFeatureResources(i18n, authNamespace);
  return { store, i18n };
}

/** Store, i18n and a router around an auth view (the theme comes from the Storybook preview). */
export const withAuthProviders: Decorator = (Story, context) => {
  const { store, i18n } = context.loaded as Loaded;
  return (
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <MemoryRouter>
          <Story />
        </MemoryRouter>
      </I18nProvider>
    </Provider>
  );
};

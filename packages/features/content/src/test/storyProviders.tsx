import { createApiClient, createMemoryStorage } from '@grandstand/api-client';
import { createFakeChannelApi, type FakeHandler } from '@grandstand/api-client/testing';
import { createI18n, I18nProvider, registerFeatureResources, type i18n } from '@grandstand/i18n';
import { makeStore, type AppStore } from '@grandstand/store';
import type { Decorator } from '@storybook/react-vite';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { contentNamespace } from '../namespace.ts';

interface Loaded {
  store: AppStore;
  i18n: i18n;
}

/**
 * A story's store over a fake channel API (only the network is fake) and its i18n instance, made
 * before the story renders. The story's `parameters.contentRoutes` answers the calls.
 */
export async function contentLoader(context: { id: string; parameters: Record<string, unknown> }): Promise<Loaded> {
  const routes = (context.parameters.contentRoutes ?? {}) as Record<string, FakeHandler>;
  const client = createApiClient({
    baseUrl: '/api',
    channelKeyUrl: '/channel-key.json',
    storagePrefix: `grandstand:story:${context.id}:`,
    storage: createMemoryStorage(),
    fetch: createFakeChannelApi({ routes }).fetch,
  });
  const i18n = await createI18n({ language: 'en' });
  await registerFeatureResources(i18n, contentNamespace);
  return { store: makeStore({ client }), i18n };
}

/** Store, i18n and a router around a content view (the theme comes from the Storybook preview). */
export const withContentProviders: Decorator = (Story, context) => {
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

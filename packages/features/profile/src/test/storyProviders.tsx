import { createApiClient, createMemoryStorage } from '@grandstand/api-client';
import { createFakeChannelApi, type FakeHandler } from '@grandstand/api-client/testing';
import { createI18n, I18nProvider, registerFeatureResources, type i18n } from '@grandstand/i18n';
import { makeStore, startSession, type AppStore } from '@grandstand/store';
import { testSettings } from '@grandstand/store/testing';
import type { Decorator } from '@storybook/react-vite';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { profileNamespace } from '../namespace.ts';
import { viewer } from './fixtures.ts';
import { PopupHost } from './PopupHost.tsx';

interface Loaded {
  store: AppStore;
  i18n: i18n;
}

/**
 * A story's store over a fake channel API (only the network is fake), logged in as the demo
 * viewer, and its i18n instance. `parameters.profileRoutes` answers the calls;
 * `parameters.language` picks the language (English by default).
 */
export async function profileLoader(context: { id: string; parameters: Record<string, unknown> }): Promise<Loaded> {
  const routes = (context.parameters.profileRoutes ?? {}) as Record<string, FakeHandler>;
  const client = createApiClient({
    baseUrl: '/api',
    channelKeyUrl: '/channel-key.json',
    storagePrefix: `grandstand:story:${context.id}:`,
    storage: createMemoryStorage(),
    fetch: createFakeChannelApi({
      routes: { 'GET /settings': () => ({ json: { data: testSettings() } }), ...routes },
      acceptsApiKey: (key) => key === 'story-session',
    }).fetch,
  });
  const store = makeStore({ client });
  store.dispatch(startSession({ user: viewer, api_key: 'story-session' }));
  const i18n = await createI18n({ language: (context.parameters.language as string | undefined) ?? 'en' });
  await registerFeatureResources(i18n, profileNamespace);
  return { store, i18n };
}

/** Store, i18n, a router and the popups around a profile view (the theme comes from the Storybook preview). */
export const withProfileProviders: Decorator = (Story, context) => {
  const { store, i18n } = context.loaded as Loaded;
  return (
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/profile']}>
          <Story />
          <PopupHost />
        </MemoryRouter>
      </I18nProvider>
    </Provider>
  );
};

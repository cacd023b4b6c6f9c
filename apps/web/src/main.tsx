import { createApiClient } from '@grandstand/api-client';
import { CHANNEL_KEY_FILE } from '@grandstand/contract';
import { authNamespace } from '@grandstand/auth';
import { commerceNamespace } from '@grandstand/commerce';
import { contentNamespace } from '@grandstand/content';
import { eventsNamespace, watchNamespace } from '@grandstand/events';
import { createI18n, I18nProvider, registerFeatureResources } from '@grandstand/i18n';
import { profileNamespace } from '@grandstand/profile';
import { hydrateApi, initialSessionState, makeStore } from '@grandstand/store';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, matchRoutes } from 'react-router';
import channel from 'virtual:grandstand-channel';
import { App } from './App.tsx';
import { buildRoutes } from './routes.tsx';
import { ApiClientContext, LANGUAGE_STORAGE_KEY } from './shell/services.tsx';
import { readServerState } from './startup/serverState.ts';

const client = createApiClient({
  baseUrl: '/api',
  channelKeyUrl: CHANNEL_KEY_FILE,
  // spec §9: local storage under a product-specific prefix; one channel never reads another's keys.
  storagePrefix: `grandstand:${channel.slug}:`,
});
// A page the server rendered carries the data it was rendered from: the store starts with it (and
// as a visitor's store, like the markup), so the first render in the browser is the server's.
const server = readServerState(document);
const store = makeStore({ client, preloadedState: server ? { session: initialSessionState } : undefined });
if (server) store.dispatch(hydrateApi(server.api));

// The shell's namespaces and the home's (events) up front; the others load when a view first asks
// for them, so a viewer of another language pays only for the texts of the pages they open.
const i18n = await createI18n({
  language: server?.language ?? client.storage.get<string>(LANGUAGE_STORAGE_KEY) ?? channel.language,
  namespaces: ['common', 'shell', 'errors'],
});
await registerFeatureResources(i18n, eventsNamespace);
for (const namespace of [watchNamespace, contentNamespace, authNamespace, commerceNamespace, profileNamespace]) void registerFeatureResources(i18n, namespace, { preload: false });

/** The router of the server's page, with the code of its matched routes loaded before it hydrates. */
async function hydratingRouter(pages: Parameters<typeof buildRoutes>[0]) {
  const routes = buildRoutes(pages);
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  return createBrowserRouter(routes);
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
const hydrating = server ? await hydratingRouter(server.pages) : undefined;
const app = (
  <StrictMode>
    <ApiClientContext value={client}>
      <Provider store={store}>
        <I18nProvider i18n={i18n}>
          <App client={client} store={store} hydrating={hydrating} />
        </I18nProvider>
      </Provider>
    </ApiClientContext>
  </StrictMode>
);
if (hydrating) hydrateRoot(root, app);
else createRoot(root).render(app);

import { createApiClient } from '@grandstand/api-client';
import { CHANNEL_KEY_FILE } from '@grandstand/contract';
import { authNamespace } from '@grandstand/auth';
import { commerceNamespace } from '@grandstand/commerce';
import { contentNamespace } from '@grandstand/content';
import { eventsNamespace, watchNamespace } from '@grandstand/events';
import { createI18n, I18nProvider, registerFeatureResources } from '@grandstand/i18n';
import { profileNamespace } from '@grandstand/profile';
import { makeStore } from '@grandstand/store';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import channel from 'virtual:grandstand-channel';
import { App } from './App.tsx';
import { ApiClientContext, LANGUAGE_STORAGE_KEY } from './shell/services.tsx';

const client = createApiClient({
  baseUrl: '/api',
  channelKeyUrl: CHANNEL_KEY_FILE,
  // spec §9: local storage under a product-specific prefix; one channel never reads another's keys.
  storagePrefix: `grandstand:${channel.slug}:`,
});
const store = makeStore({ client });
// The shell's namespaces and the home's (events) up front; the others load when a view first asks
// for them, so a viewer of another language pays only for the texts of the pages they open.
const i18n = await createI18n({
  language: client.storage.get<string>(LANGUAGE_STORAGE_KEY) ?? channel.language,
  namespaces: ['common', 'shell', 'errors'],
});
await registerFeatureResources(i18n, eventsNamespace);
for (const namespace of [watchNamespace, contentNamespace, authNamespace, commerceNamespace, profileNamespace]) void registerFeatureResources(i18n, namespace, { preload: false });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <ApiClientContext value={client}>
      <Provider store={store}>
        <I18nProvider i18n={i18n}>
          <App client={client} store={store} />
        </I18nProvider>
      </Provider>
    </ApiClientContext>
  </StrictMode>,
);

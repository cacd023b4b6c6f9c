import { createApiClient } from '@grandstand/api-client';
import { eventsNamespace, watchNamespace } from '@grandstand/events';
import { createI18n, I18nProvider, registerFeatureResources } from '@grandstand/i18n';
import { makeStore } from '@grandstand/store';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { App } from './App.tsx';
import { loadConfig } from './config.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

const config = await loadConfig();
// The channel key is given directly: this app is not served by the channel's server, so there is
// no key file beside it.
const client = createApiClient({ baseUrl: config.apiBaseUrl, channelKey: config.channelKey, storagePrefix: `channel-app:${config.slug}:` });
const store = makeStore({ client });
const i18n = await createI18n({ language: config.language, namespaces: ['common', 'shell', 'errors'] });
await registerFeatureResources(i18n, eventsNamespace);
await registerFeatureResources(i18n, watchNamespace);

createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <App client={client} fallbackColors={config.fallbackColors} />
      </I18nProvider>
    </Provider>
  </StrictMode>,
);

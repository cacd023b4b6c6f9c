import { createApiClient } from '@grandstand/api-client';
import { CONSOLE_LANGUAGE_KEY, consoleNamespace } from '@grandstand/console';
import { CHANNEL_KEY_FILE } from '@grandstand/contract';
import { createI18n, I18nProvider, registerFeatureResources, resolveLanguage } from '@grandstand/i18n';
import { makeStore } from '@grandstand/store';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { App } from './App.tsx';
import { readPageChannel } from './channel.ts';
import { consoleRoutes, consoleSections } from './routes.tsx';

async function start(root: HTMLElement): Promise<void> {
  const channel = readPageChannel(document);
  // The host's channel key and a visitor api key, as the site's start gets them: the public calls
  // (colour settings, settings) need it. The operator's session is a cookie of its own.
  const client = createApiClient({
    baseUrl: '/api',
    channelKeyUrl: CHANNEL_KEY_FILE,
    // One channel never reads another's keys; nor does the control room read the viewer site's.
    storagePrefix: `grandstand-console:${channel?.slug ?? 'default'}:`,
  });
  const language = resolveLanguage(client.storage.get<string>(CONSOLE_LANGUAGE_KEY) ?? channel?.language ?? navigator.language);
  const i18n = await createI18n({ language, namespaces: ['common', 'errors'] });
  await registerFeatureResources(i18n, consoleNamespace);
  // The sections' own texts load when one of their views first asks for them.
  for (const { namespace } of consoleSections) if (namespace) void registerFeatureResources(i18n, namespace, { preload: false });
  const store = makeStore({ client, devTools: import.meta.env.DEV });
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <I18nProvider i18n={i18n}>
          <App client={client} routes={consoleRoutes} channel={channel} />
        </I18nProvider>
      </Provider>
    </StrictMode>,
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
void start(root);

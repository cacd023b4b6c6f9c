import { createRoot, hydrateRoot } from './startup/frameworkEvaluated.ts';
import { hydrateApi, initialSessionState, makeStore, storedUser } from './startup/storeEvaluated.ts';
import { createApiClient } from '@grandstand/api-client';
import { CHANNEL_KEY_FILE } from '@grandstand/contract';
import { I18nProvider, seedRenderedFormats } from '@grandstand/i18n';
import { yieldToBrowser } from '@grandstand/ui';
import { startTransition, StrictMode } from 'react';
import { Provider } from 'react-redux';
import { App } from './App.tsx';
import { readSiteChannel, SiteChannelProvider, siteStoragePrefix } from './channel.ts';
import type { SiteChannel } from './channel.ts';
import { buildRoutes, preloadRoutes } from './routes.tsx';
import { ApiClientContext, LANGUAGE_STORAGE_KEY } from './shell/services.tsx';
import { startI18n } from './startup/i18n.ts';
import { followViewerLocale } from './startup/viewerFormats.ts';
import { readServerState, sharedByEveryone, type ServerState } from './startup/serverState.ts';

/** The routes of the server's page, with the code of the views it shows loaded before it hydrates. */
async function hydratingRoutes(pages: Parameters<typeof buildRoutes>[0], channel: SiteChannel) {
  const routes = buildRoutes(pages, channel);
  await preloadRoutes(routes, window.location);
  return routes;
}

/**
 * The server's answers with each entry frozen (shallowly, which is cheap): the store's Immer takes a
 * frozen value in as it is, where it would otherwise walk every event of every answer to freeze it,
 * the larger part of the store's start on a phone. Nothing else holds these objects.
 */
function takenAsIs(api: ServerState['api']): ServerState['api'] {
  for (const entry of Object.values(api.queries)) if (entry) Object.freeze(entry);
  return api;
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// The server writes the channel into every page it sends (one build serves every channel).
const channel = readSiteChannel(document);
if (!channel) throw new Error('the page names no channel (#grandstand-site-channel)');
/**
 * The start. Each step is a task of its own (the libraries' evaluation, the store's, the rest of the
 * site's, the client with the server's state read, the texts' start, the routes', the store's
 * making, the server's data into it): the page is on screen meanwhile, and texts and the page's
 * code load side by side. It runs outside the module's top level: the views' chunks import the
 * chunk this module is built into (vite.config.ts), and a module still waiting at its top level
 * would hold their evaluation, and so the start that waits for them, forever.
 */
async function start(root: HTMLElement, channel: SiteChannel): Promise<void> {
  await yieldToBrowser();
  const client = createApiClient({
    baseUrl: '/api',
    channelKeyUrl: CHANNEL_KEY_FILE,
    storagePrefix: siteStoragePrefix(channel.slug),
  });
  // A page the server rendered carries the data it was rendered from, as a visitor sees it. A visitor's
  // store starts with all of it and the browser takes the markup over as it is (hydration). A viewer
  // who is logged in keeps only what is the same for everyone (the channel's settings, menus, teams):
  // the site renders anew around the server's markup, and their events, access and prices load with
  // their key, never a visitor's left on screen.
  const server = readServerState(document);
  // The markup's dates and prices as the server wrote them: taken over as they are, without Intl.
  if (server) seedRenderedFormats(server.formats);
  const viewer = server ? storedUser(client) : null;
  const hydrate = server !== null && viewer === null;

  // Hydration renders in the server's language; App switches to the viewer's own afterwards.
  const language = (hydrate ? server?.language : undefined) ?? client.storage.get<string>(LANGUAGE_STORAGE_KEY) ?? server?.language ?? channel.language;
  await yieldToBrowser();
  // The server's texts when the site starts in the markup's language (a viewer's own may differ).
  const texts = startI18n(language, language === server?.language ? server.texts : undefined);
  texts.catch(() => {}); // awaited below, where a failure stops the start as before
  await yieldToBrowser();
  const loading = Promise.all([texts, server ? hydratingRoutes(server.pages, channel) : undefined]);
  loading.catch(() => {});
  await yieldToBrowser();
  // The Redux DevTools extension sees the store in development only, never a viewer's production site.
  const store = makeStore({ client, preloadedState: hydrate ? { session: initialSessionState } : undefined, devTools: import.meta.env.DEV });
  await yieldToBrowser();
  if (server) store.dispatch(hydrateApi(takenAsIs(hydrate ? server.api : sharedByEveryone(server.api))));
  const [i18n, routes] = await loading;
  // Dates and prices in the viewer's locale: after the take-over where the markup is the server's.
  followViewerLocale(i18n, document, navigator, { afterTakeOver: hydrate });
  await yieldToBrowser();
  const app = (
    <StrictMode>
      <SiteChannelProvider value={channel}>
        <ApiClientContext value={client}>
          <Provider store={store}>
            <I18nProvider i18n={i18n}>
              <App client={client} store={store} routes={routes} />
            </I18nProvider>
          </Provider>
        </ApiClientContext>
      </SiteChannelProvider>
    </StrictMode>
  );
  // Hydration as a transition: React then works through the page in slices, between which the
  // browser stays free for input, instead of one long task (the page is already on screen).
  if (hydrate) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

void start(root, channel);

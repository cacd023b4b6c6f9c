import { createApiClient, createMemoryStorage } from '@grandstand/api-client';
import { createFakeChannelApi } from '@grandstand/api-client/testing';
import type { FakeHandler } from '@grandstand/api-client/testing';
import type { User } from '@grandstand/contract';
import { createI18n, I18nProvider, registerFeatureResources } from '@grandstand/i18n';
import type { FeatureNamespace, i18n } from '@grandstand/i18n';
import { makeStore, startSession } from '@grandstand/store';
import type { AppStore } from '@grandstand/store';
import type { Decorator } from '@storybook/react-vite';
import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';

/** The session key a story logged in holds; the story's fake API accepts it. */
const STORY_SESSION_KEY = 'story-session';

export interface StoryProvidersOptions {
  /** The feature namespaces whose texts the stories show. */
  namespaces: FeatureNamespace[];
  /** The story parameter that holds the fake channel API's routes (e.g. `'commerceRoutes'`). */
  routesParameter: string;
  /** Fake API routes every story answers (e.g. GET /settings); a story's own routes win. */
  routes?: Record<string, FakeHandler>;
  /** Who is logged in when a story says nothing (`parameters.user`: a user, or `null` for a visitor). */
  user?: User;
  /** Fetch the visitor key before a visitor's story renders, as the site's startup does (spec §4). */
  visitorKey?: boolean;
  /** Where the story's router starts when the story has no `parameters.route`; `/` by default. */
  route?: string;
  /**
   * The feature's route objects: the story then shows them in a `MemoryRouter` at the route, as the
   * site's route table does (its own component is the route's view, with its lazy parts).
   */
  router?: RouteObject[];
  /**
   * Without `router`: show the story's own component (a part of a view) as the only route, matching
   * every path, for parts that read the route's params; otherwise the story renders as it is, with `beside`.
   */
  storyRoute?: boolean;
  /** Rendered beside the story inside the router, as the site's layout shows it (a popup host). */
  beside?: ReactNode;
}

export interface StoryProviders {
  /** A story loader: the store over the fake channel API and the i18n instance, made before the story renders. */
  loader: (context: { id: string; parameters: Record<string, unknown> }) => Promise<StoryLoaded>;
  /** Store, i18n and a router around the story (the channel theme comes from the Storybook preview's toolbar). */
  decorator: Decorator;
}

export interface StoryLoaded {
  store: AppStore;
  i18n: i18n;
}

/** The route objects at the router's location. */
function RoutesOf({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * The loader and decorator a feature's stories use: a real store over a fake channel API (only the
 * network is fake), the feature's texts and a router. Story parameters: the routes under
 * `routesParameter`, `user` (a `User`, or `null` for a visitor), `language` and `route`.
 *
 * @example
 * export const { loader: clipsLoader, decorator: withClipsProviders } = createStoryProviders({
 *   namespaces: [clipsNamespace],
 *   routesParameter: 'clipsRoutes',
 * });
 */
export function createStoryProviders(options: StoryProvidersOptions): StoryProviders {
  const loader = async (context: { id: string; parameters: Record<string, unknown> }): Promise<StoryLoaded> => {
    const routes = (context.parameters[options.routesParameter] ?? {}) as Record<string, FakeHandler>;
    const user = context.parameters.user === undefined ? options.user : (context.parameters.user as User | null);
    const client = createApiClient({
      baseUrl: '/api',
      channelKeyUrl: '/channel-key.json',
      storagePrefix: `grandstand:story:${context.id}:`,
      storage: createMemoryStorage(),
      fetch: createFakeChannelApi({ routes: { ...options.routes, ...routes }, acceptsApiKey: (key) => key === STORY_SESSION_KEY }).fetch,
    });
    const store = makeStore({ client });
    if (user) store.dispatch(startSession({ user, api_key: STORY_SESSION_KEY }));
    else if (options.visitorKey) await client.getApiKey();
    const instance = await createI18n({ language: (context.parameters.language as string | undefined) ?? 'en' });
    for (const namespace of options.namespaces) await registerFeatureResources(instance, namespace);
    return { store, i18n: instance };
  };

  const decorator: Decorator = (Story, context) => {
    const { store, i18n: instance } = context.loaded as StoryLoaded;
    const initialEntry = (context.parameters.route as string | undefined) ?? options.route ?? '/';
    const routes = options.router ?? (options.storyRoute ? [{ path: '*', element: <Story /> }] : null);
    return (
      <Provider store={store}>
        <I18nProvider i18n={instance}>
          <MemoryRouter initialEntries={[initialEntry]}>
            {routes ? (
              <Suspense fallback={null}>
                <RoutesOf routes={routes} />
              </Suspense>
            ) : (
              <>
                <Story />
                {options.beside}
              </>
            )}
          </MemoryRouter>
        </I18nProvider>
      </Provider>
    );
  };

  return { loader, decorator };
}
export { PopupHost } from './PopupHost.tsx';

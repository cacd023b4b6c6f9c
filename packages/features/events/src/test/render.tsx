import type { FakeHandler, FakeRequest } from '@grandstand/api-client/testing';
import type { Event } from '@grandstand/contract';
import { createI18n, I18nProvider, registerFeatureResources } from '@grandstand/i18n';
import { createTestStore, testColors, testSettings } from '@grandstand/store/testing';
import { ChannelThemeProvider, LinkProvider, type LinkComponentProps } from '@grandstand/ui';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, Link, Outlet, RouterProvider, useLocation } from 'react-router';
import type { RouteObject } from 'react-router';
import { eventsNamespace } from '../namespace.ts';
import { eventsRoutes } from '../routes.ts';
import { watchNamespace } from '../watch/namespace.ts';
import { embedRoutes, watchRoutes } from '../watch/routes.ts';
import { categories, groups, properties, slides, teams } from './fixtures.ts';

/** Links navigate in the test's router, as the site's do (the site gives its router link to LinkProvider). */
const RouterLink = ({ href, ...rest }: LinkComponentProps) => <Link to={href} {...rest} />;

/** A `/events` handler answering from a list, as the server pages it (offset, limit, total). */
export function eventsFrom(byStatus: Partial<Record<string, Event[]>>): FakeHandler {
  return (request: FakeRequest) => {
    const all = byStatus[request.query.stream_status ?? ''] ?? [];
    const offset = Number(request.query.offset ?? 0);
    const limit = Number(request.query.limit ?? 24);
    return { json: { data: all.slice(offset, offset + limit), meta: { total: all.length, offset, limit } } };
  };
}

/** The channel calls every view makes, answered with the fixtures; tests add or replace routes. */
export function channelRoutes(routes: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  return {
    'GET /settings': () => ({ json: { data: testSettings() } }),
    'GET /participants': () => ({ json: { data: teams } }),
    'GET /participant-groups': () => ({ json: { data: groups } }),
    'GET /events-categories': () => ({ json: { data: categories } }),
    'GET /participant-group-properties': () => ({ json: { data: properties } }),
    'GET /slides/web': () => ({ json: { data: slides } }),
    'GET /events-for-homepage': () => ({ json: { data: [] } }),
    'GET /events': eventsFrom({}),
    ...routes,
  };
}

function Probe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderRouteOptions {
  routes?: Record<string, FakeHandler>;
  language?: string;
  /** Routes of the site's that a test needs beside the feature's (e.g. a channel page). */
  extraRoutes?: RouteObject[];
  /** Mount the real watch and embed pages (and a /404) instead of a stand-in watch page. */
  watch?: boolean;
}

/**
 * style.md §7: the feature's real routes in a memory router, with a real store and transport over a
 * fake channel API (the network is the one outside boundary), the channel theme and i18n.
 */
export async function renderRoute(path: string, options: RenderRouteOptions = {}) {
  const { api: server, store } = createTestStore({ routes: channelRoutes(options.routes) });
  const i18n = await createI18n({ language: options.language ?? 'en' });
  await registerFeatureResources(i18n, eventsNamespace);
  await registerFeatureResources(i18n, watchNamespace);
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <Probe />
          </>
        ),
        children: [
          ...eventsRoutes,
          ...(options.watch
            ? [...watchRoutes, ...embedRoutes, { path: '404', element: <h1>Not found</h1> }]
            : [{ path: 'watch/:id', element: <p>Watch page</p> }]),
          ...(options.extraRoutes ?? []),
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <ChannelThemeProvider colors={testColors}>
          <LinkProvider component={RouterLink}>
            <RouterProvider router={router} />
          </LinkProvider>
        </ChannelThemeProvider>
      </I18nProvider>
    </Provider>,
  );
  /** The /events requests made so far, as their query. */
  const eventCalls = () => server.calls.filter((call) => call.path === '/api/events').map((call) => call.query);
  return { ...result, router, store, i18n, server, eventCalls };
}

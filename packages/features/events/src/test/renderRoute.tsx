import type { FakeHandler } from '@grandstand/api-client/testing';
import type { User } from '@grandstand/contract';
import { renderWithProviders } from '@grandstand/test-kit';
import { Outlet, useLocation } from 'react-router';
import type { RouteObject } from 'react-router';
import { eventsNamespace } from '../namespace.ts';
import { eventsRoutes } from '../routes.ts';
import { watchNamespace } from '../watch/namespace.ts';
import { embedRoutes, watchRoutes } from '../watch/routes.ts';
import { channelRoutes } from './fixtures.ts';
import { WithTestFollow } from './follow.tsx';

/** The location on the page, for tests that read where a filter or a page link led. */
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
  /** The site gives the views a follow control (`TestFollow`), as a site with favourites does. */
  follow?: boolean;
  /** Start logged in as this user. */
  user?: User;
}

/** The feature's real routes at `path`, the channel calls answered with the fixtures (`channelRoutes`). */
export async function renderRoute(path: string, options: RenderRouteOptions = {}) {
  const watch = options.watch ? [...watchRoutes, ...embedRoutes, { path: '404', element: <h1>Not found</h1> }] : [{ path: 'watch/:id', element: <p>Watch page</p> }];
  const layout: RouteObject = { element: <><Outlet /><Probe /></>, children: [...eventsRoutes, ...watch, ...(options.extraRoutes ?? [])] };
  const rendered = await renderWithProviders([layout], {
    route: path,
    routes: channelRoutes(options.routes),
    namespaces: [eventsNamespace, watchNamespace],
    ...(options.language ? { language: options.language } : {}),
    ...(options.user ? { user: options.user } : {}),
    ...(options.follow ? { wrapper: WithTestFollow } : {}),
  });
  /** The /events requests made so far, as their query. */
  const eventCalls = () => rendered.api.calls.filter((call) => call.path === '/api/events').map((call) => call.query);
  /** The /events/favorite requests made so far, as their query. */
  const favoriteCalls = () => rendered.api.calls.filter((call) => call.path === '/api/events/favorite').map((call) => call.query);
  return { ...rendered, server: rendered.api, eventCalls, favoriteCalls };
}

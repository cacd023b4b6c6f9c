import { createStoryProviders } from '@grandstand/test-kit/storybook';
import type { StoryProvidersOptions } from '@grandstand/test-kit/storybook';
import { commerceNamespace } from '../namespace.ts';
import { commerceRoutes } from '../routes.tsx';
import { settings } from './fixtures.ts';

/** `parameters.commerceRoutes` answers the calls, `parameters.user` logs in (a visitor fetches the key first). */
const commerce: StoryProvidersOptions = {
  namespaces: [commerceNamespace],
  routesParameter: 'commerceRoutes',
  routes: { 'GET /settings': () => ({ json: { data: settings } }) },
  visitorKey: true,
};

/** A view's stories: the commerce routes at `parameters.route` (the story's component is the route's view). */
export const { loader: commerceLoader, decorator: withCommerceProviders } = createStoryProviders({
  ...commerce,
  route: '/packages',
  router: [{ path: '/', children: [{ index: true, element: null }, ...commerceRoutes] }],
});

/** A part of a view: the story's own component as a route at /buy, so its in-site links work. */
export const { decorator: withCommerceStore } = createStoryProviders({ ...commerce, route: '/buy', storyRoute: true });

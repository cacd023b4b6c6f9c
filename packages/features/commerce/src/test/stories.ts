import { createStoryProviders } from '@grandstand/test-kit/storybook';
import { commerceNamespace } from '../namespace.ts';
import { commerceRoutes } from '../routes.tsx';
import { settings } from './fixtures.ts';

/**
 * The commerce stories' providers: the commerce routes at `parameters.route` (the story's component
 * is the route's view), `parameters.commerceRoutes` answering the calls, `parameters.user` logged in.
 */
export const { loader: commerceLoader, decorator: withCommerceProviders } = createStoryProviders({
  namespaces: [commerceNamespace],
  routesParameter: 'commerceRoutes',
  routes: { 'GET /settings': () => ({ json: { data: settings } }) },
  visitorKey: true,
  route: '/packages',
  router: [{ path: '/', children: [{ index: true, element: null }, ...commerceRoutes] }],
});

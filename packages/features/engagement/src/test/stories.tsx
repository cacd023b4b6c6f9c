import { createStoryProviders } from '@grandstand/test-kit/storybook';
import { engagementNamespace } from '../namespace.ts';
import { engagementSectionRoutes } from './renderEngagement.tsx';

/** The engagement pages' stories; `parameters.engagementRoutes` answers the calls, `parameters.route` opens a page. */
export const { loader: engagementLoader, decorator: withEngagementProviders } = createStoryProviders({
  namespaces: [engagementNamespace],
  routesParameter: 'engagementRoutes',
  route: '/polls',
  router: engagementSectionRoutes,
});

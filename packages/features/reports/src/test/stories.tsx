import { createStoryProviders } from '@grandstand/test-kit/storybook';
import { reportsNamespace } from '../namespace.ts';
import { testOperator } from './fixtures.ts';
import { reportsSectionRoutes } from './renderReports.tsx';

/** The reports' stories, for Northfield's owner; `parameters.reportsRoutes` answers the calls, `parameters.route` opens a page. */
export const { loader: reportsLoader, decorator: withReportsProviders } = createStoryProviders({
  namespaces: [reportsNamespace],
  routesParameter: 'reportsRoutes',
  route: '/reports',
  router: reportsSectionRoutes(testOperator()),
});

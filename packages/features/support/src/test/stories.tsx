import { createStoryProviders } from '@grandstand/test-kit/storybook';
import { supportNamespace } from '../namespace.ts';
import { supportSectionRoutes } from './renderSupport.tsx';

/** The support pages' stories; `parameters.supportRoutes` answers the calls, `parameters.route` opens a page. */
export const { loader: supportLoader, decorator: withSupportProviders } = createStoryProviders({
  namespaces: [supportNamespace],
  routesParameter: 'supportRoutes',
  route: '/orders',
  router: supportSectionRoutes(),
});

import { createStoryProviders } from '@grandstand/test-kit/storybook';
import { offersNamespace } from '../namespace.ts';
import { offersSectionRoutes } from './renderOffers.tsx';

/** The offers pages' stories; `parameters.offersRoutes` answers the calls, `parameters.route` opens a page. */
export const { loader: offersLoader, decorator: withOffersProviders } = createStoryProviders({
  namespaces: [offersNamespace],
  routesParameter: 'offersRoutes',
  route: '/offers',
  router: offersSectionRoutes(),
});

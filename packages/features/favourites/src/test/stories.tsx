import { createStoryProviders } from '@grandstand/test-kit/storybook';
import { favouritesNamespace } from '../namespace.ts';
import { favouritesProfileNamespace } from '../profile/namespace.ts';
import { viewer } from './fixtures.ts';
import { SiteHosts } from './SiteHosts.tsx';

/** The favourites stories' providers: the demo viewer, with the popups and toasts; `parameters.favouritesRoutes` answers the calls. */
export const { loader: favouritesLoader, decorator: withFavouritesProviders } = createStoryProviders({
  namespaces: [favouritesNamespace, favouritesProfileNamespace],
  routesParameter: 'favouritesRoutes',
  user: viewer,
  route: '/profile/favourites',
  beside: <SiteHosts />,
});

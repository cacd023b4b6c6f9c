import { testSettings } from '@grandstand/test-kit/fixtures';
import { createStoryProviders, PopupHost } from '@grandstand/test-kit/storybook';
import { profileNamespace } from '../namespace.ts';
import { viewer } from './fixtures.ts';

/** The profile stories' providers: the demo viewer at /profile with the popups; `parameters.profileRoutes` answers the calls. */
export const { loader: profileLoader, decorator: withProfileProviders } = createStoryProviders({
  namespaces: [profileNamespace],
  routesParameter: 'profileRoutes',
  routes: { 'GET /settings': () => ({ json: { data: testSettings() } }) },
  user: viewer,
  route: '/profile',
  beside: <PopupHost />,
});

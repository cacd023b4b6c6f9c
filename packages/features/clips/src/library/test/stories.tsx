import { testSettings } from '@grandstand/test-kit/fixtures';
import { createStoryProviders, PopupHost } from '@grandstand/test-kit/storybook';
import { clipsLibraryNamespace } from '../namespace.ts';
import { clipOptions, viewer } from './fixtures.ts';

/** The library stories' providers: the demo viewer with the popups; `parameters.clipsLibraryRoutes` answers the calls. */
export const { loader: clipsLibraryLoader, decorator: withClipsLibraryProviders } = createStoryProviders({
  namespaces: [clipsLibraryNamespace],
  routesParameter: 'clipsLibraryRoutes',
  routes: {
    'GET /settings': () => ({ json: { data: testSettings() } }),
    'GET /clips/options': () => ({ json: { data: clipOptions() } }),
  },
  user: viewer,
  route: '/profile/clips',
  beside: <PopupHost />,
});

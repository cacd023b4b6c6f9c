import { createStoryProviders } from '@grandstand/test-kit/storybook';
import { libraryNamespace } from '../namespace.ts';
import { librarySectionRoutes } from './renderLibrary.tsx';

/** The library pages' stories; `parameters.libraryRoutes` answers the calls, `parameters.route` opens a page. */
export const { loader: libraryLoader, decorator: withLibraryProviders } = createStoryProviders({
  namespaces: [libraryNamespace],
  routesParameter: 'libraryRoutes',
  route: '/library',
  router: librarySectionRoutes(),
});

import { createStoryProviders } from '@grandstand/test-kit/storybook';
import { contentNamespace } from '../namespace.ts';

/** The content stories' providers: `parameters.contentRoutes` answers the calls. */
export const { loader: contentLoader, decorator: withContentProviders } = createStoryProviders({
  namespaces: [contentNamespace],
  routesParameter: 'contentRoutes',
});

import { createStoryProviders } from '@grandstand/test-kit/storybook';
import { testUser } from '@grandstand/test-kit/fixtures';
import { clipsWatchNamespace } from '../namespace.ts';
import { clipOptions } from './fixtures.ts';

/**
 * The Clip control's stories: `parameters.clipsWatchRoutes` answer the clip calls (GET /clips/options
 * says "can clip" unless a story says otherwise), `parameters.user` logs in (`null`: a visitor).
 */
export const { loader: clipsWatchLoader, decorator: withClipsWatchProviders } = createStoryProviders({
  namespaces: [clipsWatchNamespace],
  routesParameter: 'clipsWatchRoutes',
  routes: { 'GET /clips/options': () => ({ json: { data: clipOptions() } }) },
  user: testUser(),
  visitorKey: true,
  route: '/watch/7',
  storyRoute: true,
});

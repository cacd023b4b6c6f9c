import { createStoryProviders } from '@grandstand/test-kit/storybook';
import { authNamespace } from '../namespace.ts';

/** The auth stories' providers: `parameters.authRoutes` answers the calls, `parameters.user` logs in. */
export const { loader: authLoader, decorator: withAuthProviders } = createStoryProviders({
  namespaces: [authNamespace],
  routesParameter: 'authRoutes',
  visitorKey: true,
});

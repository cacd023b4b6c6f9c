import { createStoryProviders } from '@grandstand/test-kit/storybook';
import { channelsNamespace } from '../namespace.ts';
import { platformOwner } from './fixtures.ts';
import { channelsSectionRoutes } from './renderChannels.tsx';

/** The channel pages' stories, for the platform owner (an owner of the default channel); `parameters.channelsRoutes` answers the calls, `parameters.route` opens a page. */
export const { loader: channelsLoader, decorator: withChannelsProviders } = createStoryProviders({
  namespaces: [channelsNamespace],
  routesParameter: 'channelsRoutes',
  route: '/look',
  router: channelsSectionRoutes(platformOwner),
});

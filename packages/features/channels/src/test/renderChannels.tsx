import type { ConsoleOperator } from '@grandstand/contract';
import { renderWithProviders } from '@grandstand/test-kit';
import type { RenderWithProvidersOptions } from '@grandstand/test-kit';
import type { RouteObject } from 'react-router';
import { channelsNamespace } from '../namespace.ts';
import { ChannelsOperatorProvider } from '../operator.tsx';
import { channelsSections } from '../routes.tsx';
import { testOperator } from './fixtures.ts';

export interface RenderChannelsOptions extends Pick<RenderWithProvidersOptions, 'routes' | 'route' | 'language'> {
  /** The signed-in operator; Northfield's owner by default. */
  operator?: ConsoleOperator;
}

/** The feature's sections as the console mounts them (`/channels`, `/look`, `/domains`), each with the operator around it. */
export function channelsSectionRoutes(operator: ConsoleOperator): RouteObject[] {
  return channelsSections.map(({ path, element }) => ({
    path,
    element: (
      <ChannelsOperatorProvider role={operator.role} operator={operator}>
        {element}
      </ChannelsOperatorProvider>
    ),
  }));
}

/** The channel pages with the test kit's providers, at `route` (`/look` by default). */
export function renderChannels({ operator = testOperator(), route = '/look', ...options }: RenderChannelsOptions = {}) {
  return renderWithProviders(channelsSectionRoutes(operator), { ...options, route, namespaces: [channelsNamespace] });
}

import type { Decorator } from '@storybook/react-vite';
import { createStoryProviders } from '@grandstand/test-kit/storybook';
import { consoleNamespace } from '../namespace.ts';
import { createConsoleRoutes } from '../routes.tsx';
import { ConsoleChannelContext } from '../shared/operator.tsx';
import { sessionOf, testOperator } from './fixtures.ts';

/**
 * The console's stories: its routes as apps/console mounts them, signed in as the demo owner unless
 * a story's `parameters.consoleRoutes` says otherwise; `parameters.route` opens a page.
 */
export const { loader: consoleLoader, decorator: withConsoleProviders } = createStoryProviders({
  namespaces: [consoleNamespace],
  routesParameter: 'consoleRoutes',
  routes: { 'GET /console/session': sessionOf(testOperator()) },
  visitorKey: true,
  router: createConsoleRoutes(),
});

/** The host's channel, as the app reads it from its page (the pages before sign-in name it). */
export const withConsoleChannel: Decorator = (Story) => (
  <ConsoleChannelContext value={{ slug: 'northfield', name: 'Northfield Sports' }}>
    <Story />
  </ConsoleChannelContext>
);

import { createStoryProviders } from '@grandstand/test-kit/storybook';
import { scheduleNamespace } from '../namespace.ts';
import { scheduleSectionRoutes } from './renderSchedule.tsx';

/** The schedule's stories: its routes under `/events` for a producer; `parameters.scheduleRoutes` answers the calls, `parameters.route` opens a page. */
export const { loader: scheduleLoader, decorator: withScheduleProviders } = createStoryProviders({
  namespaces: [scheduleNamespace],
  routesParameter: 'scheduleRoutes',
  route: '/events',
  router: scheduleSectionRoutes('producer'),
});

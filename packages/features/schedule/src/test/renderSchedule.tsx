import type { OperatorRole } from '@grandstand/contract';
import { renderWithProviders } from '@grandstand/test-kit';
import type { RenderWithProvidersOptions } from '@grandstand/test-kit';
import { Outlet } from 'react-router';
import type { RouteObject } from 'react-router';
import { scheduleNamespace } from '../namespace.ts';
import { scheduleRoutes, ScheduleRoleProvider } from '../routes.tsx';

export interface RenderScheduleOptions extends Pick<RenderWithProvidersOptions, 'routes' | 'route' | 'language'> {
  /** The signed-in operator's role; a producer by default. */
  role?: OperatorRole;
}

/** The schedule's section as the console mounts it: its routes under `/events`, with the operator's role around them. */
export function scheduleSectionRoutes(role: OperatorRole): RouteObject[] {
  return [
    {
      path: 'events',
      element: (
        <ScheduleRoleProvider role={role}>
          <Outlet />
        </ScheduleRoleProvider>
      ),
      children: scheduleRoutes,
    },
  ];
}

/** The schedule's pages with the test kit's providers, at `route` (`/events` by default). */
export function renderSchedule({ role = 'producer', route = '/events', ...options }: RenderScheduleOptions = {}) {
  return renderWithProviders(scheduleSectionRoutes(role), { ...options, route, namespaces: [scheduleNamespace] });
}

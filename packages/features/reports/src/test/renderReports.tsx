import type { ConsoleOperator } from '@grandstand/contract';
import { renderWithProviders } from '@grandstand/test-kit';
import type { RenderWithProvidersOptions } from '@grandstand/test-kit';
import { Outlet, type RouteObject } from 'react-router';
import { reportsNamespace } from '../namespace.ts';
import { ReportsOperatorProvider } from '../operator.tsx';
import { reportsSection } from '../routes.tsx';
import { testOperator } from './fixtures.ts';

export interface RenderReportsOptions extends Pick<RenderWithProvidersOptions, 'routes' | 'route' | 'language'> {
  /** The signed-in operator; Northfield's owner by default. */
  operator?: ConsoleOperator;
}

/** The section as the console mounts it (`/reports`, `/reports/statement`), with the operator around it. */
export function reportsSectionRoutes(operator: ConsoleOperator): RouteObject[] {
  return [
    {
      path: reportsSection.path,
      element: (
        <ReportsOperatorProvider role={operator.role} operator={operator}>
          <Outlet />
        </ReportsOperatorProvider>
      ),
      children: reportsSection.children,
    },
  ];
}

/** The reports with the test kit's providers, at `route` (`/reports` by default). */
export function renderReports({ operator = testOperator(), route = '/reports', ...options }: RenderReportsOptions = {}) {
  return renderWithProviders(reportsSectionRoutes(operator), { ...options, route, namespaces: [reportsNamespace] });
}

import { renderWithProviders } from '@grandstand/test-kit';
import type { RenderWithProvidersOptions } from '@grandstand/test-kit';
import type { RouteObject } from 'react-router';
import { engagementNamespace } from '../namespace.ts';
import { engagementSections } from '../routes.tsx';

/** The feature's sections as the console mounts them (`/polls`, `/popups`). */
export const engagementSectionRoutes: RouteObject[] = engagementSections.map(({ path, element }) => ({ path, element }));

/** The engagement pages with the test kit's providers, at `route` (`/polls` by default). */
export function renderEngagement({ route = '/polls', ...options }: Pick<RenderWithProvidersOptions, 'routes' | 'route' | 'language'> = {}) {
  return renderWithProviders(engagementSectionRoutes, { ...options, route, namespaces: [engagementNamespace] });
}

import { renderWithProviders } from '@grandstand/test-kit';
import type { RenderWithProvidersOptions } from '@grandstand/test-kit';
import type { RouteObject } from 'react-router';
import { supportNamespace } from '../namespace.ts';
import { supportSections } from '../routes.tsx';

/** The feature's sections as the console mounts them (`/orders`, `/viewers`). */
export function supportSectionRoutes(): RouteObject[] {
  return supportSections.map(({ path, element }) => ({ path, element }));
}

/** The support pages with the test kit's providers, at `route` (`/orders` by default). */
export function renderSupport({ route = '/orders', ...options }: Pick<RenderWithProvidersOptions, 'routes' | 'route' | 'language'> = {}) {
  return renderWithProviders(supportSectionRoutes(), { ...options, route, namespaces: [supportNamespace] });
}

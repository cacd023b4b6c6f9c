import { renderWithProviders } from '@grandstand/test-kit';
import type { RenderWithProvidersOptions } from '@grandstand/test-kit';
import type { RouteObject } from 'react-router';
import { offersNamespace } from '../namespace.ts';
import { offersSections } from '../routes.tsx';

/** The feature's sections as the console mounts them (`/offers`, `/promo-codes`). */
export function offersSectionRoutes(): RouteObject[] {
  return offersSections.map(({ path, element }) => ({ path, element }));
}

/** The offers pages with the test kit's providers, at `route` (`/offers` by default). */
export function renderOffers({ route = '/offers', ...options }: Pick<RenderWithProvidersOptions, 'routes' | 'route' | 'language'> = {}) {
  return renderWithProviders(offersSectionRoutes(), { ...options, route, namespaces: [offersNamespace] });
}

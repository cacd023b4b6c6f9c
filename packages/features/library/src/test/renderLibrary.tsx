import type { ConsoleOperator } from '@grandstand/contract';
import { renderWithProviders } from '@grandstand/test-kit';
import type { RenderWithProvidersOptions } from '@grandstand/test-kit';
import type { RouteObject } from 'react-router';
import { libraryNamespace } from '../namespace.ts';
import { librarySections } from '../routes.tsx';
import { testOperator } from './fixtures.ts';

export interface RenderLibraryOptions extends Pick<RenderWithProvidersOptions, 'routes' | 'route' | 'language'> {
  operator?: ConsoleOperator;
}

/** The feature's sections as the console mounts them (`/library`, `/prerolls`). */
export function librarySectionRoutes(): RouteObject[] {
  return librarySections.map(({ path, element }) => ({ path, element }));
}

/** The library pages with the test kit's providers, at `route` (`/library` by default). */
export function renderLibrary({ route = '/library', ...options }: RenderLibraryOptions = {}) {
  return renderWithProviders(librarySectionRoutes(), { ...options, route, namespaces: [libraryNamespace] });
}

export { testOperator };

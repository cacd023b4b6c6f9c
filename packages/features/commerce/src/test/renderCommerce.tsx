import type { User } from '@grandstand/contract';
import { renderWithProviders } from '@grandstand/test-kit';
import type { RenderWithProvidersOptions } from '@grandstand/test-kit';
import { commerceNamespace } from '../namespace.ts';
import { commerceRoutes } from '../routes.tsx';
import { settings } from './fixtures.ts';

export interface RenderCommerceOptions extends Pick<RenderWithProvidersOptions, 'routes' | 'route' | 'language'> {
  /** Start logged in as this user. */
  user?: User;
}

/**
 * The commerce routes as the site mounts them, beside home, watch, profile and the login pages, for
 * the sandbox-paying demo channel (GET /settings has a default); the visitor key is fetched first.
 */
export function renderCommerce({ routes, ...options }: RenderCommerceOptions = {}) {
  return renderWithProviders(commerceRoutes, {
    ...options,
    routes: { 'GET /settings': () => ({ json: { data: settings } }), ...routes },
    namespaces: [commerceNamespace],
    visitorKey: true,
    pages: { '/': 'Home', 'watch/:id': 'Watch', profile: 'Profile', login: 'Login' },
  });
}

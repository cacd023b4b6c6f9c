import type { User } from '@grandstand/contract';
import { renderWithProviders } from '@grandstand/test-kit';
import type { RenderWithProvidersOptions } from '@grandstand/test-kit';
import { authNamespace } from '../namespace.ts';
import { createAuthRoutes } from '../routes.tsx';
import type { AuthRoutesOptions } from '../routes.tsx';

export interface RenderAuthOptions extends Pick<RenderWithProvidersOptions, 'routes' | 'route' | 'language' | 'lastVisited'> {
  /** Start logged in as this user, with this session key. */
  session?: { user: User; api_key: string };
  /** Options of the auth routes, as the site passes them (profile children and their links). */
  authRoutes?: AuthRoutesOptions;
}

/** The auth routes as the site mounts them, beside a home and a watch page; the visitor key is fetched first (spec §4). */
export function renderAuth({ session, authRoutes, ...options }: RenderAuthOptions = {}) {
  return renderWithProviders(createAuthRoutes(authRoutes), {
    ...options,
    ...(session ? { user: session.user, sessionKey: session.api_key } : {}),
    namespaces: [authNamespace],
    visitorKey: true,
    pages: { '/': 'Home', 'watch/:id': 'Watch' },
  });
}

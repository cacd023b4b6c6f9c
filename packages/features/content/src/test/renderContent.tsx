import { renderWithProviders } from '@grandstand/test-kit';
import type { RenderWithProvidersOptions } from '@grandstand/test-kit';
import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { contentNamespace } from '../namespace.ts';

type RenderContentOptions = Pick<RenderWithProvidersOptions, 'routes' | 'route' | 'language'>;

/** A content view with the test kit's providers and the `content` texts. */
export const renderContent = (ui: ReactElement, options: RenderContentOptions = {}) => renderWithProviders(ui, { ...options, namespaces: [contentNamespace] });

/** Content route objects in a router, as the site mounts them, so their lazy views load for real. */
export const renderContentRoutes = (routes: RouteObject[], options: RenderContentOptions = {}) =>
  renderWithProviders(routes, { ...options, namespaces: [contentNamespace] });

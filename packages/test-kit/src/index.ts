/**
 * Test support for the site's packages (never imported by runtime code): render a view with every
 * provider over the fake channel API. The fixtures are `@grandstand/test-kit/fixtures`, the story
 * providers `@grandstand/test-kit/storybook`.
 */
export { dataLayerEvents, renderThemed, renderWithProviders } from './renderWithProviders.tsx';
export type { RenderedRoutes, RenderedWithProviders, RenderWithProvidersOptions } from './renderWithProviders.tsx';
export { PopupHost } from './PopupHost.tsx';
export { recordDatalake } from './analytics.ts';

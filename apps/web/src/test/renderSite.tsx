import type { ApiClient } from '@grandstand/api-client';
import { renderWithProviders } from '@grandstand/test-kit';
import type { RenderWithProvidersOptions } from '@grandstand/test-kit';
import type { ReactElement, ReactNode } from 'react';
import { SiteChannelProvider } from '../channel.ts';
import { ApiClientContext } from '../shell/services.tsx';
import channel from './channel.ts';

const SiteServices = ({ client, children }: { client: ApiClient; children: ReactNode }) => (
  <SiteChannelProvider value={channel}>
    <ApiClientContext value={client}>{children}</ApiClientContext>
  </SiteChannelProvider>
);

/** A piece of the shell with the test kit's providers, the site's services and the page's channel. */
export function renderSite(ui: ReactElement, options: RenderWithProvidersOptions = {}) {
  return renderWithProviders(ui, { colors: channel.fallbackColors, wrapper: SiteServices, ...options });
}

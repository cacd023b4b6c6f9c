import { createApiClient, createMemoryStorage } from '@grandstand/api-client';
import type { ApiClient } from '@grandstand/api-client';
import { createI18n, I18nProvider } from '@grandstand/i18n';
import { makeStore } from '@grandstand/store';
import type { AppStore, RootState } from '@grandstand/store';
import { ChannelThemeProvider, LinkProvider } from '@grandstand/ui';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import channel from './channel.ts';
import { RouterLink } from '../navigation/RouterLink.tsx';
import { ApiClientContext } from '../shell/services.tsx';

export interface RenderOptions {
  client?: ApiClient;
  /** Only the network is faked (the outside boundary); the transport and store are real. */
  fetch?: typeof fetch;
  preloadedState?: Partial<RootState>;
  route?: string;
  language?: string;
}

/** style.md §7: one helper that wraps store, theme, i18n and router. */
export async function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const client =
    options.client ??
    createApiClient({
      baseUrl: '/api',
      channelKeyUrl: '/channel-key.json',
      storagePrefix: 'grandstand:test:',
      storage: createMemoryStorage(),
      fetch: options.fetch ?? (() => Promise.reject(new TypeError('no network in this test'))),
    });
  const store: AppStore = makeStore({ client, preloadedState: options.preloadedState });
  const i18n = await createI18n({ language: options.language ?? 'en' });
  // A wrapper (not inline providers) so `rerender` keeps them.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiClientContext value={client}>
      <Provider store={store}>
        <I18nProvider i18n={i18n}>
          <ChannelThemeProvider colors={channel.fallbackColors}>
            <LinkProvider component={RouterLink}>
              <MemoryRouter initialEntries={[options.route ?? '/']}>{children}</MemoryRouter>
            </LinkProvider>
          </ChannelThemeProvider>
        </I18nProvider>
      </Provider>
    </ApiClientContext>
  );
  const result = render(ui, { wrapper });
  return { ...result, store, client, i18n };
}

// @vitest-environment node
import { createI18n, I18nProvider, registerFeatureResources } from '@grandstand/i18n';
import { createTestStore, testColors } from '@grandstand/test-kit/fixtures';
import { ChannelThemeProvider } from '@grandstand/ui';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { ServerStyleSheet } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { vodNamespace } from '../namespace.ts';
import { HeaderSearch } from './HeaderSearch.tsx';

describe('the header search on the server', () => {
  it('renders the box in the first screen as a plain search form, with no call and no inline style', async () => {
    const { store, api } = createTestStore();
    const i18n = await createI18n({ language: 'en' });
    await registerFeatureResources(i18n, vodNamespace);
    const sheet = new ServerStyleSheet();
    let html: string;
    try {
      html = renderToString(
        sheet.collectStyles(
          <Provider store={store}>
            <I18nProvider i18n={i18n}>
              <ChannelThemeProvider colors={testColors}>
                <MemoryRouter>
                  <HeaderSearch />
                </MemoryRouter>
              </ChannelThemeProvider>
            </I18nProvider>
          </Provider>,
        ),
      );
    } finally {
      sheet.seal();
    }
    expect(html).toContain('role="search"');
    expect(html).toContain('action="/search"');
    expect(html).toContain('name="q"');
    expect(html).toContain('aria-expanded="false"');
    // The site's policy has style-src-attr 'none'.
    expect(html).not.toContain('style=');
    expect(api.calls).toHaveLength(0);
  });
});

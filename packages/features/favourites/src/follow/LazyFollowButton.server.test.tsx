// @vitest-environment node
import { createI18n, I18nProvider, registerFeatureResources } from '@grandstand/i18n';
import { createTestStore, testColors } from '@grandstand/test-kit/fixtures';
import { ChannelThemeProvider } from '@grandstand/ui';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { ServerStyleSheet } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { favouritesNamespace } from '../namespace.ts';
import { FavouritesEffects } from './FavouritesEffects.tsx';
import { LazyFollowButton } from './LazyFollowButton.tsx';

/** The first screen as the site's server renders it for a visitor: store, texts, theme and router. */
async function serverRender(children: ReactNode) {
  const { store, api } = createTestStore();
  const i18n = await createI18n({ language: 'en' });
  await registerFeatureResources(i18n, favouritesNamespace);
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <Provider store={store}>
          <I18nProvider i18n={i18n}>
            <ChannelThemeProvider colors={testColors}>
              <MemoryRouter>{children}</MemoryRouter>
            </ChannelThemeProvider>
          </I18nProvider>
        </Provider>,
      ),
    );
    return { html, api };
  } finally {
    sheet.seal();
  }
}

describe('the follow star on the server', () => {
  it('renders a visitor’s star in the first screen, with no favourites call and no inline style', async () => {
    const { html, api } = await serverRender(
      <>
        <LazyFollowButton kind="participant" id={21} name="Riverside Lions" size="sm" />
        <FavouritesEffects />
      </>,
    );
    expect(html).toContain('aria-pressed="false"');
    expect(html).toContain('Follow Riverside Lions');
    // The site's policy has style-src-attr 'none'.
    expect(html).not.toContain('style=');
    expect(api.calls).toEqual([]);
  });
});

// @vitest-environment node
import type { User } from '@grandstand/contract';
import { createI18n, I18nProvider, registerFeatureResources } from '@grandstand/i18n';
import { baseApi } from '@grandstand/store';
import { createTestStore, testColors, testUser } from '@grandstand/test-kit/fixtures';
import { ChannelThemeProvider } from '@grandstand/ui';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { ServerStyleSheet } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { EventsExtensionsProvider } from '../extensions.tsx';
import { eventsNamespace } from '../namespace.ts';
import { channelRoutes, event, eventsFrom, matchup } from '../test/fixtures.ts';
import { TestFollow } from '../test/follow.tsx';
import { EventsListing } from './EventsListing.tsx';
import { HomeView } from './HomeView.tsx';

/**
 * The first screen comes in the HTML (architecture): a visitor's page rendered in Node as the
 * server does, one pass to start its queries and one with their answers.
 */
async function renderOnServer(path: string, element: ReactElement, { follow = false, user }: { follow?: boolean; user?: User } = {}) {
  const { store, api } = createTestStore({
    ...(user ? { user } : {}),
    routes: channelRoutes({
      'GET /events': eventsFrom({ upcoming: [matchup], live: [], finished: [event({ id: 4, name: 'Winter Classic', stream_status: 'finished' })] }),
      'GET /events/favorite': eventsFrom({ upcoming: [event({ id: 9, name: 'Eagles next week' })] }),
    }),
  });
  const i18n = await createI18n({ language: 'en' });
  await registerFeatureResources(i18n, eventsNamespace);
  const page = () => {
    const tree = (
      <Provider store={store}>
        <I18nProvider i18n={i18n}>
          <ChannelThemeProvider colors={testColors}>
            <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
          </ChannelThemeProvider>
        </I18nProvider>
      </Provider>
    );
    return follow ? <EventsExtensionsProvider value={{ Follow: TestFollow }}>{tree}</EventsExtensionsProvider> : tree;
  };
  const sheet = new ServerStyleSheet();
  try {
    renderToString(sheet.collectStyles(page()));
    await Promise.all(store.dispatch(baseApi.util.getRunningQueriesThunk()));
    const html = renderToString(sheet.collectStyles(page()));
    return { html, favoriteCalls: api.calls.filter((call) => call.path === '/api/events/favorite') };
  } finally {
    sheet.seal();
  }
}

describe('the events views rendered on the server for a visitor', () => {
  it('renders the home with no "My teams" and no favourite events asked for', async () => {
    const { html, favoriteCalls } = await renderOnServer('/', <HomeView />);
    expect(html).toContain('Northfield Sports');
    expect(html).toContain('Highlights');
    expect(html).not.toContain('My teams');
    expect(favoriteCalls).toEqual([]);
    expect(html).not.toContain('style=');
  });

  it('would hold the rail’s place for a logged-in viewer (whom the site renders in the browser alone)', async () => {
    const { html } = await renderOnServer('/', <HomeView />, { user: testUser() });
    expect(html).toContain('My teams');
    expect(html).toContain('aria-busy="true"');
  });

  it('renders the follow controls a site gives in the HTML, beside the school’s name', async () => {
    const { html } = await renderOnServer('/?school=northfield-high', <HomeView />, { follow: true });
    expect(html).toContain('<h1>Northfield High</h1><button type="button" aria-pressed="false" data-follow="group:1"');
    expect(html).toContain('Follow Northfield Hawks');
    expect(html).not.toContain('style=');
  });

  it('renders a "My teams" link of a listing as the whole listing, with no switch', async () => {
    const { html, favoriteCalls } = await renderOnServer('/vod?mine=1', <EventsListing kind="vod" />);
    expect(html).toContain('Winter Classic');
    expect(html).not.toContain('My teams');
    expect(favoriteCalls).toEqual([]);
  });
});

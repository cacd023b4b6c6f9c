import type { ViewerPopup } from '@grandstand/contract';
import { favouritesNamespace } from '@grandstand/favourites';
import { testSettings, testUser } from '@grandstand/test-kit/fixtures';
import { vodNamespace } from '@grandstand/vod';
import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSite } from '../test/renderSite.tsx';
import { Layout } from './Layout.tsx';
import { dismissedKey, popupPageOf } from './SitePopups.tsx';

const announcement: ViewerPopup = { id: 4, title: 'Playoffs pass', text: 'Every playoff game for one price.', link: '/packages', ends_at: new Date(Date.now() + 3_600_000).toISOString() };

function renderHome(options: { loggedIn?: boolean; language?: string } = {}) {
  return renderSite(
    <Layout>
      <p>The page</p>
    </Layout>,
    {
      namespaces: [vodNamespace, favouritesNamespace],
      routes: {
        'GET /settings': () => ({ json: { data: testSettings() } }),
        'GET /popups': () => ({ json: { data: [announcement] } }), 'POST /popups/4/dismiss': () => ({ json: { data: { id: 4, dismissed: true } } }) },
      ...(options.loggedIn ? { user: testUser() } : {}),
      ...(options.language ? { language: options.language } : {}),
    },
  );
}

describe('the channel’s popups (spec §7)', () => {
  it('asks for the popups of the page at startup and shows one through the site’s popups; a visitor’s dismissal is kept in the browser', async () => {
    const { container, api, client } = await renderHome();
    const dialog = await screen.findByRole('dialog', { name: 'Playoffs pass' });
    expect(dialog).toHaveTextContent('Every playoff game for one price.');
    expect(api.calls.find((call) => call.path === '/api/popups')?.query).toMatchObject({ page: 'home' });
    // After the startup's own calls (spec §4): once the settings are in.
    expect(api.calls.findIndex((call) => call.path === '/api/popups')).toBeGreaterThan(api.calls.findIndex((call) => call.path === '/api/settings'));
    expect(await axe(container)).toHaveNoViolations();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(client.storage.get(dismissedKey(4))).toBe(true);
    expect(api.calls.some((call) => call.path === '/api/popups/4/dismiss')).toBe(false);
  });

  it('remembers a logged-in viewer’s dismissal on the server, in French', async () => {
    const { api } = await renderHome({ loggedIn: true, language: 'fr' });
    await screen.findByRole('dialog', { name: 'Playoffs pass' });
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/popups/4/dismiss' && call.method === 'POST')).toBe(true));
    expect(screen.getByText('The page')).toBeInTheDocument();
  });

  it('names the site’s pages as the control room does', () => {
    expect(['/', '/watch/12', '/schedule', '/vod_library', '/profile/orders', '/faq'].map(popupPageOf)).toEqual(['home', 'watch', 'schedule', 'vod', 'profile', 'other']);
  });
});

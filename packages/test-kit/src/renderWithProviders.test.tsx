import { STORAGE_KEYS } from '@grandstand/api-client';
import { useTranslation } from '@grandstand/i18n';
import { selectUser, useAppSelector } from '@grandstand/store';
import { lazyView } from '@grandstand/ui';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TEST_SESSION_KEY, TEST_VISITOR_KEY, testUser } from './fixtures.ts';
import { renderWithProviders } from './renderWithProviders.tsx';

function Greeting() {
  const { t } = useTranslation('shell');
  const user = useAppSelector(selectUser);
  return (
    <main>
      <h1>{t('home')}</h1>
      <p>{user ? user.first_name : 'Visitor'}</p>
      <Link to="/watch/12?t=1">Watch</Link>
    </main>
  );
}

describe('renderWithProviders', () => {
  it('mounts route objects beside the stand-in pages and tells where a link led', async () => {
    const { where, navigate } = await renderWithProviders([{ path: 'start', element: <Greeting /> }], {
      route: '/start',
      pages: { '/': 'Home', 'watch/:id': 'Watch page' },
    });
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Watch' }));

    expect(await screen.findByText('Watch page')).toBeInTheDocument();
    expect(where()).toBe('/watch/12?t=1');

    // The test navigates as the viewer would with the browser's back button.
    await act(() => navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(where()).toBe('/start');
  });

  it('shows a lazy view once its code has loaded, keeping the page before it on screen meanwhile', async () => {
    let arrive: (component: typeof Greeting) => void = () => {};
    const Later = lazyView(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    const { navigate, where } = await renderWithProviders([{ path: 'later', element: <Later /> }], {
      route: '/',
      pages: { '/': 'Home page' },
    });
    expect(screen.getByText('Home page')).toBeInTheDocument();

    await act(() => navigate('/later'));
    // A navigation is a transition: while the view's code loads, the page before it stays.
    expect(screen.getByText('Home page')).toBeInTheDocument();

    await act(async () => arrive(Greeting));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByText('Home page')).not.toBeInTheDocument();
    expect(where()).toBe('/later');
  });

  it('renders an element in the asked language and follows its location', async () => {
    const { where } = await renderWithProviders(<Greeting />, { language: 'fr', route: '/start' });
    expect(screen.getByRole('heading', { name: 'Accueil' })).toBeInTheDocument();
    expect(where()).toBe('/start');

    await userEvent.click(screen.getByRole('link', { name: 'Watch' }));

    await waitFor(() => expect(where()).toBe('/watch/12?t=1'));
  });

  it('starts logged in, and the fake API accepts the session key', async () => {
    const { client } = await renderWithProviders(<Greeting />, { user: testUser({ first_name: 'Ada' }) });
    expect(screen.getByText('Ada')).toBeInTheDocument();
    expect(client.storage.get(STORAGE_KEYS.apiKey)).toBe(TEST_SESSION_KEY);
  });

  it('fetches the visitor key first when asked, as the site starts', async () => {
    const { api, client } = await renderWithProviders(<Greeting />, { visitorKey: true });
    expect(screen.getByText('Visitor')).toBeInTheDocument();
    expect(client.storage.get(STORAGE_KEYS.apiKey)).toBe(TEST_VISITOR_KEY);
    expect(api.calls.some((call) => call.path === '/api/get_api_key')).toBe(true);
  });
});

import { axe } from '@grandstand/vitest-config/axe';
import { selectToasts, selectUser } from '@grandstand/store';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEST_VISITOR_KEY, testUser } from '@grandstand/test-kit/fixtures';
import { renderAuth } from '../test/renderAuth.tsx';

const viewer = testUser();

const session = { user: viewer, api_key: 'session-key' };

describe('ProfilePage', () => {
  it('shows the account and the sections that exist so far', async () => {
    const { container } = await renderAuth({ route: '/profile', session });
    expect(await screen.findByText('Sam Lee')).toBeInTheDocument();
    expect(screen.getByText('fan@example.com')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Profile sections' });
    expect(nav).toHaveTextContent('Edit profile');
    expect(screen.getByRole('link', { name: 'Link a device' })).toHaveAttribute('href', '/profile/sessions/add');
    // The TV's own page, where the code to enter comes from.
    expect(screen.getByRole('link', { name: 'Watch on a TV' })).toHaveAttribute('href', '/device');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows the children other features bring, the first as the default, with their links', async () => {
    const { container } = await renderAuth({
      route: '/profile',
      session,
      authRoutes: {
        profileChildren: [{ index: true, element: <p>Active orders</p> }],
        profileSectionsNav: <a href="/profile/transactions">Transactions</a>,
      },
    });
    expect(await screen.findByText('Active orders')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Transactions' })).toHaveAttribute('href', '/profile/transactions');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('sends a visitor to the login', async () => {
    const { where } = await renderAuth({ route: '/profile' });
    await waitFor(() => expect(where()).toBe('/login'));
  });

  it('links a device by its code with the viewer’s session key, then shows the active orders (spec §2)', async () => {
    const user = userEvent.setup();
    const { api, container, store, where } = await renderAuth({
      route: '/profile/sessions/add',
      session,
      authRoutes: { profileChildren: [{ index: true, element: <p>Active orders</p> }] },
      routes: { 'POST /auth/add_session': (request) => (request.body?.code === 'K7P2QX' ? { json: { data: { message: 'Linked' } } } : { status: 422, json: { message: 'User not found.' } }) },
    });
    // Where the code comes from: the device page's address, on the TV.
    expect(await screen.findByText(/open localhost(:\d+)?\/device in its browser/)).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
    await user.type(await screen.findByLabelText(/^Code/), 'k7p2qx');
    await user.click(screen.getByRole('button', { name: 'Link the device' }));
    await waitFor(() => expect(where()).toBe('/profile'));
    expect(await screen.findByText('Active orders')).toBeInTheDocument();
    expect(selectToasts(store.getState()).map((toast) => toast.message)).toContain('The device is linked to your account.');
    expect(api.calls.find((call) => call.path === '/api/auth/add_session')?.body).toMatchObject({ code: 'K7P2QX', api_key: 'session-key' });
    expect(api.calls.find((call) => call.path === '/api/auth/add_session')?.body).not.toHaveProperty('event_id');
  });

  it('takes the code from a scanned address and links the TV to the game chosen on the watch page', async () => {
    const user = userEvent.setup();
    const { api } = await renderAuth({
      route: '/profile/sessions/add?code=k7p2qx&event=7',
      session,
      routes: {
        'GET /events/7': () => ({ json: { data: { id: 7, name: 'Falcons @ Owls' } } }),
        'POST /auth/add_session': () => ({ json: { data: { message: 'Linked' } } }),
      },
    });
    expect(await screen.findByText('Once linked, your TV plays Falcons @ Owls.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Code/)).toHaveValue('K7P2QX');
    await user.click(screen.getByRole('button', { name: 'Link the device' }));
    await waitFor(() => expect(api.calls.find((call) => call.path === '/api/auth/add_session')?.body).toMatchObject({ code: 'K7P2QX', event_id: 7 }));
  });

  it('sends the game to a TV linked before, and says so when none is', async () => {
    const user = userEvent.setup();
    let linkedTv = false;
    const { api, container } = await renderAuth({
      route: '/profile/sessions/add?event=7',
      session,
      language: 'fr',
      routes: {
        'GET /events/7': () => ({ json: { data: { id: 7, name: 'Falcons @ Owls' } } }),
        'POST /auth/device/next': () =>
          linkedTv ? { json: { data: { message: 'Your TV is starting the game.' } } } : { status: 409, json: { message: 'No TV is linked to your account yet.', field: 'device', code: 'no_linked_device' } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Le lancer sur mon téléviseur' }));
    expect(await screen.findByText(/Aucun téléviseur n’est encore associé à votre compte/)).toBeInTheDocument();
    linkedTv = true;
    await user.click(screen.getByRole('button', { name: 'Le lancer sur mon téléviseur' }));
    expect(await screen.findByText('Votre téléviseur lance le match.')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/api/auth/device/next').at(-1)?.body).toMatchObject({ event_id: 7, api_key: 'session-key' });
    expect(await axe(container)).toHaveNoViolations();
  });

  it('logs out even when the server call fails, and the next call is a visitor’s', async () => {
    const user = userEvent.setup();
    const { api, client, store, where } = await renderAuth({
      route: '/profile',
      session,
      routes: { 'POST /auth/logout': () => ({ status: 500, json: { message: 'Server down' } }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(selectUser(store.getState())).toBeNull();
    await expect(client.getApiKey()).resolves.toBe(TEST_VISITOR_KEY);
    expect(api.calls.some((call) => call.path === '/api/auth/logout')).toBe(true);
  });
});

import { axe } from '@grandstand/vitest-config/axe';
import { selectUser } from '@grandstand/store';
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

  it('links a device by its code with the viewer’s session key', async () => {
    const user = userEvent.setup();
    const { api, container } = await renderAuth({
      route: '/profile/sessions/add',
      session,
      routes: { 'POST /auth/add_session': (request) => (request.body?.code === 'K7P2QX' ? { json: { data: { message: 'Linked' } } } : { status: 422, json: { message: 'User not found.' } }) },
    });
    await user.type(await screen.findByLabelText(/^Code/), 'k7p2qx');
    await user.click(screen.getByRole('button', { name: 'Link the device' }));
    expect(await screen.findByText('The device is linked to your account.')).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/api/auth/add_session')?.body).toMatchObject({ code: 'K7P2QX', api_key: 'session-key' });
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

import { selectUser } from '@grandstand/store';
import { testUser } from '@grandstand/test-kit/fixtures';
import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSite } from '../test/renderSite.tsx';
import { AccountActions, LogoutButton } from './AccountActions.tsx';

describe('the header account entry', () => {
  it('offers a visitor the login and no logout', async () => {
    const { container } = await renderSite(
      <>
        <AccountActions />
        <LogoutButton />
      </>,
    );
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('logs a user out with the auth call, loaded on the press, ends the session and goes home', async () => {
    const { api, store, where, container } = await renderSite(
      <>
        <AccountActions />
        <LogoutButton />
      </>,
      { user: testUser(), route: '/profile', routes: { 'POST /auth/logout': () => ({ json: { data: [] } }) } },
    );
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(where()).toBe('/'));
    expect(api.calls.filter((call) => call.path === '/api/auth/logout')).toHaveLength(1);
    expect(selectUser(store.getState())).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it('ends the session even when the server fails the call (spec §4)', async () => {
    const { store, where } = await renderSite(<LogoutButton />, { user: testUser(), route: '/profile', routes: { 'POST /auth/logout': () => ({ status: 500, json: { message: 'down' } }) } });
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(selectUser(store.getState())).toBeNull();
  });
});

import { axe } from '@grandstand/vitest-config/axe';
import { selectUser } from '@grandstand/store';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testUser } from '@grandstand/test-kit/fixtures';
import { renderAuth } from '../test/renderAuth.tsx';

const viewer = testUser();

describe('ProfileEditPage', () => {
  it('saves the names with POST /profile and _method patch, and stores the user', async () => {
    const user = userEvent.setup();
    const { api, store, container } = await renderAuth({
      route: '/profile/edit',
      session: { user: viewer, api_key: 'session-key' },
      routes: { 'POST /profile': (request) => ({ json: { data: { ...viewer, first_name: request.body?.first_name } } }) },
    });
    const first = await screen.findByLabelText(/^First name/);
    expect(first).toHaveValue('Sam');
    await user.clear(first);
    await user.type(first, 'Samuel');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile is saved.')).toBeInTheDocument();
    const body = api.calls.find((call) => call.path === '/api/profile' && call.method === 'POST')?.body;
    expect(body).toMatchObject({ _method: 'patch', first_name: 'Samuel', last_name: 'Lee' });
    expect(body).not.toHaveProperty('password');
    expect(selectUser(store.getState())?.first_name).toBe('Samuel');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('asks a temporary-password user for a new password, then lifts the flag', async () => {
    const user = userEvent.setup();
    const { api, store } = await renderAuth({
      route: '/profile/edit',
      session: { user: { ...viewer, temporary_password: true }, api_key: 'session-key' },
      routes: { 'POST /profile': () => ({ json: { data: viewer } }) },
    });
    expect(await screen.findByText('You are using a temporary password. Choose a new password to continue.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Field is required')).toHaveLength(3);
    await user.type(screen.getByLabelText(/^Current password/), 'temp-pass-1');
    await user.type(screen.getByLabelText(/^New password/), 'my own password');
    await user.type(screen.getByLabelText(/^Confirm password/), 'my own password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(selectUser(store.getState())?.temporary_password).toBe(false));
    expect(api.calls.find((call) => call.path === '/api/profile' && call.method === 'POST')?.body).toMatchObject({
      current_password: 'temp-pass-1',
      password: 'my own password',
      password_confirmation: 'my own password',
    });
  });
});

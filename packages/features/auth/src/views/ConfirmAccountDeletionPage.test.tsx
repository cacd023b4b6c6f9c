import { AUTH_MESSAGES, AUTH_REFUSAL_CODES } from '@grandstand/contract';
import { axe } from '@grandstand/vitest-config/axe';
import { selectUser } from '@grandstand/store';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEST_VISITOR_KEY, testUser } from '@grandstand/test-kit/fixtures';
import { renderAuth } from '../test/renderAuth.tsx';

const viewer = testUser();

const session = { user: viewer, api_key: 'session-key' };

describe('ConfirmAccountDeletionPage', () => {
  it('deletes the account with the password, ends the session and goes home', async () => {
    const user = userEvent.setup();
    const { api, client, store, where, container } = await renderAuth({
      route: '/confirm-account-deletion',
      session,
      routes: { 'POST /delete-account-confirm': () => ({ json: { data: { message: 'processed' } } }) },
    });
    expect(await axe(container)).toHaveNoViolations();
    await user.type(await screen.findByLabelText(/^Password/), 'my password');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(api.calls.find((call) => call.path === '/api/delete-account-confirm')?.body).toMatchObject({ password: 'my password', api_key: 'session-key' });
    expect(selectUser(store.getState())).toBeNull();
    await expect(client.getApiKey()).resolves.toBe(TEST_VISITOR_KEY);
  });

  it('keeps the account and shows the server message on a wrong password', async () => {
    const user = userEvent.setup();
    const { store } = await renderAuth({
      route: '/confirm-account-deletion',
      session,
      routes: { 'POST /delete-account-confirm': () => ({ status: 422, json: { message: 'Wrong auth data' } }) },
    });
    await user.type(await screen.findByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Wrong auth data')).toHaveRole('alert');
    expect(selectUser(store.getState())).toEqual(viewer);
  });

  it('says "Incorrect password" for the server’s wrong-password answer, in the viewer’s language (spec §8)', async () => {
    const user = userEvent.setup();
    // The server's own answer (modules/profile: 422 naming password, the contract's text and code).
    const answer = { message: AUTH_MESSAGES.incorrectPassword, field: 'password', code: AUTH_REFUSAL_CODES.incorrectPassword, errors: { password: [AUTH_MESSAGES.incorrectPassword] } };
    await renderAuth({ route: '/confirm-account-deletion', session, language: 'fr', routes: { 'POST /delete-account-confirm': () => ({ status: 422, json: answer }) } });
    await user.type(await screen.findByLabelText(/^Mot de passe/), 'wrong');
    await user.click(screen.getByRole('button', { name: /Supprimer/ }));
    expect(await screen.findByText('Mot de passe incorrect')).toHaveRole('alert');
  });
});

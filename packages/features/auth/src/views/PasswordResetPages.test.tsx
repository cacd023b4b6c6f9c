import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAuth } from '../test/renderAuth.tsx';

const LINK = '/password-reset?email=fan%40example.com&expires=1900000000&signature=sig';

describe('PasswordResetRequestPage', () => {
  it('checks the email, then says a link is on its way', async () => {
    const user = userEvent.setup();
    const { api, container } = await renderAuth({
      route: '/password-reset-request',
      routes: { 'POST /auth/password-reset-request': () => ({ json: { data: { message: 'sent' } } }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Field is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'fan@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(/a link to reset the password is on its way/)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/api/auth/password-reset-request')?.body).toMatchObject({ email: 'fan@example.com' });
    expect(await axe(container)).toHaveNoViolations();
  });
});

describe('PasswordResetPage', () => {
  it('sends the new password with the link’s email, expiry and signature', async () => {
    const user = userEvent.setup();
    const { api, container } = await renderAuth({ route: LINK, routes: { 'POST /auth/password-reset': () => ({ json: { data: { message: 'ok' } } }) } });
    await user.type(await screen.findByLabelText(/^New password/), 'a brand new pass');
    await user.type(screen.getByLabelText(/^Confirm password/), 'a brand new pass');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(await screen.findByText('Your password is changed. You can log in with it now.')).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/api/auth/password-reset')?.body).toMatchObject({
      email: 'fan@example.com',
      expires: 1900000000,
      signature: 'sig',
      password: 'a brand new pass',
      password_confirmation: 'a brand new pass',
    });
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows the spec §5 messages and the server’s "Reset password key expired."', async () => {
    const user = userEvent.setup();
    await renderAuth({ route: LINK, routes: { 'POST /auth/password-reset': () => ({ status: 422, json: { message: 'Reset password key expired.' } }) } });
    await user.type(await screen.findByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm password/), 'other');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(await screen.findByText('Password is too short')).toBeInTheDocument();
    expect(screen.getByText('PASSWORDS DON’T MATCH')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^New password/));
    await user.clear(screen.getByLabelText(/^Confirm password/));
    await user.type(screen.getByLabelText(/^New password/), 'a brand new pass');
    await user.type(screen.getByLabelText(/^Confirm password/), 'a brand new pass');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(await screen.findByText('Reset password key expired.')).toHaveRole('alert');
  });
});

import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderConsole } from '../test/renderConsole.tsx';
import { sessionOf, testOperator } from '../test/fixtures.ts';

const owner = testOperator();

describe('SignInPage', () => {
  it('checks the fields before sending anything, and is accessible', async () => {
    const user = userEvent.setup();
    const { container, api } = await renderConsole({ route: '/sign-in' });
    expect(await screen.findByRole('heading', { name: 'Sign in to Northfield Sports' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('A valid email address is required')).toBeInTheDocument();
    expect(screen.getByText('Field is required')).toBeInTheDocument();
    expect(api.calls.some((call) => call.path === '/api/console/session')).toBe(false);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('asks for the authenticator code when the account has it on, sends both, then opens the control room', async () => {
    const user = userEvent.setup();
    let signedIn = false;
    const { api, where } = await renderConsole({
      route: '/sign-in',
      routes: {
        'POST /console/session': (request) => {
          if (request.body?.password !== 'right-password') return { status: 401, json: { message: 'The email or password is wrong.', field: 'email', code: 'INVALID_CREDENTIALS' } };
          if (request.body.code === undefined) return { status: 401, json: { message: 'Enter the code.', field: 'code', code: 'TOTP_REQUIRED' } };
          if (request.body.code !== '123456') return { status: 401, json: { message: 'Wrong code.', field: 'code', code: 'TOTP_INVALID' } };
          signedIn = true;
          return { json: { operator: { ...owner, totpEnabled: true } } };
        },
        'GET /console/session': () => (signedIn ? sessionOf({ ...owner, totpEnabled: true })() : { status: 401, json: { message: 'Signed out', code: 'CONSOLE_SIGNED_OUT' } }),
      },
    });
    await user.type(await screen.findByLabelText(/^Email/), 'owner@northfield.test');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The email or password is wrong.')).toHaveRole('alert');

    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const code = await screen.findByLabelText(/^Authentication code/);
    await waitFor(() => expect(code).toHaveFocus());
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is wrong or has already been used. Wait for the next one.')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Authentication code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Welcome, Nora Owner' })).toBeInTheDocument();
    const sent = api.calls.filter((call) => call.path === '/api/console/session' && call.method === 'POST').map((call) => call.body);
    expect(sent.at(-1)).toMatchObject({ email: 'owner@northfield.test', password: 'right-password', code: '123456' });
  });

  it('says so when sign-in is throttled', async () => {
    const user = userEvent.setup();
    await renderConsole({
      route: '/sign-in',
      routes: { 'POST /console/session': () => ({ status: 429, json: { message: 'Too many sign-in attempts.', code: 'THROTTLED' } }) },
    });
    await user.type(await screen.findByLabelText(/^Email/), 'owner@northfield.test');
    await user.type(screen.getByLabelText(/^Password/), 'guess');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too many attempts. Wait a few minutes and try again.')).toHaveRole('alert');
  });

  it('speaks French', async () => {
    await renderConsole({ route: '/sign-in', language: 'fr' });
    expect(await screen.findByRole('heading', { name: 'Connexion à Northfield Sports' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
  });
});

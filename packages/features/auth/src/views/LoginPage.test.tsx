import { axe } from '@grandstand/vitest-config/axe';
import { selectUser } from '@grandstand/store';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetAnalytics } from '@grandstand/analytics';
import { recordDatalake } from '@grandstand/test-kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, AUTH_REFUSAL_CODES } from '@grandstand/contract';
import { TEST_VISITOR_KEY, testSettings, testUser } from '@grandstand/test-kit/fixtures';
import { renderAuth } from '../test/renderAuth.tsx';

const viewer = testUser();

afterEach(() => resetAnalytics());

describe('LoginPage', () => {
  it('asks for a valid email and a password before sending anything (spec §5)', async () => {
    const user = userEvent.setup();
    const { container, api } = await renderAuth({ route: '/login' });
    await user.type(await screen.findByLabelText(/^Email/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('A valid email address is required')).toBeInTheDocument();
    expect(screen.getByText('Field is required')).toBeInTheDocument();
    expect(api.calls.some((call) => call.path === '/api/v2/auth/login')).toBe(false);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows the server message as the spec words it', async () => {
    const user = userEvent.setup();
    await renderAuth({ route: '/login', routes: { 'POST /v2/auth/login': () => ({ status: 422, json: { message: 'Wrong auth data' } }) } });
    await user.type(await screen.findByLabelText(/^Email/), 'fan@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Wrong auth data')).toHaveRole('alert');
  });

  it('shows the wrong-password answer of the server in the viewer’s language (spec §8)', async () => {
    const user = userEvent.setup();
    // The server's own answer (modules/accounts: 422 naming email, the contract's text).
    const answer = { message: AUTH_MESSAGES.invalidCredentials, field: 'email', errors: { email: [AUTH_MESSAGES.invalidCredentials] } };
    await renderAuth({ route: '/login', language: 'fr', routes: { 'POST /v2/auth/login': () => ({ status: 422, json: answer }) } });
    await user.type(await screen.findByLabelText(/^Courriel/), 'fan@example.com');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Adresse courriel ou mot de passe invalide. Veuillez réessayer.')).toHaveRole('alert');
  });

  it('logs in, makes the answered key the session for the next calls, and goes back to the last page', async () => {
    const user = userEvent.setup();
    const { api, client, store, sessions, where } = await renderAuth({
      route: '/login',
      lastVisited: { path: '/watch/12', search: '?t=1', params: { id: '12' } },
      routes: {
        'POST /v2/auth/login': (request) => {
          sessions.add('session-key');
          return request.body?.password === 'right-password' ? { json: { data: { user: viewer, api_key: 'session-key' } } } : { status: 422, json: { message: 'Wrong auth data' } };
        },
      },
    });
    await user.type(await screen.findByLabelText(/^Email/), 'fan@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(where()).toBe('/watch/12?t=1'));
    expect(selectUser(store.getState())).toEqual(viewer);
    const login = api.calls.find((call) => call.path === '/api/v2/auth/login');
    expect(login?.body).toMatchObject({ email: 'fan@example.com', password: 'right-password', api_key: TEST_VISITOR_KEY });
    await client.request({ url: '/events' }).catch(() => undefined);
    expect(api.calls.at(-1)?.query.api_key).toBe('session-key');
  });

  it('tells the analytics service of the login, naming the viewer (spec §7); a failed one is no login', async () => {
    const pushed = recordDatalake();
    const user = userEvent.setup();
    const { sessions } = await renderAuth({
      route: '/login',
      routes: {
        'POST /v2/auth/login': (request) => {
          sessions.add('session-key');
          return request.body?.password === 'right-password' ? { json: { data: { user: viewer, api_key: 'session-key' } } } : { status: 422, json: { message: 'Wrong auth data' } };
        },
      },
    });
    await user.type(await screen.findByLabelText(/^Email/), 'fan@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('Wrong auth data');
    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(pushed.filter((item) => item.body.event === 'login')).toHaveLength(1));
    expect(pushed.find((item) => item.body.event === 'login')?.body).toMatchObject({ user_id: viewer.id, user_email: viewer.email, extras: { method: 'password' } });
  });

  it('links to registration, the password reset and each social provider the channel offers, with the current key', async () => {
    await renderAuth({ route: '/login', routes: { 'GET /settings': () => ({ json: { data: testSettings({ social_providers: ['google', 'facebook'] }) } }) } });
    expect(await screen.findByRole('link', { name: 'Register' })).toHaveAttribute('href', '/registration');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/password-reset-request');
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute('href', `/api/auth/login/google?api_key=${TEST_VISITOR_KEY}`);
    expect(screen.getByRole('link', { name: 'Continue with Facebook' })).toHaveAttribute('href', `/api/auth/login/facebook?api_key=${TEST_VISITOR_KEY}`);
  });

  it('shows no social button on a channel without social providers', async () => {
    await renderAuth({ route: '/login', routes: { 'GET /settings': () => ({ json: { data: testSettings({ social_providers: [] }) } }) } });
    expect(await screen.findByRole('link', { name: 'Register' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Continue with/ })).toBeNull();
  });

  it('completes a social login from the callback: posts code and state, stores the session, goes home', async () => {
    const { api, store, sessions, where } = await renderAuth({
      route: '/login?provider=google&code=the-code&state=the-state',
      routes: {
        'POST /v2/auth/social/google': () => {
          sessions.add('social-key');
          return { json: { data: { user: viewer, api_key: 'social-key' } } };
        },
      },
    });
    await waitFor(() => expect(where()).toBe('/'));
    const posts = api.calls.filter((call) => call.path === '/api/v2/auth/social/google');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({ code: 'the-code', state: 'the-state' });
    expect(selectUser(store.getState())).toEqual(viewer);
  });

  it('shows a failed social login on the login form', async () => {
    await renderAuth({
      route: '/login?provider=facebook&code=used&state=s',
      routes: { 'POST /v2/auth/social/facebook': () => ({ status: 422, json: { message: 'Wrong auth data' } }) },
    });
    expect(await screen.findByText('Wrong auth data')).toHaveRole('alert');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('asks a social sign-in of an address with no account to accept the terms on the registration page (spec §5)', async () => {
    const answer = { message: AUTH_MESSAGES.notRegistered, field: 'terms', code: AUTH_REFUSAL_CODES.notRegistered };
    await renderAuth({ route: '/login?provider=google&code=c&state=s', routes: { 'POST /v2/auth/social/google': () => ({ status: 422, json: answer }) } });
    expect(await screen.findByText('You are not registered yet. Please accept terms and conditions and click Register to continue.')).toHaveRole('alert');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/registration');
  });
});

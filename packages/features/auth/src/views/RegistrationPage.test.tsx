import { axe } from '@grandstand/vitest-config/axe';
import { selectUser } from '@grandstand/store';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEST_VISITOR_KEY, testSettings, testUser } from '@grandstand/test-kit/fixtures';
import { renderAuth } from '../test/renderAuth.tsx';

const viewer = testUser();

async function fill(user: ReturnType<typeof userEvent.setup>, values: { email?: string; password?: string; confirmation?: string; first?: string; last?: string }) {
  if (values.email) await user.type(await screen.findByLabelText(/^Email/), values.email);
  if (values.password) await user.type(screen.getByLabelText(/^Password/), values.password);
  if (values.confirmation) await user.type(screen.getByLabelText(/^Confirm password/), values.confirmation);
  if (values.first) await user.type(screen.getByLabelText(/^First name/), values.first);
  if (values.last) await user.type(screen.getByLabelText(/^Last name/), values.last);
}

describe('RegistrationPage', () => {
  it('shows the spec §5 messages and sends nothing', async () => {
    const user = userEvent.setup();
    const { container, api } = await renderAuth({ route: '/registration' });
    await fill(user, { email: 'fan@', password: 'short', confirmation: 'other' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('A valid email address is required')).toBeInTheDocument();
    expect(screen.getByText('Password is too short')).toBeInTheDocument();
    expect(screen.getByText('PASSWORDS DON’T MATCH')).toBeInTheDocument();
    // spec §5: registration names each missing field.
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.queryByText('Field is required')).toBeNull();
    expect(screen.getByText('Please accept terms & conditions')).toBeInTheDocument();
    expect(api.calls.some((call) => call.path === '/api/v2/auth/register')).toBe(false);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('names a missing email, first name and last name, in the viewer’s language (spec §5)', async () => {
    const user = userEvent.setup();
    await renderAuth({ route: '/registration' });
    await user.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
  });

  it('names the missing fields in French', async () => {
    const user = userEvent.setup();
    await renderAuth({ route: '/registration', language: 'fr' });
    await user.click(await screen.findByRole('button', { name: 'S’inscrire' }));
    expect(await screen.findByText('L’adresse courriel est obligatoire')).toBeInTheDocument();
    expect(screen.getByText('Le prénom est obligatoire')).toBeInTheDocument();
    expect(screen.getByText('Le nom de famille est obligatoire')).toBeInTheDocument();
  });

  it('registers with a social provider only once the terms are ticked, starting it in registration mode (spec §5)', async () => {
    const user = userEvent.setup();
    const { container } = await renderAuth({ route: '/registration', routes: { 'GET /settings': () => ({ json: { data: testSettings({ social_providers: ['google'] }) } }) } });
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Please accept terms & conditions')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /terms/ }));
    expect(screen.queryByText('Please accept terms & conditions')).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute('href', `/api/auth/login/google?api_key=${TEST_VISITOR_KEY}&mode=registration`);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('registers, stores the session, and asks to check the mail', async () => {
    const user = userEvent.setup();
    const { api, store, sessions, where } = await renderAuth({
      route: '/registration',
      routes: {
        'POST /v2/auth/register': () => {
          sessions.add('new-key');
          return { json: { data: { user: viewer, api_key: 'new-key' } } };
        },
      },
    });
    await fill(user, { email: 'fan@example.com', password: 'long enough pass', confirmation: 'long enough pass', first: 'Sam', last: 'Lee' });
    await user.click(screen.getByRole('checkbox', { name: /terms/ }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(where()).toBe('/verify-notice'));
    expect(await screen.findByRole('heading', { name: 'Check your mail' })).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/api/v2/auth/register')?.body).toMatchObject({
      email: 'fan@example.com',
      password: 'long enough pass',
      password_confirmation: 'long enough pass',
      first_name: 'Sam',
      last_name: 'Lee',
      terms: true,
    });
    expect(selectUser(store.getState())).toEqual(viewer);
  });

  it('shows a taken email as the server words it', async () => {
    const user = userEvent.setup();
    await renderAuth({
      route: '/registration',
      routes: { 'POST /v2/auth/register': () => ({ status: 422, json: { message: 'The email address you have entered is already registered.', field: 'email' } }) },
    });
    await fill(user, { email: 'fan@example.com', password: 'long enough pass', confirmation: 'long enough pass', first: 'Sam', last: 'Lee' });
    await user.click(screen.getByRole('checkbox', { name: /terms/ }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('The email address you have entered is already registered.')).toHaveRole('alert');
  });
});

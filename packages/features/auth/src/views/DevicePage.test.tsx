import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_VISITOR_KEY, testUser } from '@grandstand/test-kit/fixtures';
import { renderAuth } from '../test/renderAuth.tsx';

const viewer = testUser();

describe('DevicePage', () => {
  it('shows the code, asks the profile with its own key, and turns linked when the code is used', async () => {
    let linked = false;
    const { api, container } = await renderAuth({
      route: '/device',
      routes: {
        'POST /auth/device_code': () => ({ json: { data: { code: 'K7P2QX', expires_at: Math.floor(Date.now() / 1000) + 600 } } }),
        'GET /profile': () => (linked ? { json: { data: viewer } } : { status: 401, json: { message: 'Unauthenticated' } }),
      },
    });
    expect(await screen.findByLabelText('Your code')).toHaveTextContent('K7P2QX');
    expect(screen.getByText(/The code works until/)).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();

    // The viewer enters the code elsewhere; the next poll (every 3 s) finds the user.
    linked = true;
    expect(await screen.findByText('Linked to fan@example.com', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start watching' })).toHaveAttribute('href', '/');
    const profileCalls = api.calls.filter((call) => call.path === '/api/profile');
    expect(profileCalls.length).toBeGreaterThanOrEqual(2);
    expect(profileCalls.every((call) => call.query.api_key === TEST_VISITOR_KEY)).toBe(true);
  }, 10_000);

  it('offers a new code once the code has expired', async () => {
    await renderAuth({
      route: '/device',
      routes: {
        'POST /auth/device_code': () => ({ json: { data: { code: 'OLD123', expires_at: Math.floor(Date.now() / 1000) - 1 } } }),
        'GET /profile': () => ({ status: 401, json: { message: 'Unauthenticated' } }),
      },
    });
    expect(await screen.findByText('This code has expired.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get a new code' })).toBeInTheDocument();
  });
});

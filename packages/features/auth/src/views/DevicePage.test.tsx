import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_VISITOR_KEY, testUser } from '@grandstand/test-kit/fixtures';
import { renderAuth } from '../test/renderAuth.tsx';
import { linkAddress } from './DevicePage.tsx';

const viewer = testUser();
/** The tests' stand-in for the watch page's player: what the page becomes is the site's to choose. */
const Player = ({ eventId }: { eventId: number }) => <p>Playing game {eventId}</p>;
const POLL_MS = 40;

describe('DevicePage', () => {
  it('shows the code in large type with a QR code of the link address, and says where the code comes from', async () => {
    const { container } = await renderAuth({
      route: '/device',
      authRoutes: { devicePollMs: POLL_MS },
      routes: {
        'POST /auth/device_code': () => ({ json: { data: { code: 'K7P2QX', expires_at: Math.floor(Date.now() / 1000) + 600 } } }),
        'GET /profile': () => ({ status: 401, json: { message: 'Unauthenticated' } }),
      },
    });
    expect(await screen.findByLabelText('Your code')).toHaveTextContent('K7P2QX');
    expect(screen.getByRole('heading', { level: 1, name: 'Watch on your TV' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code of the link address with this code' })).toBeInTheDocument();
    expect(screen.getByText(/localhost(:\d+)?\/profile\/sessions\/add/)).toBeInTheDocument();
    expect(screen.getByText(/This TV made the code just now/)).toBeInTheDocument();
    expect(screen.getByText(/The code works until/)).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('the QR code carries the link address with the code, so a phone that scans it has the code filled in', () => {
    expect(linkAddress('https://tv.example.com', 'K7P2QX')).toBe('https://tv.example.com/profile/sessions/add?code=K7P2QX');
  });

  it('asks the profile with its own key; once linked it waits for a game, then becomes the player of the one chosen, and of the next', async () => {
    let linked = false;
    let next: number | null = null;
    const { api, container } = await renderAuth({
      route: '/device',
      authRoutes: { devicePollMs: POLL_MS, DevicePlayer: Player },
      routes: {
        'POST /auth/device_code': () => ({ json: { data: { code: 'K7P2QX', expires_at: Math.floor(Date.now() / 1000) + 600 } } }),
        'GET /profile': () => (linked ? { json: { data: viewer } } : { status: 401, json: { message: 'Unauthenticated' } }),
        'GET /auth/device/next': () => ({ json: { data: { event_id: next } } }),
      },
    });
    expect(await screen.findByLabelText('Your code')).toHaveTextContent('K7P2QX');
    // The viewer enters the code on their phone; the next poll finds the user.
    linked = true;
    expect(await screen.findByText('Linked to fan@example.com')).toBeInTheDocument();
    expect(screen.getByText(/Choose a game on your phone and press "Watch on your TV"/)).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
    next = 12;
    expect(await screen.findByText('Playing game 12')).toBeInTheDocument();
    next = 15;
    expect(await screen.findByText('Playing game 15')).toBeInTheDocument();
    const asked = api.calls.filter((call) => call.path === '/api/profile' || call.path === '/api/auth/device/next');
    expect(asked.every((call) => call.query.api_key === TEST_VISITOR_KEY)).toBe(true);
  });

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

  it('says so in French when the channel does not link devices', async () => {
    await renderAuth({
      route: '/device',
      language: 'fr',
      routes: {
        'POST /auth/device_code': () => ({ status: 403, json: { message: 'This channel does not link devices.', field: 'device', code: 'device_linking_off' } }),
      },
    });
    expect(await screen.findByText('Cette chaîne n’associe pas d’appareils.')).toBeInTheDocument();
  });
});

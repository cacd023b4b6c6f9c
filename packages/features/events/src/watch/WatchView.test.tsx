import type { FakeHandler } from '@grandstand/api-client/testing';
import type { EventDetail } from '@grandstand/contract';
import { axe } from '@grandstand/vitest-config/axe';
import { channelApi, sharedApi } from '@grandstand/store';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../test/renderRoute.tsx';
import { matchup } from '../test/fixtures.ts';
import { testSettings } from '@grandstand/test-kit/fixtures';

function detail(overrides: Partial<EventDetail> = {}): EventDetail {
  return {
    ...matchup,
    description: 'Senior night at the Fieldhouse.',
    category: { id: 100, name: 'Hockey', alias: 'hockey' },
    location: { id: 3, name: 'Lincoln Fieldhouse', city: 'Lincoln', state: 'OH' },
    access: { allowed: true, geo_blocked: false, options: [] },
    stream: null,
    ...overrides,
  };
}

function renderWatch(path: string, routes: Record<string, FakeHandler>) {
  return renderRoute(path, { routes, watch: true });
}

describe('the watch page (spec §2)', () => {
  it('shows the access panel and no stream for an event that needs a purchase', async () => {
    const paid = detail({
      access_type: 'paid',
      base_price: 9.99,
      has_access: false,
      stream_status: 'live',
      access: { allowed: false, geo_blocked: false, options: ['login', 'buy_price'] },
    });
    const { container } = await renderWatch('/watch/1', { 'GET /events/1': () => ({ json: { data: paid } }) });

    const panel = await screen.findByRole('region', { name: 'Watch this event' });
    expect(panel).toHaveTextContent('This event needs a pass or a ticket.');
    expect(screen.getByRole('link', { name: 'Log in to watch' })).toHaveAttribute('href', '/login?event_id=1');
    expect(screen.getByRole('link', { name: 'Buy for $9.99' })).toHaveAttribute('href', '/select-package/1');
    expect(screen.queryByRole('region', { name: 'Northfield Eagles @ Riverside Lions' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Northfield Eagles @ Riverside Lions' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('offers "Watch on your TV" where the channel links devices, leading to the code form with the game', async () => {
    const live = detail({ stream_status: 'live' });
    await renderWatch('/watch/1', { 'GET /events/1': () => ({ json: { data: live } }), 'GET /settings': () => ({ json: { data: testSettings() } }) });
    expect(await screen.findByRole('link', { name: 'Watch on your TV' })).toHaveAttribute('href', '/profile/sessions/add?event=1');
  });

  it('offers no TV where the channel turned device linking off', async () => {
    const live = detail({ stream_status: 'live' });
    const { store } = await renderWatch('/watch/1', {
      'GET /events/1': () => ({ json: { data: live } }),
      'GET /settings': () => ({ json: { data: testSettings({ auth: { remote_auth: 0, device_linking: 0 } }) } }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Northfield Eagles @ Riverside Lions' })).toBeInTheDocument();
    // Once the settings have answered, the page has drawn with them: no link.
    await waitFor(() => expect(channelApi.endpoints.getSettings.select()(store.getState()).data?.auth.device_linking).toBe(0));
    expect(screen.queryByRole('link', { name: 'Watch on your TV' })).toBeNull();
  });

  it('offers no TV to a viewer who may not watch the game here (a pass to buy, a suspension)', async () => {
    const locked = detail({ stream_status: 'live', access_type: 'paid', base_price: 9.99, has_access: false, access: { allowed: false, geo_blocked: false, options: ['buy_price'] } });
    const { store } = await renderWatch('/watch/1', { 'GET /events/1': () => ({ json: { data: locked } }), 'GET /settings': () => ({ json: { data: testSettings() } }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Northfield Eagles @ Riverside Lions' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Buy/ })).toBeInTheDocument();
    // Once the settings have answered (the channel links devices), the page has drawn with them: no link.
    await waitFor(() => expect(channelApi.endpoints.getSettings.select()(store.getState()).data?.auth.device_linking).toBe(1));
    expect(screen.queryByRole('link', { name: 'Watch on your TV' })).toBeNull();
  });

  it('says a cancelled event is cancelled, with nothing to watch or buy', async () => {
    const cancelled = detail({
      access_type: 'paid',
      base_price: 9.99,
      has_access: false,
      cancelled: true,
      access: { allowed: false, geo_blocked: false, options: ['login', 'buy_price'] },
    });
    const { container } = await renderWatch('/watch/1', { 'GET /events/1': () => ({ json: { data: cancelled } }) });
    expect(await screen.findByText('This event is cancelled. It will not be streamed.')).toBeInTheDocument();
    expect(screen.getAllByText('Cancelled')).toHaveLength(2);
    expect(screen.queryByRole('region', { name: 'Watch this event' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Buy for $9.99' })).toBeNull();
    expect(screen.queryByText('Upcoming')).toBeNull();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says a cancelled event is cancelled in French', async () => {
    const cancelled = detail({ cancelled: true });
    await renderRoute('/watch/1', { routes: { 'GET /events/1': () => ({ json: { data: cancelled } }) }, watch: true, language: 'fr' });
    expect(await screen.findByText('Cet événement est annulé. Il ne sera pas diffusé.')).toBeInTheDocument();
    expect(screen.getAllByText('Annulé')).toHaveLength(2);
  });

  it('offers registration and login for a register-only event', async () => {
    const register = detail({ access_type: 'register', has_access: false, access: { allowed: false, geo_blocked: false, options: ['register_free', 'login'] } });
    await renderWatch('/watch/1', { 'GET /events/1': () => ({ json: { data: register } }) });
    expect(await screen.findByRole('link', { name: 'Register to watch free' })).toHaveAttribute('href', '/registration?event_id=1');
    expect(screen.getByText('This event is free with an account.')).toBeInTheDocument();
  });

  it('shows only the geo text in a blocked region', async () => {
    const blocked = detail({ has_access: false, access: { allowed: false, geo_blocked: true, options: [] } });
    await renderWatch('/watch/1', { 'GET /events/1': () => ({ json: { data: blocked } }) });
    const panel = await screen.findByRole('region', { name: 'Watch this event' });
    expect(panel).toHaveTextContent("We're sorry, but this content is not available in your region.");
    expect(within(panel).queryByRole('link')).toBeNull();
  });

  it('tells a viewer the channel suspended why there is no stream, in both languages', async () => {
    const suspended = detail({ has_access: false, access: { allowed: false, geo_blocked: false, options: [], refusal: { code: 'viewer_suspended', message: 'Suspended.', reason: 'Account shared on a forum' } } });
    const { container } = await renderWatch('/watch/1', { 'GET /events/1': () => ({ json: { data: suspended } }) });
    const panel = await screen.findByRole('region', { name: 'Watch this event' });
    expect(panel).toHaveTextContent('Your account is suspended: you cannot watch or make clips until the channel restores it. Reason given: Account shared on a forum');
    expect(within(panel).queryByRole('link')).toBeNull();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says the suspension in French', async () => {
    const suspended = detail({ has_access: false, access: { allowed: false, geo_blocked: false, options: [], refusal: { code: 'viewer_suspended', message: 'Suspended.', reason: null } } });
    await renderRoute('/watch/1', { routes: { 'GET /events/1': () => ({ json: { data: suspended } }) }, watch: true, language: 'fr' });
    expect(await screen.findByText('Votre compte est suspendu : vous ne pouvez ni regarder ni créer de clips tant que la chaîne ne l’a pas rétabli.')).toBeInTheDocument();
  });

  it('counts down to an upcoming event', async () => {
    const soon = detail({ stream_status: 'upcoming', event_utc_ts: Math.floor(Date.now() / 1000) + 2 * 86_400 + 3_600 + 65 });
    await renderWatch('/watch/1', { 'GET /events/1': () => ({ json: { data: soon } }) });
    const clock = await screen.findByLabelText('Starts in');
    expect(clock).toHaveTextContent(/days\s*02/);
    expect(clock).toHaveTextContent(/hours\s*01/);
    expect(screen.getByText(/^Starts /)).toBeInTheDocument();
  });

  it('asks again for an event whose start has passed, also when it arrived before the page (a prefetch, a server render)', async () => {
    const due = detail({ stream_status: 'upcoming', event_utc_ts: Math.floor(Date.now() / 1000) - 30 });
    const { store, navigate, server } = await renderWatch('/', { 'GET /events/1': () => ({ json: { data: due } }) });
    // In the cache with no page subscribed yet: the countdown's first effect runs before the page's subscription.
    await store.dispatch(sharedApi.endpoints.getEvent.initiate(1, { subscribe: false }));
    await act(() => navigate('/watch/1'));
    expect(await screen.findByText('Starting now…')).toHaveAttribute('role', 'status');
    const asked = () => server.calls.filter((call) => call.path === '/api/events/1').length;
    await waitFor(() => expect(asked()).toBe(2));
    // Once: the server's answer (still upcoming) re-renders the page without asking again at once.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked()).toBe(2);
  });

  it('mounts the player for an event with a stream', async () => {
    const playable = detail({ stream_status: 'finished', stream: { url: '/media/s/t/events/1/index.m3u8', kind: 'hls', live: false, expires_in: 120 } });
    await renderWatch('/watch/1', { 'GET /events/1': () => ({ json: { data: playable } }) });
    expect(await screen.findByRole('region', { name: 'Northfield Eagles @ Riverside Lions' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Watch this event' })).toBeNull();
  });

  it.each(['/watch/abc', '/watch/12abc', '/watch/0', '/watch_embed/-1'])('ends %s on the 404 page without asking the server', async (path) => {
    const { where, server } = await renderWatch(path, {});
    await waitFor(() => expect(where()).toBe('/404'));
    expect(server.calls.some((call) => call.path.startsWith('/api/events/'))).toBe(false);
  });

  it('ends an unknown event on the 404 page', async () => {
    const { where } = await renderWatch('/watch/999', { 'GET /events/999': () => ({ status: 404, json: { message: 'Event not found', field: 'id' } }) });
    await waitFor(() => expect(where()).toBe('/404'));
  });

  it('embeds the stage alone, without the event details', async () => {
    const register = detail({ access_type: 'register', has_access: false, access: { allowed: false, geo_blocked: false, options: ['register_free', 'login'] } });
    await renderWatch('/watch_embed/1', { 'GET /events/1': () => ({ json: { data: register } }) });
    expect(await screen.findByRole('region', { name: 'Watch this event' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});

import { axe } from '@grandstand/vitest-config/axe';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { hockeyPass, monthly, paidEvent, pkg, singleEventPackage, viewer } from '../test/fixtures.ts';
import { renderCommerce } from '../test/renderCommerce.tsx';

describe('SelectPackagePage', () => {
  it('offers this event alone, the passes covering it and the subscriptions', async () => {
    const { container, api } = await renderCommerce({
      route: '/select-package/12',
      routes: {
        'GET /events/12': () => ({ json: { data: paidEvent() } }),
        'GET /packages': () => ({ json: { data: [singleEventPackage, hockeyPass] } }),
        'GET /subscriptions': () => ({ json: { data: [monthly] } }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Get access to Northfield Eagles @ Riverside Lions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy for $10.99' })).toHaveAttribute('href', '/buy?event_id=12&single_event_package_id=1');
    const pass = screen.getByRole('listitem', { name: 'Hockey season pass' });
    expect(within(pass).getByRole('link', { name: 'Buy Hockey season pass' })).toHaveAttribute('href', '/buy?package_id=2&event_id=12');
    expect(screen.getByRole('link', { name: 'Buy All access monthly' })).toHaveAttribute('href', '/buy?subscription_id=5&event_id=12');
    expect(api.calls.find((call) => call.path === '/api/packages')?.query.event_id).toBe('12');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('offers only the event itself for a pay-per-view event (spec §6)', async () => {
    await renderCommerce({
      route: '/select-package/12',
      routes: {
        'GET /events/12': () => ({ json: { data: paidEvent({ access_type: 'ppv' }) } }),
        'GET /packages': () => ({ json: { data: [singleEventPackage, hockeyPass] } }),
        'GET /subscriptions': () => ({ json: { data: [monthly] } }),
      },
    });
    expect(await screen.findByRole('link', { name: 'Buy for $10.99' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Hockey season pass|All access/ })).toBeNull();
  });

  it('sends a viewer who already has access to the event', async () => {
    await renderCommerce({
      route: '/select-package/12',
      routes: {
        'GET /events/12': () => ({ json: { data: paidEvent({ has_access: true }) } }),
        'GET /packages': () => ({ json: { data: [] } }),
        'GET /subscriptions': () => ({ json: { data: [] } }),
      },
    });
    expect(await screen.findByText('You already have access to this event.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Watch now' })).toHaveAttribute('href', '/watch/12');
  });

  it('says so when the event does not exist', async () => {
    await renderCommerce({
      route: '/select-package/404',
      routes: { 'GET /events/404': () => ({ status: 404, json: { message: 'Not found' } }), 'GET /packages': () => ({ json: { data: [] } }), 'GET /subscriptions': () => ({ json: { data: [] } }) },
    });
    expect(await screen.findByRole('heading', { name: 'This event could not be found.' })).toBeInTheDocument();
  });

  it('spends a game of the viewer’s quota pass on this event in one press and goes to watch it (spec §6)', async () => {
    const user = userEvent.setup();
    const { api, container } = await renderCommerce({
      route: '/select-package/12',
      user: viewer,
      routes: {
        'GET /events/12': () => ({ json: { data: paidEvent() } }),
        'GET /packages': () => ({ json: { data: [singleEventPackage, pkg({ id: 40, name: '5-game pass', quota: 5, quota_left: 4, purchased: true })] } }),
        'GET /subscriptions': () => ({ json: { data: [] } }),
        'POST /packages/40/picks': () => ({ json: { data: { package_id: 40, event_id: 12, quota_left: 3 } } }),
      },
    });
    const pass = await screen.findByRole('listitem', { name: '5-game pass' });
    expect(within(pass).getByText('4 left')).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
    await user.click(within(pass).getByRole('button', { name: 'Use a game of this pass' }));
    expect(await screen.findByText('Watch')).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/api/packages/40/picks')?.body).toMatchObject({ event_id: 12 });
  });

  it('says why a pick was refused, and offers no pick when no game is left', async () => {
    const user = userEvent.setup();
    await renderCommerce({
      route: '/select-package/12',
      user: viewer,
      routes: {
        'GET /events/12': () => ({ json: { data: paidEvent() } }),
        'GET /packages': () => ({ json: { data: [pkg({ id: 40, name: '5-game pass', quota: 5, quota_left: 1, purchased: true }), pkg({ id: 41, name: 'Used pass', quota: 2, quota_left: 0, purchased: true })] } }),
        'GET /subscriptions': () => ({ json: { data: [] } }),
        'POST /packages/40/picks': () => ({ status: 409, json: { message: 'You have picked all the games of your pass.', field: 'id', code: 'quota_used_up' } }),
      },
    });
    const used = await screen.findByRole('listitem', { name: 'Used pass' });
    expect(within(used).getByText('0 left')).toBeInTheDocument();
    expect(within(used).queryByRole('button')).toBeNull();
    await user.click(within(screen.getByRole('listitem', { name: '5-game pass' })).getByRole('button', { name: 'Use a game of this pass' }));
    expect(await screen.findByText(/You have picked all the games of your pass/)).toBeInTheDocument();
  });
});

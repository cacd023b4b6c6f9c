import { axe } from '@grandstand/vitest-config/axe';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hockeyPass, monthly, paidEvent, singleEventPackage } from '../test/fixtures.ts';
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
});

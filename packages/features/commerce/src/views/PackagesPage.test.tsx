import { axe } from '@grandstand/vitest-config/axe';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { hockeyPass, monthly, pkg, singleEventPackage, teamPass } from '../test/fixtures.ts';
import { renderCommerce } from '../test/renderCommerce.tsx';

const offers = {
  'GET /packages': () => ({ json: { data: [singleEventPackage, hockeyPass, { ...teamPass, purchased: true }] } }),
  'GET /subscriptions': () => ({ json: { data: [monthly] } }),
};

describe('PackagesPage', () => {
  it('lists the passes and subscriptions with their price titles, purchased badges and buy links (spec §9)', async () => {
    const { container } = await renderCommerce({ route: '/packages', routes: offers });
    const pass = await screen.findByRole('listitem', { name: 'Hockey season pass' });
    expect(within(pass).getByText('$24.99 / 3 months')).toBeInTheDocument();
    expect(within(pass).getByRole('link', { name: 'Buy Hockey season pass' })).toHaveAttribute('href', '/buy?package_id=2');
    const team = screen.getByRole('listitem', { name: 'Eagles team pass' });
    expect(within(team).getByText('$49.99 / year')).toBeInTheDocument();
    expect(within(team).getByText('Purchased')).toBeInTheDocument();
    expect(within(team).queryByRole('link')).toBeNull();
    const subscription = screen.getByRole('listitem', { name: 'All access monthly' });
    expect(within(subscription).getByText('$9.99 / month')).toBeInTheDocument();
    expect(within(subscription).getByText('Free trial: 7 days')).toBeInTheDocument();
    expect(within(subscription).getByRole('link', { name: 'Buy All access monthly' })).toHaveAttribute('href', '/buy?subscription_id=5');
    // The single-event package is bought from an event only.
    expect(screen.queryByRole('listitem', { name: 'Single event' })).toBeNull();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows an empty state with a way out when nothing is on sale', async () => {
    const { container } = await renderCommerce({
      route: '/packages',
      routes: { 'GET /packages': () => ({ json: { data: [singleEventPackage] } }), 'GET /subscriptions': () => ({ json: { data: [] } }) },
    });
    expect(await screen.findByRole('heading', { name: 'Nothing is on sale right now' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse events' })).toHaveAttribute('href', '/');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows a failed load and loads again on retry', async () => {
    let calls = 0;
    const user = userEvent.setup();
    await renderCommerce({
      route: '/packages',
      routes: {
        'GET /packages': () => (++calls === 1 ? { status: 500, json: { message: 'boom' } } : { json: { data: [hockeyPass] } }),
        'GET /subscriptions': () => ({ json: { data: [] } }),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again or contact technical support');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Hockey season pass' })).toBeInTheDocument();
  });

  it('speaks French on a French site', async () => {
    await renderCommerce({
      route: '/packages',
      language: 'fr',
      routes: { 'GET /packages': () => ({ json: { data: [pkg({ id: 9, name: 'Passe saison', offer: 'annual', period: 1, base_price: 79.99, price: 79.99 })] } }), 'GET /subscriptions': () => ({ json: { data: [] } }) },
    });
    expect(await screen.findByRole('heading', { name: 'Forfaits' })).toBeInTheDocument();
    const pass = await screen.findByRole('listitem', { name: 'Passe saison' });
    expect(within(pass).getByText(/79,99/)).toHaveTextContent(/an/);
    expect(within(pass).getByRole('link', { name: 'Acheter Passe saison' })).toBeInTheDocument();
  });
});

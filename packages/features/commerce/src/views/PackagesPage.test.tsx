import { axe } from '@grandstand/vitest-config/axe';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { hockeyPass, monthly, order, pkg, singleEventPackage, teamPass, viewer } from '../test/fixtures.ts';
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

  it('gives the basic pass in one press to a registered viewer, who then sees "Upgrade" on the premium offers (spec §2)', async () => {
    const user = userEvent.setup();
    const basic = pkg({ id: 30, name: 'Basic pass', basic: true, price: 0, base_price: 0, offer: 'annual', period: 1 });
    const addOn = pkg({ id: 31, name: 'Ad-free', event_categories: [], capabilities: ['no_ads'] });
    let taken = false;
    const { api, container } = await renderCommerce({
      route: '/packages',
      user: viewer,
      routes: {
        'GET /packages': () => ({ json: { data: [{ ...basic, purchased: taken }, hockeyPass, addOn] } }),
        'GET /subscriptions': () => ({ json: { data: [monthly] } }),
        'POST /sandbox/buy': () => {
          taken = true;
          return { json: { data: { order: order({ id: 90, type: 'package', status: 'paid' }), next_action: null } } };
        },
      },
    });
    const tile = await screen.findByRole('listitem', { name: 'Basic pass' });
    expect(within(tile).getByText('Free basic pass')).toBeInTheDocument();
    expect(within(tile).getByText('Free')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy Hockey season pass' })).toBeInTheDocument();
    await user.click(within(tile).getByRole('button', { name: 'Get it free Basic pass' }));
    expect(await within(tile).findByText('Purchased')).toBeInTheDocument();
    const buy = api.calls.find((call) => call.path === '/api/sandbox/buy');
    expect(buy?.body).toMatchObject({ type: 'package', package_id: 30 });
    expect(buy?.body?.payment_method).toBeUndefined();
    // Premium offers upgrade the basic pass; an add-on granting only a capability is still bought.
    expect(screen.getByRole('link', { name: 'Upgrade Hockey season pass' })).toHaveAttribute('href', '/buy?package_id=2');
    expect(screen.getByRole('link', { name: 'Upgrade All access monthly' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy Ad-free' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says the basic pass is included once a premium offer replaced it, with nothing to take', async () => {
    await renderCommerce({
      route: '/packages',
      user: viewer,
      routes: {
        'GET /packages': () => ({ json: { data: [pkg({ id: 30, name: 'Basic pass', basic: true, price: 0, base_price: 0 }), { ...hockeyPass, purchased: true }] } }),
        'GET /subscriptions': () => ({ json: { data: [] } }),
      },
    });
    const tile = await screen.findByRole('listitem', { name: 'Basic pass' });
    expect(within(tile).getByText('Included in your pass')).toBeInTheDocument();
    expect(within(tile).queryByRole('button')).toBeNull();
  });

  it('shows a quota pass’s games and, to its holder, how many are left (spec §6)', async () => {
    const { container } = await renderCommerce({
      route: '/packages',
      user: viewer,
      routes: {
        'GET /packages': () => ({ json: { data: [pkg({ id: 40, name: '5-game pass', quota: 5, quota_left: 3, purchased: true }), pkg({ id: 41, name: '10-game pass', quota: 10 })] } }),
        'GET /subscriptions': () => ({ json: { data: [] } }),
      },
    });
    const held = await screen.findByRole('listitem', { name: '5-game pass' });
    expect(within(held).getByText('5 games of your choice')).toBeInTheDocument();
    expect(within(held).getByText('3 left')).toBeInTheDocument();
    const other = screen.getByRole('listitem', { name: '10-game pass' });
    expect(within(other).getByText('10 games of your choice')).toBeInTheDocument();
    expect(within(other).queryByText(/left/)).toBeNull();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says the basic pass and the games left in French', async () => {
    await renderCommerce({
      route: '/packages',
      language: 'fr',
      user: viewer,
      routes: {
        'GET /packages': () => ({ json: { data: [pkg({ id: 30, name: 'Passe de base', basic: true, price: 0, base_price: 0 }), pkg({ id: 40, name: 'Passe 5 matchs', quota: 5, quota_left: 2, purchased: true })] } }),
        'GET /subscriptions': () => ({ json: { data: [] } }),
      },
    });
    // The 5-game pass held covers games: the basic pass is in it.
    const basic = await screen.findByRole('listitem', { name: 'Passe de base' });
    expect(within(basic).getByText('Incluse dans votre passe')).toBeInTheDocument();
    const held = screen.getByRole('listitem', { name: 'Passe 5 matchs' });
    expect(within(held).getByText('5 matchs de votre choix')).toBeInTheDocument();
    expect(within(held).getByText('2 restants')).toBeInTheDocument();
  });
});

import { axe } from '@grandstand/vitest-config/axe';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventOrder, failedOrder, ordersResponse, passOrder, subscriptionOrder, trialOrder } from '../test/fixtures.ts';
import { renderProfile } from '../test/renderProfile.tsx';

const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('TransactionsPage', () => {
  it('lists every order’s transactions, newest first, with kind, status, card and amount', async () => {
    const { api, container } = await renderProfile({
      route: '/profile/transactions',
      routes: { 'GET /orders': () => ({ json: ordersResponse([eventOrder, passOrder, subscriptionOrder, trialOrder, failedOrder]) }) },
    });
    const table = await screen.findByRole('table', { name: 'Your payments, newest first' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Date', 'Product', 'Type', 'Status', 'Card', 'Amount']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map(cellsOf)).toEqual([
      ['Mar 4, 2026', 'Northfield v Eastbrook — Final', 'Purchase', 'Failed', 'Visa ending in 0002', '$10.98'],
      ['Mar 3, 2026', 'All-access monthly', 'Subscription Renewal', 'Succeeded', 'Visa ending in 4242', '$9.99'],
      ['Mar 3, 2026', 'All-access monthly', 'Subscription Renewal', 'Failed', 'Visa ending in 0002', '$9.99'],
      ['Mar 2, 2026', 'Northfield v Eastbrook — Final', 'Purchase', 'Succeeded', 'Visa ending in 4242', '$10.98'],
      ['Feb 1, 2026', 'All-access monthly', 'New subscription', 'Succeeded', 'Visa ending in 4242', '$9.99'],
      ['Jan 15, 2026', 'Basketball season pass', 'Purchase', 'Succeeded', 'Mastercard ending in 4444', '$49.99'],
    ]);
    // Every order, inactive ones included.
    expect(api.calls.find((call) => call.path === '/api/orders')?.query).toEqual(expect.not.objectContaining({ activity_status: expect.anything() }));
    expect(screen.getByRole('link', { name: 'Transactions' })).toHaveAttribute('aria-current', 'page');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says when there is nothing yet', async () => {
    const { container } = await renderProfile({ route: '/profile/transactions', routes: { 'GET /orders': () => ({ json: ordersResponse([trialOrder]) }) } });
    expect(await screen.findByRole('heading', { name: 'No transactions yet' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says so when they cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    await renderProfile({
      route: '/profile/transactions',
      routes: { 'GET /orders': () => (fail ? { networkError: true } : { json: ordersResponse([eventOrder]) }) },
    });
    expect(await screen.findByRole('heading', { name: 'Your transactions could not be loaded' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('shows a loader while they come', async () => {
    await renderProfile({ route: '/profile/transactions', routes: { 'GET /orders': () => ({ hang: true }) } });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your transactions…');
  });

  it('reads in French, amounts the French way', async () => {
    await renderProfile({
      route: '/profile/transactions',
      language: 'fr',
      routes: { 'GET /orders': () => ({ json: ordersResponse([subscriptionOrder]) }) },
    });
    const table = await screen.findByRole('table', { name: 'Vos paiements, du plus récent au plus ancien' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(cellsOf(first)).toEqual(['3 mars 2026', 'All-access monthly', 'Renouvellement d’abonnement', 'Réussi', 'Visa se terminant par 4242', '9,99\u00a0$US']);
  });
});

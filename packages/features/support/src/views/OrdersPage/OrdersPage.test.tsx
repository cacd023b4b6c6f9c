import { axe } from '@grandstand/vitest-config/axe';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { order, supportApi } from '../../test/fixtures.ts';
import { renderSupport } from '../../test/renderSupport.tsx';

describe('OrdersPage', () => {
  it('lists the orders found, opens one with its charges and the provider’s payment, and refunds it with a reason', async () => {
    const user = userEvent.setup();
    const { routes, sent } = supportApi();
    const { container } = await renderSupport({ routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '1 orders found' });
    expect(within(table).getByText('Owls team pass · Northfield Owls')).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();

    await user.click(within(table).getByRole('button', { name: 'Open order 41' }));
    expect(await screen.findByRole('heading', { name: 'Order 41' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Charges' })).toHaveTextContent('visa •••• 4242');
    expect(screen.getByText('pi_sbx_1', { selector: 'dd' })).toBeInTheDocument();

    // No reason: named on the field, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Refund order 41' }));
    expect(screen.getByRole('textbox', { name: /Reason for the refund/ })).toHaveAccessibleDescription('Write a reason of at least 3 characters.');
    expect(sent).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: /Reason for the refund/ }), 'The game was cancelled');
    await user.click(screen.getByRole('button', { name: 'Refund order 41' }));
    expect(await screen.findByText('Refunded. The viewer gets no new stream address for it.')).toBeInTheDocument();
    expect(sent[0]?.body).toMatchObject({ reason: 'The game was cancelled' });
    expect(await screen.findByTestId('order-refund')).toHaveTextContent('support@northfield.test: The game was cancelled');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('keeps the search in the address and says when nothing matches', async () => {
    const user = userEvent.setup();
    const { routes } = supportApi({ orders: [] });
    await renderSupport({ routes });
    expect(await screen.findByRole('heading', { name: 'No order matches this search.' })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Viewer\u2019s email'.replace('\u2019', "'") }), 'fan@');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'refunded');
    await user.click(screen.getByRole('button', { name: 'Find orders' }));
    expect(await screen.findByRole('heading', { name: 'No order matches this search.' })).toBeInTheDocument();
  });

  it('says a failed list and offers to try again', async () => {
    const { routes } = supportApi({ extra: { 'GET /console/orders': () => ({ status: 500, json: { message: 'Down' } }) } });
    await renderSupport({ routes });
    expect(await screen.findByRole('heading', { name: 'The orders could not be loaded.' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('speaks French, and offers no refund of a refunded order', async () => {
    const refunded = order({ status: 'refunded', active: false, refundedAt: '2026-12-06T10:00:00.000Z', refundReason: 'Match annulé', refundedBy: 'support@northfield.test' });
    const { routes } = supportApi({ orders: [refunded] });
    await renderSupport({ routes, route: '/orders?order=41', language: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Commandes' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Commande 41' })).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('Remboursée');
    expect(screen.queryByRole('button', { name: /Rembourser/ })).toBeNull();
  });
});

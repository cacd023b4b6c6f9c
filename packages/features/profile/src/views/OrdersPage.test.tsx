import { axe } from '@grandstand/vitest-config/axe';
import { selectToasts } from '@grandstand/store';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Order } from '@grandstand/contract';
import { TEST_SESSION_KEY, testSettings } from '@grandstand/test-kit/fixtures';
import {
  cancelledSubscriptionOrder,
  eventOrder,
  ordersResponse,
  passOrder,
  PROCESSED,
  subscriptionOrder,
  trialOrder,
} from '../test/fixtures.ts';
import { renderProfile } from '../test/renderProfile.tsx';
import { OrdersPage } from './OrdersPage.tsx';

const orderCard = (name: string) => screen.getByRole('article', { name });

describe('OrdersPage', () => {
  it('lists the active orders with their labels, periods and renewal', async () => {
    const { api, container } = await renderProfile({
      routes: { 'GET /orders': () => ({ json: ordersResponse([eventOrder, passOrder, subscriptionOrder, trialOrder]) }) },
    });
    expect(await screen.findByRole('heading', { name: 'Active orders' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your active orders' });
    expect(within(list).getAllByRole('article')).toHaveLength(4);

    const event = orderCard('Northfield v Eastbrook — Final');
    expect(event).toHaveTextContent('Paid');
    expect(event).toHaveTextContent('Event');
    expect(event).toHaveTextContent('$10.98');
    expect(event).toHaveTextContent('Bought onMar 2, 2026');

    const pass = orderCard('Basketball season pass');
    expect(pass).toHaveTextContent('Active');
    expect(pass).toHaveTextContent('Valid untilJan 15, 2027');

    const subscription = orderCard('All-access monthly');
    expect(subscription).toHaveTextContent('RenewalAuto-Renewal');
    expect(subscription).toHaveTextContent('Next renewalApr 2, 2099');
    expect(within(subscription).getByRole('button', { name: 'Cancel auto-renewal' })).toBeEnabled();

    expect(orderCard('All-access annual')).toHaveTextContent('Free trial untilFeb 8, 2099');
    expect(within(event).queryByRole('button')).toBeNull();

    // spec §7: active orders, no_limit=1 as no limit is given.
    expect(api.calls.find((call) => call.path === '/api/orders')?.query).toMatchObject({ activity_status: 'active', no_limit: '1' });
    expect(await axe(container)).toHaveNoViolations();
  });

  it('cancels auto-renewal after the confirmation: processing, then cancelled with the processed message', async () => {
    const user = userEvent.setup();
    let current: Order = subscriptionOrder;
    let release: () => void = () => undefined;
    const { api, store, container } = await renderProfile({
      routes: {
        'GET /orders': () => ({ json: ordersResponse([current]) }),
        'POST /sandbox/unsubscribe': async () => {
          await new Promise<void>((resolve) => (release = resolve));
          current = cancelledSubscriptionOrder;
          return { json: { data: cancelledSubscriptionOrder, message: PROCESSED } };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel auto-renewal' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cancel auto-renewal?' });
    expect(dialog).toHaveTextContent('All-access monthly will not renew. You keep access until Apr 2, 2099.');
    expect(await axe(container.ownerDocument.body)).toHaveNoViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel auto-renewal' }));

    // Processing: the press is blocked and announced while the server works.
    expect(await screen.findByRole('status')).toHaveTextContent('Cancelling auto-renewal…');
    expect(screen.getByRole('button', { name: 'Cancel auto-renewal' })).toBeDisabled();
    release();

    const card = orderCard('All-access monthly');
    await waitFor(() => expect(card).toHaveTextContent('RenewalAuto-Renewal Cancelled'));
    expect(card).toHaveTextContent('Active untilApr 2, 2099');
    expect(within(card).queryByRole('button', { name: 'Cancel auto-renewal' })).toBeNull();
    expect(within(card).getByRole('heading', { name: 'All-access monthly' })).toHaveFocus();
    expect(selectToasts(store.getState())).toEqual([expect.objectContaining({ message: PROCESSED, type: 'success' })]);
    expect(api.calls.find((call) => call.path === '/api/sandbox/unsubscribe')?.body).toMatchObject({ order_id: 13, api_key: TEST_SESSION_KEY });
    expect(await axe(container)).toHaveNoViolations();
  });

  it('keeps auto-renewal when the viewer says no', async () => {
    const user = userEvent.setup();
    const { api } = await renderProfile({ routes: { 'GET /orders': () => ({ json: ordersResponse([subscriptionOrder]) }) } });
    await user.click(await screen.findByRole('button', { name: 'Cancel auto-renewal' }));
    await user.click(await screen.findByRole('button', { name: 'Keep auto-renewal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Cancel auto-renewal' })).toBeEnabled();
    expect(api.calls.some((call) => call.path.endsWith('/unsubscribe'))).toBe(false);
  });

  it('uses the channel’s card provider and shows a refused cancel', async () => {
    const user = userEvent.setup();
    const { api } = await renderProfile({
      routes: {
        'GET /settings': () => ({ json: { data: testSettings({ payments: { provider: 'stripe', publishable_key: 'pk_test_1' } }) } }),
        'GET /orders': () => ({ json: ordersResponse([subscriptionOrder]) }),
        'POST /stripe/unsubscribe': () => ({ status: 500, json: { message: 'Server down' } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel auto-renewal' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel auto-renewal' }));
    expect(await screen.findByText('Something went wrong. Please try again or contact technical support')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel auto-renewal' })).toBeEnabled();
    expect(api.calls.some((call) => call.path === '/api/stripe/unsubscribe')).toBe(true);
  });

  it('shows an empty list with a way to buy', async () => {
    const user = userEvent.setup();
    const { container, where } = await renderProfile({ routes: { 'GET /orders': () => ({ json: ordersResponse([]) }) } });
    expect(await screen.findByRole('heading', { name: 'No active orders' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
    await user.click(screen.getByRole('link', { name: 'See passes and subscriptions' }));
    expect(where()).toBe('/packages');
  });

  it('says so when the orders cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { container } = await renderProfile({
      routes: { 'GET /orders': () => (fail ? { status: 500, json: { message: 'Down' } } : { json: ordersResponse([eventOrder]) }) },
    });
    expect(await screen.findByRole('heading', { name: 'Your orders could not be loaded' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Northfield v Eastbrook — Final' })).toBeInTheDocument();
  });

  it('shows a loader while the orders come', async () => {
    await renderProfile({ routes: { 'GET /orders': () => ({ hang: true }) } });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your orders…');
  });

  it('opens the card provider’s portal', async () => {
    const user = userEvent.setup();
    const opened: string[] = [];
    await renderProfile({
      routes: {
        'GET /orders': () => ({ json: ordersResponse([]) }),
        'GET /sandbox/customer-portal': () => ({ json: { data: { url: 'http://localhost/sandbox/portal/tok123' } } }),
      },
      children: [{ index: true, element: <OrdersPage openUrl={(url) => opened.push(url)} /> }],
    });
    const button = await screen.findByRole('button', { name: 'Manage cards and billing' });
    expect(button).toHaveAccessibleDescription(/update or remove saved cards/);
    await user.click(button);
    await waitFor(() => expect(opened).toEqual(['http://localhost/sandbox/portal/tok123']));
  });

  it('says so when the portal cannot open', async () => {
    const user = userEvent.setup();
    await renderProfile({
      routes: { 'GET /orders': () => ({ json: ordersResponse([]) }), 'GET /sandbox/customer-portal': () => ({ status: 500, json: { message: 'Down' } }) },
      children: [{ index: true, element: <OrdersPage openUrl={() => undefined} /> }],
    });
    await user.click(await screen.findByRole('button', { name: 'Manage cards and billing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The billing page could not be opened. Please try again.');
  });

  it('reads in French, the processed message included', async () => {
    const user = userEvent.setup();
    const { store } = await renderProfile({
      language: 'fr',
      routes: {
        'GET /orders': () => ({ json: ordersResponse([subscriptionOrder]) }),
        'POST /sandbox/unsubscribe': () => ({ json: { data: cancelledSubscriptionOrder, message: PROCESSED } }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Commandes actives' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'All-access monthly' })).toHaveTextContent('RenouvellementRenouvellement automatique');
    await user.click(screen.getByRole('button', { name: 'Annuler le renouvellement automatique' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Annuler le renouvellement' }));
    await waitFor(() => expect(orderCard('All-access monthly')).toHaveTextContent('Renouvellement automatique annulé'));
    expect(selectToasts(store.getState())[0]?.message).toMatch(/^Votre demande a été traitée\./);
  });
});

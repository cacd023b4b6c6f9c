import type { FakeHandler } from '@grandstand/api-client/testing';
import { selectPopups, selectToasts } from '@grandstand/store';
import { dataLayerEvents } from '@grandstand/test-kit';
import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { monthly, order, paidEvent, savedCard, singleEventPackage, teamPass, viewer } from '../test/fixtures.ts';
import { renderCommerce } from '../test/renderCommerce.tsx';

const EVENT_BUY = '/buy?event_id=12&single_event_package_id=1';

const eventRoutes: Record<string, FakeHandler> = {
  'GET /events/12': () => ({ json: { data: paidEvent() } }),
  'GET /packages/1': () => ({ json: { data: singleEventPackage } }),
};

beforeEach(() => {
  delete (window as unknown as { dataLayer?: unknown[] }).dataLayer;
  window.sessionStorage.clear();
});

async function enterCard(user: ReturnType<typeof userEvent.setup>, number = '4242424242424242') {
  await user.type(await screen.findByLabelText(/^Card number/), number);
  await user.type(screen.getByLabelText(/^Expiry month/), '12');
  await user.type(screen.getByLabelText(/^Expiry year/), '2030');
  await user.type(screen.getByLabelText(/^Security code/), '123');
}

describe('BuyPage', () => {
  it('says "id not selected" without an id (spec §5)', async () => {
    await renderCommerce({ route: '/buy', user: viewer });
    expect(await screen.findByRole('alert')).toHaveTextContent('id not selected');
  });

  it('sends a paid event without its single-event package id to the choice of packages (spec §5)', async () => {
    const { where } = await renderCommerce({ route: '/buy?event_id=12', user: viewer, routes: { ...eventRoutes, 'GET /packages': () => ({ json: { data: [] } }), 'GET /subscriptions': () => ({ json: { data: [] } }) } });
    await waitFor(() => expect(where()).toBe('/select-package/12'));
  });

  it('shows a visitor the price and the way in, carrying the buy path', async () => {
    const { container } = await renderCommerce({ route: EVENT_BUY, routes: eventRoutes });
    expect(await screen.findByTestId('checkout-total')).toHaveTextContent('$10.99');
    const back = encodeURIComponent(EVENT_BUY);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?redirect=${back}`);
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', `/registration?redirect=${back}`);
    // Before paying, the playback check (spec §2 /simulate).
    expect(screen.getByRole('link', { name: 'Test your device' })).toHaveAttribute('href', '/simulate');
    expect(dataLayerEvents()).toEqual(['view_buy_page']);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('checks a promo code: empty is refused locally, a wrong one shows the server text, a good one lowers the total', async () => {
    const user = userEvent.setup();
    const { api } = await renderCommerce({
      route: EVENT_BUY,
      user: viewer,
      routes: {
        ...eventRoutes,
        'GET /apply_coupon': (request) =>
          request.query.code === 'FAN2'
            ? { json: { data: { code: 'FAN2', original_price: 10.99, price: 8.99, discount: 2 } } }
            : { status: 400, json: { message: 'Wrong promo code', field: 'code' } },
      },
    });
    const apply = await screen.findByRole('button', { name: 'Apply' });
    await user.click(apply);
    expect(await screen.findByText('Promo code is invalid')).toBeInTheDocument();
    expect(api.calls.some((call) => call.path === '/api/apply_coupon')).toBe(false);

    await user.type(screen.getByLabelText('Promo code'), 'NOPE');
    await user.click(apply);
    expect(await screen.findByText('Wrong promo code')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Promo code'));
    await user.type(screen.getByLabelText('Promo code'), 'FAN2');
    await user.click(apply);
    expect(await screen.findByText('Promo code FAN2 applied: you save $2.00.')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$8.99');
    expect(api.calls.at(-1)?.query).toMatchObject({ code: 'FAN2', type: 'event', id: '12' });
  });

  it('asks for a team for a team pass (spec §5), unless the viewer already has an order of it', async () => {
    const user = userEvent.setup();
    await renderCommerce({
      route: '/buy?package_id=3',
      user: viewer,
      routes: { 'GET /packages/3': () => ({ json: { data: teamPass } }), 'GET /orders': () => ({ json: { data: [], meta: { total: 0, offset: 0, limit: null } } }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Package is TeamPass but team not selected')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Team/), 'Northfield Eagles');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Payment' })).toHaveFocus();
  });

  it('lets a viewer with an order of the team pass continue without a team', async () => {
    const user = userEvent.setup();
    await renderCommerce({
      route: '/buy?package_id=3',
      user: viewer,
      routes: {
        'GET /packages/3': () => ({ json: { data: teamPass } }),
        'GET /orders': () => ({ json: { data: [order({ id: 40, type: 'package', status: 'paid', product: { id: 3, name: 'Eagles team pass', participant_id: 11, event_category_id: null } })], meta: { total: 1, offset: 0, limit: null } } }),
        'GET /sandbox/list-cards': () => ({ json: { data: [] } }),
      },
    });
    await screen.findByRole('button', { name: 'Continue' });
    await waitFor(() => expect(screen.getByLabelText(/^Team/)).not.toBeRequired());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
  });

  it('asks to choose a saved card or enter a new one (spec §5)', async () => {
    const user = userEvent.setup();
    const { api, container } = await renderCommerce({ route: EVENT_BUY, user: viewer, routes: { ...eventRoutes, 'GET /sandbox/list-cards': () => ({ json: { data: [savedCard] } }) } });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('radio', { name: 'Visa ending in 4242, expires 04/2031' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Pay $10.99' }));
    expect(await screen.findByText('Please select one of your saved cards or enter new one')).toHaveRole('alert');
    expect(api.calls.some((call) => call.path === '/api/sandbox/buy')).toBe(false);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('buys with a new card: card entry, one keyed buy, polling every 2 s until paid, then the event', async () => {
    const user = userEvent.setup();
    let polls = 0;
    const { api, store, where } = await renderCommerce({
      route: EVENT_BUY,
      user: viewer,
      routes: {
        ...eventRoutes,
        'GET /sandbox/list-cards': () => ({ json: { data: [] } }),
        'POST /sandbox/payment_methods': () => ({ json: { data: { id: 'pm_new_1', brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 } } }),
        'POST /sandbox/buy': () => ({ json: { data: { order: order({ id: 77 }), next_action: null } } }),
        'GET /orders/77': () => ({ json: { data: order({ id: 77, ...(++polls >= 2 ? { status: 'paid', activity_status: 'active', label: 'Paid' } : {}) }) } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await enterCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $10.99' }));
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
    await waitFor(() => expect(where()).toBe('/watch/12'), { timeout: 5000 });

    const method = api.calls.find((call) => call.path === '/api/sandbox/payment_methods');
    expect(method?.body).toMatchObject({ number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' });
    const buys = api.calls.filter((call) => call.path === '/api/sandbox/buy');
    expect(buys).toHaveLength(1);
    expect(buys[0]?.body).toMatchObject({ type: 'event', event_id: 12, single_event_package_id: 1, payment_method: 'pm_new_1', save_card: true, return_path: EVENT_BUY });
    expect(buys[0]?.body?.idempotency_key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(polls).toBe(2);
    expect(selectToasts(store.getState()).map((toast) => [toast.type, toast.message])).toEqual([['success', 'Payment successful. Enjoy!']]);
    expect(dataLayerEvents()).toEqual(['view_buy_page', 'begin_purchase', 'begin_checkout', 'purchase', 'purchase_success']);
  }, 10_000);

  it('opens the failed popup with the reason, and a new attempt gets a new idempotency key', async () => {
    const user = userEvent.setup();
    const { api, store } = await renderCommerce({
      route: EVENT_BUY,
      user: viewer,
      routes: {
        ...eventRoutes,
        'GET /sandbox/list-cards': () => ({ json: { data: [savedCard] } }),
        'POST /sandbox/buy': () => ({ json: { data: { order: order({ id: 78 }), next_action: null } } }),
        'GET /orders/78': () => ({ json: { data: order({ id: 78, status: 'failed', popup: true, failure_reason: 'Your card was declined.' }) } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: /Visa ending in 4242/ }));
    await user.click(screen.getByRole('button', { name: 'Pay $10.99' }));
    await waitFor(() => expect(selectPopups(store.getState())).toHaveLength(1));
    expect(selectPopups(store.getState())[0]).toMatchObject({ title: 'Payment failed', message: 'Your card was declined.' });
    const failed = (window as unknown as { dataLayer: Array<{ event?: string; ecommerce?: { error_reason?: string } }> }).dataLayer.find((entry) => entry.event === 'purchase_failed');
    expect(failed?.ecommerce?.error_reason).toBe('Your card was declined.');

    await user.click(await screen.findByRole('button', { name: 'Pay $10.99' }));
    await waitFor(() => expect(api.calls.filter((call) => call.path === '/api/sandbox/buy')).toHaveLength(2));
    const [first, second] = api.calls.filter((call) => call.path === '/api/sandbox/buy');
    expect(second?.body?.idempotency_key).not.toBe(first?.body?.idempotency_key);
  });

  it('sends the same idempotency key again when a lost answer is retried with the same card', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    const { api } = await renderCommerce({
      route: EVENT_BUY,
      user: viewer,
      routes: {
        ...eventRoutes,
        'GET /sandbox/list-cards': () => ({ json: { data: [savedCard] } }),
        'POST /sandbox/buy': () => (++attempt === 1 ? { networkError: true } : { json: { data: { order: order({ id: 79, status: 'paid' }), next_action: null } } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: /Visa ending in 4242/ }));
    await user.click(screen.getByRole('button', { name: 'Pay $10.99' }));
    expect(await screen.findByText(/Something went wrong/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $10.99' }));
    await waitFor(() => expect(attempt).toBe(2));
    const [first, second] = api.calls.filter((call) => call.path === '/api/sandbox/buy');
    expect(second?.body?.idempotency_key).toBe(first?.body?.idempotency_key);
  });

  it('shows which card field the processor refused', async () => {
    const user = userEvent.setup();
    await renderCommerce({
      route: EVENT_BUY,
      user: viewer,
      routes: {
        ...eventRoutes,
        'GET /sandbox/list-cards': () => ({ json: { data: [] } }),
        'POST /sandbox/payment_methods': () => ({ status: 400, json: { message: 'number is invalid', field: 'number' } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await enterCard(user, '4242424242424241');
    await user.click(screen.getByRole('button', { name: 'Pay $10.99' }));
    expect(await screen.findByText('This card number is not valid')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Card number/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('follows a card’s security check: remembers the order, leaves for the check, and polls it on return', async () => {
    const user = userEvent.setup();
    const first = await renderCommerce({
      route: EVENT_BUY,
      user: viewer,
      routes: {
        ...eventRoutes,
        'GET /sandbox/list-cards': () => ({ json: { data: [savedCard] } }),
        'POST /sandbox/buy': () => ({ json: { data: { order: order({ id: 80 }), next_action: { type: 'authenticate', url: 'http://localhost/sandbox/authenticate/pi_80' } } } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: /Visa ending in 4242/ }));
    await user.click(screen.getByRole('button', { name: 'Pay $10.99' }));
    expect(await screen.findByText('Taking you to your card’s security check…')).toBeInTheDocument();
    expect(Object.values(window.sessionStorage)).toContain('80');
    first.unmount();

    const back = await renderCommerce({
      route: `${EVENT_BUY}&order_id=80`,
      user: viewer,
      routes: { ...eventRoutes, 'GET /orders/80': () => ({ json: { data: order({ id: 80, status: 'paid', activity_status: 'active', label: 'Paid' }) } }) },
    });
    await waitFor(() => expect(back.where()).toBe('/watch/12'));
  });

  it('ends on the event when its order was paid before the viewer came back from the security check', async () => {
    const { store, where } = await renderCommerce({
      route: `${EVENT_BUY}&order_id=80`,
      user: viewer,
      routes: {
        'GET /events/12': () => ({ json: { data: paidEvent({ has_access: true, access: { allowed: true, geo_blocked: false, options: [] } }) } }),
        'GET /packages/1': () => ({ json: { data: singleEventPackage } }),
      },
    });
    await waitFor(() => expect(where()).toBe('/watch/12'));
    expect(selectToasts(store.getState()).map((toast) => toast.message)).toContain('Payment successful. Enjoy!');
  });

  it('follows the order already open in another tab instead of paying again: its security step is offered, and its payment ends here too', async () => {
    const user = userEvent.setup();
    let polls = 0;
    const step = 'http://localhost/sandbox/authenticate/pi_81';
    const openMessage = 'A purchase of this is already in progress.';
    const { api, store, where, container } = await renderCommerce({
      route: EVENT_BUY,
      user: viewer,
      routes: {
        ...eventRoutes,
        'GET /sandbox/list-cards': () => ({ json: { data: [savedCard] } }),
        'POST /sandbox/buy': () => ({
          status: 409,
          json: { message: openMessage, field: 'event_id', errors: { event_id: [openMessage] }, order: order({ id: 81 }), next_action: { type: 'authenticate', url: step } },
        }),
        'GET /orders/81': () => ({ json: { data: order({ id: 81, ...(++polls >= 2 ? { status: 'paid', activity_status: 'active', label: 'Paid' } : {}) }) } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: /Visa ending in 4242/ }));
    await user.click(screen.getByRole('button', { name: 'Pay $10.99' }));

    expect(await screen.findByText(/already under way, in another tab or window/)).toHaveRole('status');
    expect(screen.getByRole('link', { name: 'Complete your card’s security check' })).toHaveAttribute('href', step);
    expect(screen.queryByText(openMessage)).toBeNull();
    expect(await axe(container)).toHaveNoViolations();
    await waitFor(() => expect(where()).toBe('/watch/12'), { timeout: 5000 });
    expect(api.calls.filter((call) => call.path === '/api/sandbox/buy')).toHaveLength(1);
    expect(polls).toBe(2);
    expect(selectToasts(store.getState()).map((toast) => toast.message)).toEqual(['Payment successful. Enjoy!']);
  }, 10_000);

  it('opens the failed popup when the followed order fails', async () => {
    const user = userEvent.setup();
    let polls = 0;
    const openMessage = 'A purchase of this is already in progress.';
    const { store } = await renderCommerce({
      route: EVENT_BUY,
      user: viewer,
      language: 'fr',
      routes: {
        ...eventRoutes,
        'GET /sandbox/list-cards': () => ({ json: { data: [savedCard] } }),
        'POST /sandbox/buy': () => ({ status: 409, json: { message: openMessage, field: 'event_id', errors: { event_id: [openMessage] }, order: order({ id: 82 }), next_action: null } }),
        // Open at the first look (the viewer sees it is being followed), failed at the next.
        'GET /orders/82': () => {
          polls += 1;
          return { json: { data: polls === 1 ? order({ id: 82 }) : order({ id: 82, status: 'failed', popup: true, failure_reason: 'Your card was declined.' }) } };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Continuer' }));
    await user.click(await screen.findByRole('radio', { name: /Visa/ }));
    await user.click(screen.getByRole('button', { name: /^Payer/ }));
    expect(await screen.findByText(/Votre achat est déjà en cours/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /vérification de sécurité/ })).toBeNull();
    // The next look comes at the checkout's polling interval (spec §4: every 2 s).
    await waitFor(() => expect(selectPopups(store.getState())).toHaveLength(1), { timeout: 5000 });
    expect(selectPopups(store.getState())[0]).toMatchObject({ title: 'Échec du paiement' });
  });

  it('offers the free trial while the viewer has not used one, and starts it with the chosen card', async () => {
    const user = userEvent.setup();
    const { api, store, where } = await renderCommerce({
      route: '/buy?subscription_id=5',
      user: viewer,
      routes: {
        'GET /subscriptions/5': () => ({ json: { data: monthly } }),
        'GET /sandbox/list-cards': () => ({ json: { data: [savedCard] } }),
        'POST /sandbox/subscription/start_trial': () => ({
          json: {
            data: {
              order: order({
                id: 81,
                type: 'subscription',
                status: 'paid',
                amount: 0,
                subscription: { status: 'active', auto_renew: true, renewal_label: 'Auto-Renewal', trial_ends_at: '2025-11-28T18:00:00.000Z', current_period_end: null },
              }),
              next_action: null,
            },
          },
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: /Visa ending in 4242/ }));
    await user.click(screen.getByRole('button', { name: 'Start free trial (7 days)' }));
    await waitFor(() => expect(where()).toBe('/profile'));
    expect(api.calls.find((call) => call.path === '/api/sandbox/subscription/start_trial')?.body).toMatchObject({ subscription_id: 5, payment_method: savedCard.id });
    expect(selectToasts(store.getState())[0]?.message).toBe('Your free trial has started. Enjoy!');
  });

  it('offers no trial to a viewer who used theirs (spec §6)', async () => {
    const user = userEvent.setup();
    await renderCommerce({
      route: '/buy?subscription_id=5',
      user: { ...viewer, trial_period_used: true },
      routes: { 'GET /subscriptions/5': () => ({ json: { data: monthly } }), 'GET /sandbox/list-cards': () => ({ json: { data: [] } }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('button', { name: 'Pay $9.99' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /free trial/ })).toBeNull();
  });

  it('speaks French on a French site', async () => {
    const user = userEvent.setup();
    await renderCommerce({ route: EVENT_BUY, user: viewer, language: 'fr', routes: { ...eventRoutes, 'GET /sandbox/list-cards': () => ({ json: { data: [] } }) } });
    await user.click(await screen.findByRole('button', { name: 'Continuer' }));
    expect(await screen.findByLabelText(/^Numéro de carte/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Payer 10,99/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Payer/ }));
    expect(await screen.findByText('Veuillez sélectionner l’une de vos cartes enregistrées ou en saisir une nouvelle')).toBeInTheDocument();
  });
});

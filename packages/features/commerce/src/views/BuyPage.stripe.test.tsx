import type { FakeHandler } from '@grandstand/api-client/testing';
import { axe } from '@grandstand/vitest-config/axe';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { order, paidEvent, savedCard, settings, singleEventPackage, viewer } from '../test/fixtures.ts';
import { renderCommerce } from '../test/renderCommerce.tsx';

// Stripe.js is the outside boundary (Stripe's servers and iframe): a fake with the same calls.
const stripeJs = vi.hoisted(() => {
  type Handler = (event: unknown) => void;
  const handlers = new Map<string, Handler>();
  const card = {
    mount: vi.fn(() => {
      queueMicrotask(() => handlers.get('ready')?.({ elementType: 'card' }));
    }),
    on: vi.fn((type: string, handler: Handler) => {
      handlers.set(type, handler);
      return card;
    }),
    update: vi.fn(),
    focus: vi.fn(),
    destroy: vi.fn(),
  };
  const elements = { create: vi.fn(() => card) };
  const stripe = { elements: vi.fn(() => elements), createPaymentMethod: vi.fn() };
  return {
    card,
    elements,
    stripe,
    handlers,
    loadStripe: vi.fn(async () => stripe),
    /** What Stripe's iframe reports as the viewer types. */
    type(event: { empty: boolean; complete: boolean; error?: { type: 'validation_error'; code: string; message: string } }) {
      act(() => handlers.get('change')?.({ elementType: 'card', brand: 'visa', value: { postalCode: '' }, ...event }));
    },
  };
});
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripeJs.loadStripe }));

const EVENT_BUY = '/buy?event_id=12&single_event_package_id=1';
const PUBLISHABLE_KEY = 'pk_test_grandstand';

function stripeRoutes(extra: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  return {
    'GET /settings': () => ({ json: { data: { ...settings, payments: { provider: 'stripe', publishable_key: PUBLISHABLE_KEY } } } }),
    'GET /events/12': () => ({ json: { data: paidEvent() } }),
    'GET /packages/1': () => ({ json: { data: singleEventPackage } }),
    'GET /stripe/list-cards': () => ({ json: { data: [] } }),
    ...extra,
  };
}

beforeEach(() => {
  vi.clearAllMocks();
  // No answer of one test's Stripe may reach the next.
  stripeJs.stripe.createPaymentMethod.mockReset();
  stripeJs.handlers.clear();
  delete (window as unknown as { dataLayer?: unknown[] }).dataLayer;
  window.sessionStorage.clear();
});

describe('BuyPage with Stripe as the card provider', () => {
  it('takes a new card through Stripe’s card element and buys with the payment method Stripe made', async () => {
    const user = userEvent.setup();
    stripeJs.stripe.createPaymentMethod
      .mockResolvedValueOnce({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } })
      .mockResolvedValueOnce({ paymentMethod: { id: 'pm_stripe_1' } });
    const { api, container, where } = await renderCommerce({
      route: EVENT_BUY,
      user: viewer,
      routes: stripeRoutes({
        'POST /stripe/buy': () => ({ json: { data: { order: order({ id: 90, status: 'paid', activity_status: 'active', label: 'Paid' }), next_action: null } } }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));

    const field = await screen.findByRole('group', { name: 'Card details' });
    await waitFor(() => expect(stripeJs.card.mount).toHaveBeenCalledWith(field));
    expect(stripeJs.loadStripe).toHaveBeenCalledWith(PUBLISHABLE_KEY);
    expect(stripeJs.stripe.elements).toHaveBeenCalledWith({ locale: 'en' });
    expect(stripeJs.elements.create).toHaveBeenCalledWith('card', expect.objectContaining({ disabled: false }));
    expect(screen.queryByText(/can’t be entered here/)).not.toBeInTheDocument();

    // Stripe's own words, under the field, as the viewer types…
    stripeJs.type({ empty: false, complete: false, error: { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' } });
    expect(field).toHaveAccessibleDescription('Your card number is invalid.');
    stripeJs.type({ empty: false, complete: true });
    expect(field).toHaveAccessibleDescription('');
    expect(await axe(container)).toHaveNoViolations();

    // …and when Stripe refuses the card: nothing is bought.
    await user.click(screen.getByRole('button', { name: 'Pay $10.99' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Your card was declined.'));
    expect(api.calls.some((call) => call.path === '/api/stripe/buy')).toBe(false);

    // The viewer fixes the card; the payment method Stripe makes is the buy's payment_method.
    stripeJs.type({ empty: false, complete: true });
    await user.click(screen.getByRole('button', { name: 'Pay $10.99' }));
    await waitFor(() => expect(where()).toBe('/watch/12'));
    expect(stripeJs.stripe.createPaymentMethod).toHaveBeenLastCalledWith({ type: 'card', card: stripeJs.card });
    const buys = api.calls.filter((call) => call.path === '/api/stripe/buy');
    expect(buys).toHaveLength(1);
    expect(buys[0]?.body).toMatchObject({ type: 'event', event_id: 12, payment_method: 'pm_stripe_1', save_card: true, return_path: EVENT_BUY });
  });

  it('keeps the card element disabled while paying and reuses the payment method when a lost answer is retried', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    stripeJs.stripe.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_stripe_2' } });
    const { api } = await renderCommerce({
      route: EVENT_BUY,
      user: viewer,
      routes: stripeRoutes({ 'POST /stripe/buy': () => (++attempt === 1 ? { networkError: true } : { json: { data: { order: order({ id: 91, status: 'paid' }), next_action: null } } }) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await screen.findByRole('group', { name: 'Card details' });
    await waitFor(() => expect(stripeJs.handlers.has('change')).toBe(true));
    stripeJs.type({ empty: false, complete: true });
    await user.click(screen.getByRole('button', { name: 'Pay $10.99' }));
    expect(await screen.findByText(/Something went wrong/)).toBeInTheDocument();
    expect(stripeJs.card.update).toHaveBeenCalledWith(expect.objectContaining({ disabled: true }));
    expect(stripeJs.card.update).toHaveBeenLastCalledWith(expect.objectContaining({ disabled: false }));

    await user.click(screen.getByRole('button', { name: 'Pay $10.99' }));
    await waitFor(() => expect(attempt).toBe(2));
    expect(stripeJs.stripe.createPaymentMethod).toHaveBeenCalledTimes(1);
    const [first, second] = api.calls.filter((call) => call.path === '/api/stripe/buy');
    expect(second?.body).toMatchObject({ payment_method: 'pm_stripe_2', idempotency_key: first?.body?.idempotency_key });
  });

  it('asks to choose a card when the card element is left empty (spec §5)', async () => {
    const user = userEvent.setup();
    const { api } = await renderCommerce({ route: EVENT_BUY, user: viewer, routes: stripeRoutes() });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await screen.findByRole('group', { name: 'Card details' });
    await waitFor(() => expect(stripeJs.card.mount).toHaveBeenCalled());
    await user.click(screen.getByRole('button', { name: 'Pay $10.99' }));
    expect(await screen.findByText('Please select one of your saved cards or enter new one')).toHaveRole('alert');
    expect(stripeJs.stripe.createPaymentMethod).not.toHaveBeenCalled();
    expect(api.calls.some((call) => call.path === '/api/stripe/buy')).toBe(false);
  });

  it('loads Stripe.js only when a new card is to be entered, in the viewer’s language', async () => {
    const user = userEvent.setup();
    await renderCommerce({ route: EVENT_BUY, user: viewer, language: 'fr', routes: stripeRoutes({ 'GET /stripe/list-cards': () => ({ json: { data: [savedCard] } }) }) });
    await user.click(await screen.findByRole('button', { name: 'Continuer' }));
    await screen.findByRole('radio', { name: /Visa se terminant par 4242/ });
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();

    await user.click(screen.getByRole('radio', { name: 'Nouvelle carte' }));
    expect(await screen.findByRole('group', { name: 'Informations de la carte' })).toBeInTheDocument();
    await waitFor(() => expect(stripeJs.stripe.elements).toHaveBeenCalledWith({ locale: 'fr' }));
  });

  it('offers to try again when Stripe.js cannot be loaded', async () => {
    const user = userEvent.setup();
    stripeJs.loadStripe.mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
    await renderCommerce({ route: EVENT_BUY, user: viewer, routes: stripeRoutes() });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The secure card form couldn’t load. Check your connection and try again.')).toHaveRole('alert');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(stripeJs.card.mount).toHaveBeenCalled());
    expect(screen.queryByText(/couldn’t load/)).not.toBeInTheDocument();
  });
});

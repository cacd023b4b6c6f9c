import type { CouponQuote } from '@grandstand/contract';
import { describe, expect, it } from 'vitest';
import { checkoutReducer, initialCheckoutState, isSubmitLocked } from './checkoutReducer.ts';
import type { CheckoutAction, CheckoutState } from './checkoutReducer.ts';

const quote: CouponQuote = { code: 'FAN2', original_price: 10.99, price: 8.99, discount: 2 };

function run(state: CheckoutState, ...actions: CheckoutAction[]): CheckoutState {
  return actions.reduce(checkoutReducer, state);
}

const start = initialCheckoutState({ participantId: null, orderId: null });
const onPayment = run(start, { type: 'continueRequested' }, { type: 'continued' });
const submitting = run(onPayment, { type: 'methodChosen', choice: 'pm_saved' }, { type: 'submitted', mode: 'buy' });
const polling = run(submitting, { type: 'orderOpened', orderId: 77 });

describe('initialCheckoutState', () => {
  it('starts choosing on the review step, keeping the card by default', () => {
    expect(start).toMatchObject({ status: 'choosing', step: 'review', participant: '', choice: null, saveCard: true, order: null, mode: null });
    expect(start.promo).toEqual({ code: '', error: '', quote: null });
  });

  it('takes the team of the query', () => {
    expect(initialCheckoutState({ participantId: 11, orderId: null }).participant).toBe('11');
  });

  it('follows the order it comes back with (the card’s security step) at once', () => {
    expect(initialCheckoutState({ participantId: null, orderId: 80 })).toMatchObject({ status: 'polling', order: { id: 80, followedStep: null, stopped: false } });
  });
});

describe('checkoutReducer: review step', () => {
  it('continues to the payment step, clearing the team error', () => {
    const refused = run(start, { type: 'refused', refusal: { field: 'team', message: 'Package is TeamPass but team not selected' } });
    expect(refused).toMatchObject({ step: 'review', teamError: 'Package is TeamPass but team not selected', status: 'choosing' });
    expect(run(refused, { type: 'continueRequested' }).teamError).toBe('');
    expect(run(refused, { type: 'continueRequested' }, { type: 'continued' }).step).toBe('payment');
  });

  it('choosing a team clears its error', () => {
    const refused = run(start, { type: 'refused', refusal: { field: 'team', message: 'no team' } });
    expect(run(refused, { type: 'participantChosen', participant: '11' })).toMatchObject({ participant: '11', teamError: '' });
  });
});

describe('checkoutReducer: promo code', () => {
  it('applies a quote, clears the error when checked again, removes code and quote together', () => {
    const typed = run(start, { type: 'promoTyped', code: 'FAN2' });
    const refused = run(typed, { type: 'refused', refusal: { field: 'promo', message: 'Wrong promo code' } });
    expect(refused.promo).toEqual({ code: 'FAN2', error: 'Wrong promo code', quote: null });
    const applied = run(refused, { type: 'promoRequested' }, { type: 'promoApplied', quote });
    expect(applied.promo).toEqual({ code: 'FAN2', error: '', quote });
    expect(run(applied, { type: 'promoRemoved' }).promo).toEqual({ code: '', error: '', quote: null });
  });

  it('drops the quote when the code is refused (spec §8 "Wrong promo code"), also at payment', () => {
    const applied = run(submitting, { type: 'promoApplied', quote });
    const refused = run(applied, { type: 'refused', refusal: { field: 'promo', message: 'Wrong promo code' } });
    expect(refused.promo.quote).toBeNull();
    expect(refused.status).toBe('choosing');
  });
});

describe('checkoutReducer: payment step', () => {
  it('typing a card or changing Stripe’s card clears the payment message', () => {
    const refused = run(onPayment, { type: 'refused', refusal: { field: 'payment', message: 'Please select one of your saved cards or enter new one' } });
    expect(run(refused, { type: 'cardTyped', field: 'number', value: '4242' })).toMatchObject({ paymentError: '', card: { number: '4242' } });
    expect(run(refused, { type: 'stripeCardChanged' }).paymentError).toBe('');
  });

  it('keeps the choice of card and of saving it', () => {
    expect(run(onPayment, { type: 'methodChosen', choice: 'new' }, { type: 'saveCardToggled', saveCard: false })).toMatchObject({ choice: 'new', saveCard: false });
  });

  it('a submit clears the messages of the last one and remembers its mode', () => {
    const refused = run(onPayment, { type: 'refused', refusal: { field: 'card', errors: { number: 'This card number is not valid' } } });
    const trial = run(refused, { type: 'refused', refusal: { field: 'payment', message: 'x' } }, { type: 'submitted', mode: 'trial' });
    expect(trial).toMatchObject({ status: 'submitting', mode: 'trial', paymentError: '', cardErrors: {} });
  });

  it('ignores a second submit while one is under way, redirecting or paid', () => {
    expect(isSubmitLocked(submitting)).toBe(true);
    expect(checkoutReducer(submitting, { type: 'submitted', mode: 'trial' })).toBe(submitting);
    const redirecting = run(submitting, { type: 'redirecting' });
    expect(checkoutReducer(redirecting, { type: 'submitted', mode: 'buy' })).toBe(redirecting);
    const paid = run(polling, { type: 'paid' });
    expect(checkoutReducer(paid, { type: 'submitted', mode: 'buy' })).toBe(paid);
  });

  it('each refusal of a submit goes back to choosing with its message in its place', () => {
    expect(run(submitting, { type: 'refused', refusal: { field: 'payment', message: 'Something went wrong' } })).toMatchObject({
      status: 'choosing',
      paymentError: 'Something went wrong',
    });
    expect(run(submitting, { type: 'refused', refusal: { field: 'card', errors: { cvc: 'Required' } } })).toMatchObject({ status: 'choosing', cardErrors: { cvc: 'Required' } });
    expect(run(submitting, { type: 'refused', refusal: { field: 'team', message: 'no team' } })).toMatchObject({ status: 'choosing', step: 'review', teamError: 'no team' });
    expect(run(submitting, { type: 'refused', refusal: { field: null } })).toMatchObject({ status: 'choosing', paymentError: '' });
  });
});

describe('checkoutReducer: after the order is sent', () => {
  it('leaves for the card’s security step', () => {
    expect(run(submitting, { type: 'redirecting' }).status).toBe('redirecting');
  });

  it('polls an open order until it is paid: polling stops (no order is followed)', () => {
    expect(polling).toMatchObject({ status: 'polling', order: { id: 77, followedStep: null, stopped: false } });
    expect(run(polling, { type: 'paid' })).toMatchObject({ status: 'paid', order: null });
  });

  it('stops polling on a failed order and goes back to the payment step to try again', () => {
    const failed = run(polling, { type: 'failed' });
    expect(failed).toMatchObject({ status: 'failed', step: 'payment', order: null });
    expect(isSubmitLocked(failed)).toBe(false);
    expect(run(failed, { type: 'submitted', mode: 'buy' }).status).toBe('submitting');
  });

  it('a failed order from the submit itself ends the same way', () => {
    expect(run(submitting, { type: 'failed' })).toMatchObject({ status: 'failed', step: 'payment', order: null });
  });

  it('stops polling on an error until the viewer retries', () => {
    const stopped = run(polling, { type: 'pollFailed' });
    expect(stopped.order).toEqual({ id: 77, followedStep: null, stopped: true });
    expect(checkoutReducer(stopped, { type: 'pollFailed' })).toBe(stopped);
    expect(run(stopped, { type: 'pollRetried' }).order?.stopped).toBe(false);
  });

  it('a poll error or retry without an order changes nothing', () => {
    expect(checkoutReducer(onPayment, { type: 'pollFailed' })).toBe(onPayment);
    expect(checkoutReducer(onPayment, { type: 'pollRetried' })).toBe(onPayment);
  });

  it('after a polling error the viewer may press again; a refused press goes back to the followed order', () => {
    const stopped = run(polling, { type: 'pollFailed' });
    expect(isSubmitLocked(stopped)).toBe(false);
    const again = run(stopped, { type: 'submitted', mode: 'buy' });
    expect(again).toMatchObject({ status: 'submitting', order: { id: 77, stopped: true } });
    expect(run(again, { type: 'refused', refusal: { field: 'payment', message: 'x' } }).status).toBe('polling');
  });

  it('follows the order already open elsewhere, with its security step when it waits for one', () => {
    const refused = run(submitting, { type: 'refused', refusal: { field: null } });
    const followed = run(refused, { type: 'openOrderFollowed', orderId: 81, followedStep: 'http://localhost/sandbox/authenticate/pi_81' });
    expect(followed).toMatchObject({ status: 'polling', order: { id: 81, followedStep: 'http://localhost/sandbox/authenticate/pi_81', stopped: false } });
    expect(run(followed, { type: 'paid' }).order).toBeNull();
    expect(run(refused, { type: 'openOrderFollowed', orderId: 82, followedStep: '' }).order?.followedStep).toBe('');
  });
});

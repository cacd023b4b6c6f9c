import type { Order } from '@grandstand/contract';
import { ORDER_POLL_INTERVAL_MS } from '@grandstand/contract';
import { useErrorText, useTranslation } from '@grandstand/i18n';
import { addToast, isApiError, showPopup, useAppDispatch, useGetOrdersQuery } from '@grandstand/store';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useEffectEvent, useReducer, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  invalidateAfterPurchase,
  openOrderOf,
  useApplyCouponMutation,
  useBuyMutation,
  useCreateSandboxPaymentMethodMutation,
  useGetOrderQuery,
  useListCardsQuery,
  useStartTrialMutation,
} from '../commerceApi.ts';
import type { BuyResult } from '../commerceApi.ts';
import { CARD_FIELDS } from '../components/CardForm.tsx';
import type { CardErrors, CardField } from '../components/CardForm.tsx';
import { NEW_CARD } from '../components/PaymentMethodChoice.tsx';
import type { StripeCardHandle } from '../components/StripeCardField.tsx';
import { selectPackagePath } from '../paths.ts';
import { couponSubject, createAttemptKeys, preparePurchase, returnPathFor, successPath } from '../purchase.ts';
import type { BuyTarget, PreparationProblem } from '../purchase.ts';
import { trackPurchase } from '../shared/analytics.ts';
import { fieldOfError } from '../shared/errors.ts';
import { failureText } from '../shared/failureReason.ts';
import { forgetPendingOrder, pendingOrderFor, rememberPendingOrder } from '../shared/pendingOrder.ts';
import { useShop } from '../shared/useShop.ts';
import type { CheckoutItem } from '../useOffer.ts';
import { checkoutReducer, initialCheckoutState, isSubmitLocked } from './checkoutReducer.ts';
import type { CheckoutMode, Refusal } from './checkoutReducer.ts';

/** What Stripe adds to the return address after its security step; the checkout has no use for them. */
const PROVIDER_RETURN_KEYS = ['payment_intent', 'payment_intent_client_secret', 'setup_intent', 'setup_intent_client_secret', 'redirect_status'];

/** order_id of the query: the order back from the card's security check. */
export function orderIdOf(params: URLSearchParams): number | null {
  const value = params.get('order_id');
  return value !== null && /^[0-9]{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

export interface CheckoutOptions {
  target: BuyTarget;
  item: CheckoutItem;
  /** The viewer has had their free trial (spec §6). */
  trialUsed: boolean;
}

/**
 * The checkout of one target for a logged-in viewer: the steps of `checkoutReducer`, the calls
 * (promo code, payment method, buy or start_trial, the order polled every 2 s), one idempotency key
 * per attempt, and what each step ends with (analytics, toast, failed popup, navigation).
 */
export function useCheckout({ target, item, trialUsed }: CheckoutOptions) {
  const { t } = useTranslation(['commerce', 'errors', 'validation', 'common']);
  const errorText = useErrorText();
  const shop = useShop();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const returnPath = returnPathFor(target);

  const [keys] = useState(() => createAttemptKeys());
  const [state, send] = useReducer(checkoutReducer, null, () =>
    initialCheckoutState({
      participantId: target.type === 'package' ? target.participantId : null,
      orderId: orderIdOf(params) ?? pendingOrderFor(returnPath),
    }),
  );
  const paymentHeading = useRef<HTMLHeadingElement>(null);
  const createdMethod = useRef<{ fingerprint: string; id: string } | null>(null);
  const stripeCard = useRef<StripeCardHandle>(null);
  // The payment method Stripe made of the card as entered: a retry of the same card keeps it (and so
  // its idempotency key); any change in the card element drops it.
  const stripeMethod = useRef<string | null>(null);

  const [applyCoupon, couponState] = useApplyCouponMutation();
  const [createPaymentMethod] = useCreateSandboxPaymentMethodMutation();
  const [buy] = useBuyMutation();
  const [startTrial] = useStartTrialMutation();
  const cards = useListCardsQuery(shop.provider, { skip: state.step !== 'payment' });
  // spec §5: a team pass needs a team unless the viewer already has a paid order of it.
  const { hasTeamPassOrder } = useGetOrdersQuery(item.isTeamPass ? { type: 'package', status: 'paid' } : skipToken, {
    selectFromResult: ({ data }) => ({ hasTeamPassOrder: (data?.data ?? []).some((order) => order.product.id === item.id) }),
  });

  // spec §4: after a purchase the order is polled every 2 s until paid or failed; polling stops on
  // either (the order is dropped), or on an error (the interval goes to 0 until a retry).
  const orderId = state.order?.id ?? null;
  const order = useGetOrderQuery(orderId ?? skipToken, {
    pollingInterval: state.order?.stopped ? 0 : ORDER_POLL_INTERVAL_MS,
    skipPollingIfUnfocused: false,
  });
  const pollFailed = orderId !== null && order.error !== undefined;
  // Stopping on the error it renders with, as state derived from the previous render.
  if (pollFailed && state.order?.stopped === false) send({ type: 'pollFailed' });

  const { quote } = state.promo;
  const total = quote ? quote.price : item.price;
  const trialOffered = item.type === 'subscription' && item.trialDays > 0 && !trialUsed;
  const needsCard = total > 0 || trialOffered;
  const savedCards = cards.data ?? [];
  // No saved card: the new card form is the only way, so it is chosen already.
  const choice = state.choice ?? (cards.isSuccess && savedCards.length === 0 ? NEW_CARD : null);
  const busy = isSubmitLocked(state) || (orderId !== null && !pollFailed);
  const participantId = state.participant === '' ? null : Number(state.participant);

  const prepare = (paymentMethod: string | null) =>
    preparePurchase({
      target,
      eventNeedsPackage: true,
      isTeamPass: item.isTeamPass,
      hasTeamPassOrder,
      participantId,
      coupon: quote?.code ?? null,
      paymentMethod,
      // Subscriptions renew with the saved card (spec §9), so their card is always kept.
      saveCard: item.type === 'subscription' ? true : state.saveCard,
      returnPath,
    });

  const refuse = (refusal: Refusal) => send({ type: 'refused', refusal });

  const showProblem = (problem: PreparationProblem) => {
    if (problem === 'teamNotSelected') refuse({ field: 'team', message: t('errors:teamNotSelected') });
    else if (problem === 'singleEventPackageRequired') {
      refuse({ field: null });
      void navigate(selectPackagePath(target.eventId ?? 0), { replace: true });
    } else refuse({ field: 'payment', message: t('errors:idNotSelected') });
  };

  const finishAttempt = () => {
    keys.finish();
    forgetPendingOrder(returnPath);
    // A payment method tried in an order that ended is not offered again: a new attempt makes a new one.
    stripeMethod.current = null;
    if (params.has('order_id') || PROVIDER_RETURN_KEYS.some((key) => params.has(key))) {
      const next = new URLSearchParams(params);
      for (const key of ['order_id', ...PROVIDER_RETURN_KEYS]) next.delete(key);
      setParams(next, { replace: true });
    }
  };

  const onPaid = (paid: Order) => {
    finishAttempt();
    send({ type: 'paid' });
    dispatch(invalidateAfterPurchase());
    trackPurchase('purchase_success', item, shop.currency, paid.amount, { transaction_id: paid.id });
    const trial = paid.subscription?.trial_ends_at != null && paid.amount === 0;
    dispatch(addToast({ type: 'success', message: t(trial ? 'checkout.trialStarted' : 'checkout.success') }));
    void navigate(successPath(target), { replace: true });
  };

  const onFailed = (failed: Order) => {
    finishAttempt();
    send({ type: 'failed' });
    trackPurchase('purchase_failed', item, shop.currency, failed.amount, { transaction_id: failed.id, error_reason: failed.failure_reason ?? 'failed' });
    // spec §8: a failed order carries a popup flag; the failed popup says why.
    dispatch(showPopup({ title: t('checkout.failedTitle'), message: failureText(failed.failure_reason, t), okLabel: t('checkout.ok') })).catch(() => undefined);
  };

  const settle = useEffectEvent((polled: Order) => {
    if (polled.status === 'paid') onPaid(polled);
    else if (polled.status === 'failed' || polled.status === 'refunded') onFailed(polled);
  });
  const polled = order.currentData;
  useEffect(() => {
    // The server's answer ends the attempt (state reset, popup or navigation): an outside system's
    // result arriving, which is what effects are for.
    if (polled && polled.id === orderId) settle(polled);
  }, [polled, orderId]);

  const showPaymentStep = useEffectEvent(() => {
    paymentHeading.current?.focus();
    trackPurchase('begin_checkout', item, shop.currency, total);
  });
  useEffect(() => {
    // Once per time the payment step is shown.
    if (state.step === 'payment') showPaymentStep();
  }, [state.step]);

  const applyPromo = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'promoRequested' });
    const code = state.promo.code.trim();
    // spec §5: an empty code is refused before any call.
    if (code === '') {
      refuse({ field: 'promo', message: t('validation:promoInvalid') });
      return;
    }
    try {
      send({ type: 'promoApplied', quote: await applyCoupon({ code, ...couponSubject(target) }).unwrap() });
    } catch (error) {
      // spec §8: the server's "Wrong promo code".
      refuse({ field: 'promo', message: errorText(error) });
    }
  };

  const continueToPayment = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'continueRequested' });
    const prepared = prepare(null);
    if (!prepared.ok) {
      showProblem(prepared.problem);
      return;
    }
    trackPurchase('begin_purchase', item, shop.currency, total);
    send({ type: 'continued' });
  };

  /** The sandbox's new card: checked here (spec §5), then made a payment method by the processor. */
  const sandboxPaymentMethod = async (): Promise<string | Refusal> => {
    const { card } = state;
    const filled = CARD_FIELDS.filter((field) => card[field].trim() !== '');
    if (filled.length === 0 || (filled.length === 1 && filled[0] === 'name')) return { field: 'payment', message: t('validation:paymentCard') };
    const missing: CardErrors = {};
    for (const field of CARD_FIELDS) if (field !== 'name' && card[field].trim() === '') missing[field] = t('validation:required');
    if (Object.keys(missing).length > 0) return { field: 'card', errors: missing };
    const details = {
      number: card.number.replace(/[\s-]/g, ''),
      exp_month: Number(card.exp_month),
      exp_year: Number(card.exp_year),
      cvc: card.cvc.trim(),
      ...(card.name.trim() ? { name: card.name.trim() } : {}),
    };
    const fingerprint = JSON.stringify(details);
    // The same card entered again is the same payment method, so a retry keeps its idempotency key.
    if (createdMethod.current?.fingerprint === fingerprint) return createdMethod.current.id;
    try {
      const method = await createPaymentMethod(details).unwrap();
      createdMethod.current = { fingerprint, id: method.id };
      return method.id;
    } catch (error) {
      const field = fieldOfError(error);
      if (field !== undefined && (CARD_FIELDS as readonly string[]).includes(field)) return { field: 'card', errors: { [field]: t(`checkout.cardInvalid.${field as CardField}`) } };
      return { field: 'payment', message: errorText(error) };
    }
  };

  /** The new card through Stripe.js: its errors show under the card element, an empty card asks to choose (spec §5). */
  const stripePaymentMethod = async (): Promise<string | Refusal> => {
    if (stripeMethod.current !== null) return stripeMethod.current;
    const result = (await stripeCard.current?.createPaymentMethod()) ?? { status: 'refused' };
    if (result.status === 'empty') return { field: 'payment', message: t('validation:paymentCard') };
    if (result.status !== 'created') return { field: null };
    stripeMethod.current = result.id;
    return result.id;
  };

  /** The payment method to send: none when nothing is charged, else the chosen card's (or why there is none). */
  const paymentMethodFor = async (): Promise<string | null | Refusal> => {
    // A trial always needs a card, and is offered only where one is needed (trialOffered).
    if (!needsCard) return null;
    if (choice === null) return { field: 'payment', message: t('validation:paymentCard') };
    if (choice !== NEW_CARD) return choice;
    return shop.provider === 'stripe' ? stripePaymentMethod() : sandboxPaymentMethod();
  };

  const handleResult = (result: BuyResult) => {
    if (result.next_action) {
      // The card asks for its security check on the processor's page, which sends the viewer back here.
      rememberPendingOrder(returnPath, result.order.id);
      send({ type: 'redirecting' });
      window.location.assign(result.next_action.url);
      return;
    }
    if (result.order.status === 'paid') onPaid(result.order);
    else if (result.order.status === 'failed') onFailed(result.order);
    else send({ type: 'orderOpened', orderId: result.order.id });
  };

  /**
   * The server refused a second order while one of this product is open (another tab): this page
   * follows that order as it follows its own, and offers its security step rather than leaving for
   * it, since the other tab may be on it already. No second payment is made.
   */
  const followOpenOrder = (open: BuyResult) => {
    if (open.order.status === 'paid') return onPaid(open.order);
    if (open.order.status === 'failed' || open.order.status === 'refunded') return onFailed(open.order);
    rememberPendingOrder(returnPath, open.order.id);
    send({ type: 'openOrderFollowed', orderId: open.order.id, followedStep: open.next_action?.url ?? '' });
  };

  const submit = async (mode: CheckoutMode) => {
    // A second press while one is under way is ignored (the reducer ignores it too).
    if (isSubmitLocked(state)) return;
    send({ type: 'submitted', mode });
    const paymentMethod = await paymentMethodFor();
    if (paymentMethod !== null && typeof paymentMethod === 'object') {
      refuse(paymentMethod);
      return;
    }
    const prepared = prepare(paymentMethod);
    if (!prepared.ok) {
      showProblem(prepared.problem);
      return;
    }
    const key = keys.keyFor({ mode, ...prepared.body });
    trackPurchase('purchase', item, shop.currency, mode === 'trial' ? 0 : total);
    try {
      const result =
        mode === 'trial' && target.type === 'subscription' && paymentMethod !== null
          ? await startTrial({
              provider: shop.provider,
              body: { idempotency_key: key, subscription_id: target.subscriptionId, payment_method: paymentMethod, return_path: returnPath },
            }).unwrap()
          : await buy({ provider: shop.provider, body: { ...prepared.body, idempotency_key: key } }).unwrap();
      handleResult(result);
    } catch (error) {
      const open = openOrderOf(error);
      if (open) {
        refuse({ field: null });
        followOpenOrder(open);
        return;
      }
      const field = fieldOfError(error);
      const text = errorText(error);
      if (field === 'participant_id') refuse({ field: 'team', message: t('errors:teamNotSelected') });
      else if (field === 'coupon' || field === 'code') refuse({ field: 'promo', message: text });
      else refuse({ field: 'payment', message: text });
      trackPurchase('purchase_failed', item, shop.currency, total, { error_reason: isApiError(error) ? error.message : text });
    }
  };

  return {
    state,
    /** What the checkout offers, derived from the item, the viewer and the promo code. */
    total,
    trialOffered,
    needsCard,
    hasTeamPassOrder,
    cards,
    savedCards,
    choice,
    busy,
    pollFailed,
    applyingPromo: couponState.isLoading,
    paymentHeading,
    stripeCard,
    setParticipant: (participant: string) => send({ type: 'participantChosen', participant }),
    setPromoCode: (code: string) => send({ type: 'promoTyped', code }),
    removePromo: () => send({ type: 'promoRemoved' }),
    chooseMethod: (chosen: string) => send({ type: 'methodChosen', choice: chosen }),
    typeCard: (field: CardField, value: string) => send({ type: 'cardTyped', field, value }),
    stripeCardChanged: () => {
      stripeMethod.current = null;
      send({ type: 'stripeCardChanged' });
    },
    setSaveCard: (saveCard: boolean) => send({ type: 'saveCardToggled', saveCard }),
    applyPromo,
    continueToPayment,
    pay: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      void submit('buy');
    },
    startTrial: () => void submit('trial'),
    retryPolling: () => {
      send({ type: 'pollRetried' });
      void order.refetch();
    },
  };
}

export type Checkout = ReturnType<typeof useCheckout>;

import type { CouponQuote, Order } from '@grandstand/contract';
import { ORDER_POLL_INTERVAL_MS } from '@grandstand/contract';
import { useErrorText, useTranslation } from '@grandstand/i18n';
import { addToast, isApiError, selectUser, showPopup, useAppDispatch, useAppSelector, useGetOrdersQuery } from '@grandstand/store';
import { Button, ButtonLink, Checkbox, FormMessage, Link, Loader, Page, PageTitle, SectionTitle, Select, Stack, Text, TextField } from '@grandstand/ui';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import styled from 'styled-components';
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
import { CARD_FIELDS, CardForm, EMPTY_CARD } from '../components/CardForm.tsx';
import type { CardErrors, CardField, CardValues } from '../components/CardForm.tsx';
import { LoadError, Loading } from '../components/LoadState.tsx';
import { OrderSummary } from '../components/OrderSummary.tsx';
import { StripeCardField } from '../components/StripeCardField.tsx';
import type { StripeCardHandle } from '../components/StripeCardField.tsx';
import { selectPackagePath } from '../paths.ts';
import { buyQuery, couponSubject, createAttemptKeys, parseBuyQuery, preparePurchase, returnPathFor, successPath } from '../purchase.ts';
import type { BuyTarget, PreparationProblem } from '../purchase.ts';
import { trackPurchase } from '../shared/analytics.ts';
import { fieldOfError } from '../shared/errors.ts';
import { failureText } from '../shared/failureReason.ts';
import { forgetPendingOrder, pendingOrderFor, rememberPendingOrder } from '../shared/pendingOrder.ts';
import { useShop } from '../shared/useShop.ts';
import { useOffer } from '../useOffer.ts';
import type { CheckoutItem } from '../useOffer.ts';

const NEW_CARD = 'new';
/** What Stripe adds to the return address after its security step; the checkout has no use for them. */
const PROVIDER_RETURN_KEYS = ['payment_intent', 'payment_intent_client_secret', 'setup_intent', 'setup_intent_client_secret', 'redirect_status'];

function orderIdOf(params: URLSearchParams): number | null {
  const value = params.get('order_id');
  return value !== null && /^[0-9]{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/**
 * `/buy` (spec §2, §3 query keys): the checkout of an event (event_id + single_event_package_id), a
 * package (package_id, participant_id or the team select for a team pass) or a subscription
 * (subscription_id). With order_id (back from a card's security check) it follows that order.
 */
export function BuyPage() {
  const { t } = useTranslation(['commerce', 'errors']);
  const [params] = useSearchParams();
  const target = parseBuyQuery(params);
  if (target === null) {
    return (
      <Page as="main" width="medium" gap="lg">
        <PageTitle>{t('checkout.title')}</PageTitle>
        {/* spec §5 purchase preparation: "id not selected". */}
        <FormMessage tone="error">{t('errors:idNotSelected')}</FormMessage>
        <Link href="/packages">{t('packages.title')}</Link>
      </Page>
    );
  }
  // A new target is a new checkout: its state starts afresh.
  return <BuyTargetView key={buyQuery(target).toString()} target={target} />;
}

function BuyTargetView({ target }: { target: BuyTarget }) {
  const { t } = useTranslation(['commerce', 'errors']);
  const offer = useOffer(target);
  const user = useAppSelector(selectUser);
  const [params] = useSearchParams();
  const returnedOrder = orderIdOf(params);
  const heading = <PageTitle>{t('checkout.title')}</PageTitle>;

  switch (offer.status) {
    case 'loading':
      return (
        <Page as="main" width="medium" gap="lg" aria-busy="true">
          {heading}
          <Loading />
        </Page>
      );
    case 'error':
      return (
        <Page as="main" width="medium" gap="lg">
          {heading}
          {isApiError(offer.error) && offer.error.status === 404 ? (
            <FormMessage tone="error">{t('errors:idNotSelected')}</FormMessage>
          ) : (
            <LoadError error={offer.error} onRetry={offer.retry} />
          )}
        </Page>
      );
    case 'needsPackage':
      // spec §5: a paid event is bought through a single-event package; the viewer picks it (or a pass) first.
      return <Navigate to={selectPackagePath(offer.eventId)} replace />;
    case 'notForSale':
      // Back from a card's security step with the order already paid (its webhook came first): the
      // purchase is done, so it ends as any paid purchase does, on the event.
      if (offer.hasAccess && returnedOrder !== null) return <PaidOnReturn eventId={offer.eventId} />;
      return (
        <Page as="main" width="medium" gap="lg">
          {heading}
          <Text>{offer.hasAccess ? t('select.hasAccess') : t('select.noPurchaseNeeded')}</Text>
          <div>
            <ButtonLink href={`/watch/${offer.eventId}`}>
              {t('select.watch')}
            </ButtonLink>
          </div>
        </Page>
      );
    case 'ready':
      return (
        <Page as="main" width="medium" gap="lg">
          {heading}
          {user === null ? <VisitorCheckout target={target} item={offer.item} /> : <Checkout target={target} item={offer.item} trialUsed={user.trial_period_used} />}
        </Page>
      );
  }
}

function PaidOnReturn({ eventId }: { eventId: number }) {
  const { t } = useTranslation('commerce');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    dispatch(addToast({ type: 'success', message: t('checkout.success') }));
    void navigate(`/watch/${eventId}`, { replace: true });
  }, [dispatch, navigate, t, eventId]);
  return <Loader label={t('checkout.processing')} />;
}

function useViewBuyPage(item: CheckoutItem) {
  const shop = useShop();
  const pushed = useRef(false);
  useEffect(() => {
    if (pushed.current) return;
    pushed.current = true;
    trackPurchase('view_buy_page', item, shop.currency, item.price);
  }, [item, shop.currency]);
}

/** A visitor sees what it costs and the way in: log in or register, then come back here. */
function VisitorCheckout({ target, item }: { target: BuyTarget; item: CheckoutItem }) {
  const { t } = useTranslation('commerce');
  useViewBuyPage(item);
  const back = new URLSearchParams({ redirect: returnPathFor(target) }).toString();
  return (
    <>
      <OrderSummary item={item} quote={null} />
      <Text>{t('checkout.loginPrompt')}</Text>
      <Stack direction="row" gap="sm">
        <ButtonLink href={`/login?${back}`}>
          {t('checkout.login')}
        </ButtonLink>
        <ButtonLink href={`/registration?${back}`} variant="secondary">
          {t('checkout.register')}
        </ButtonLink>
      </Stack>
    </>
  );
}

type Mode = 'buy' | 'trial';

function Checkout({ target, item, trialUsed }: { target: BuyTarget; item: CheckoutItem; trialUsed: boolean }) {
  const { t } = useTranslation(['commerce', 'errors', 'validation', 'common']);
  const errorText = useErrorText();
  const shop = useShop();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const returnPath = returnPathFor(target);
  useViewBuyPage(item);

  const [keys] = useState(() => createAttemptKeys());
  const [step, setStep] = useState<'review' | 'payment'>('review');
  const [participant, setParticipant] = useState(target.type === 'package' && target.participantId !== null ? String(target.participantId) : '');
  const [teamError, setTeamError] = useState('');
  const [promo, setPromo] = useState('');
  const [promoError, setPromoError] = useState('');
  const [quote, setQuote] = useState<CouponQuote | null>(null);
  const [chosen, setChoice] = useState<string | null>(null);
  const [card, setCard] = useState<CardValues>(EMPTY_CARD);
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [saveCard, setSaveCard] = useState(true);
  const [paymentError, setPaymentError] = useState('');
  const [phase, setPhase] = useState<'idle' | 'submitting' | 'redirecting'>('idle');
  const [orderId, setOrderId] = useState<number | null>(() => orderIdOf(params) ?? pendingOrderFor(returnPath));
  // The viewer's order of this product already open elsewhere (another tab), followed here: its
  // security step's address when it waits for one, '' when it does not.
  const [followedStep, setFollowedStep] = useState<string | null>(null);
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
  const cards = useListCardsQuery(shop.provider, { skip: step !== 'payment' });
  // spec §5: a team pass needs a team unless the viewer already has a paid order of it.
  const { hasTeamPassOrder } = useGetOrdersQuery(item.isTeamPass ? { type: 'package', status: 'paid' } : skipToken, {
    selectFromResult: ({ data }) => ({ hasTeamPassOrder: (data?.data ?? []).some((order) => order.product.id === item.id) }),
  });

  // spec §4: after a purchase the order is polled every 2 s until paid or failed; polling stops on
  // either (the order id is dropped), or on an error (the interval goes to 0 until a retry).
  const [pollStopped, setPollStopped] = useState(false);
  const order = useGetOrderQuery(orderId ?? skipToken, {
    pollingInterval: pollStopped ? 0 : ORDER_POLL_INTERVAL_MS,
    skipPollingIfUnfocused: false,
  });
  const pollFailed = orderId !== null && order.error !== undefined;
  if (pollFailed && !pollStopped) setPollStopped(true);

  const total = quote ? quote.price : item.price;
  const trialOffered = item.type === 'subscription' && item.trialDays > 0 && !trialUsed;
  const needsCard = total > 0 || trialOffered;
  const savedCards = cards.data ?? [];
  // No saved card: the new card form is the only way, so it is chosen already.
  const choice = chosen ?? (cards.isSuccess && savedCards.length === 0 ? NEW_CARD : null);
  const busy = phase !== 'idle' || (orderId !== null && !pollFailed);
  const participantId = participant === '' ? null : Number(participant);

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
      saveCard: item.type === 'subscription' ? true : saveCard,
      returnPath,
    });

  const showProblem = (problem: PreparationProblem) => {
    if (problem === 'teamNotSelected') {
      setStep('review');
      setTeamError(t('errors:teamNotSelected'));
    } else if (problem === 'singleEventPackageRequired') {
      void navigate(selectPackagePath(target.eventId ?? 0), { replace: true });
    } else {
      setPaymentError(t('errors:idNotSelected'));
    }
  };

  const finishAttempt = () => {
    keys.finish();
    forgetPendingOrder(returnPath);
    setOrderId(null);
    setFollowedStep(null);
    setPhase('idle');
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
    dispatch(invalidateAfterPurchase());
    trackPurchase('purchase_success', item, shop.currency, paid.amount, { transaction_id: paid.id });
    const trial = paid.subscription?.trial_ends_at != null && paid.amount === 0;
    dispatch(addToast({ type: 'success', message: t(trial ? 'checkout.trialStarted' : 'checkout.success') }));
    void navigate(successPath(target), { replace: true });
  };

  const onFailed = (failed: Order) => {
    finishAttempt();
    setStep('payment');
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
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (polled && polled.id === orderId) settle(polled);
  }, [polled, orderId]);

  useEffect(() => {
    if (step !== 'payment') return;
    paymentHeading.current?.focus();
    trackPurchase('begin_checkout', item, shop.currency, total);
    // Once per time the payment step is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  const onApplyPromo = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPromoError('');
    const code = promo.trim();
    // spec §5: an empty code is refused before any call.
    if (code === '') {
      setQuote(null);
      setPromoError(t('validation:promoInvalid'));
      return;
    }
    try {
      setQuote(await applyCoupon({ code, ...couponSubject(target) }).unwrap());
    } catch (error) {
      setQuote(null);
      // spec §8: the server's "Wrong promo code".
      setPromoError(errorText(error));
    }
  };

  const onContinue = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTeamError('');
    const prepared = prepare(null);
    if (!prepared.ok) {
      showProblem(prepared.problem);
      return;
    }
    trackPurchase('begin_purchase', item, shop.currency, total);
    setStep('payment');
  };

  const paymentMethodFor = async (): Promise<string | null | undefined> => {
    if (!needsCard) return null;
    if (choice === null) {
      setPaymentError(t('validation:paymentCard'));
      return undefined;
    }
    if (choice !== NEW_CARD) return choice;
    if (shop.provider === 'stripe') return stripePaymentMethod();
    const filled = CARD_FIELDS.filter((field) => card[field].trim() !== '');
    if (filled.length === 0 || (filled.length === 1 && filled[0] === 'name')) {
      setPaymentError(t('validation:paymentCard'));
      return undefined;
    }
    const missing: CardErrors = {};
    for (const field of CARD_FIELDS) if (field !== 'name' && card[field].trim() === '') missing[field] = t('validation:required');
    if (Object.keys(missing).length > 0) {
      setCardErrors(missing);
      return undefined;
    }
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
      if (field !== undefined && (CARD_FIELDS as readonly string[]).includes(field)) setCardErrors({ [field]: t(`checkout.cardInvalid.${field as CardField}`) });
      else setPaymentError(errorText(error));
      return undefined;
    }
  };

  /** The new card through Stripe.js: its errors show under the card element, an empty card asks to choose (spec §5). */
  const stripePaymentMethod = async (): Promise<string | undefined> => {
    if (stripeMethod.current !== null) return stripeMethod.current;
    const result = (await stripeCard.current?.createPaymentMethod()) ?? { status: 'refused' };
    if (result.status === 'empty') setPaymentError(t('validation:paymentCard'));
    if (result.status !== 'created') return undefined;
    stripeMethod.current = result.id;
    return result.id;
  };

  const handleResult = (result: BuyResult) => {
    if (result.next_action) {
      // The card asks for its security check on the processor's page, which sends the viewer back here.
      rememberPendingOrder(returnPath, result.order.id);
      setPhase('redirecting');
      window.location.assign(result.next_action.url);
      return;
    }
    if (result.order.status === 'paid') onPaid(result.order);
    else if (result.order.status === 'failed') onFailed(result.order);
    else {
      setPhase('idle');
      setOrderId(result.order.id);
    }
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
    setFollowedStep(open.next_action?.url ?? '');
    setPollStopped(false);
    setOrderId(open.order.id);
  };

  const submit = async (mode: Mode) => {
    setPaymentError('');
    setCardErrors({});
    setPhase('submitting');
    const paymentMethod = mode === 'trial' || needsCard ? await paymentMethodFor() : null;
    if (paymentMethod === undefined) {
      setPhase('idle');
      return;
    }
    const prepared = prepare(paymentMethod);
    if (!prepared.ok) {
      setPhase('idle');
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
      setPhase('idle');
      const open = openOrderOf(error);
      if (open) {
        followOpenOrder(open);
        return;
      }
      const field = fieldOfError(error);
      const text = errorText(error);
      if (field === 'participant_id') {
        setStep('review');
        setTeamError(t('errors:teamNotSelected'));
      } else if (field === 'coupon' || field === 'code') {
        setQuote(null);
        setPromoError(text);
      } else {
        setPaymentError(text);
      }
      trackPurchase('purchase_failed', item, shop.currency, total, { error_reason: isApiError(error) ? error.message : text });
    }
  };

  const onPay = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit('buy');
  };

  const teamOptions = item.participants.map((team) => ({ value: String(team.id), label: team.name }));
  const locked = step === 'payment' || busy;

  return (
    <>
      <OrderSummary item={item} quote={quote} />
      {item.owned && <Text>{t('checkout.owned')}</Text>}

      <Form noValidate onSubmit={onApplyPromo}>
        <TextField
          label={t('checkout.promo')}
          value={promo}
          onChange={(event) => setPromo(event.target.value)}
          autoComplete="off"
          disabled={busy}
          error={promoError || undefined}
        />
        <Stack direction="row" gap="sm">
          <Button type="submit" variant="secondary" loading={couponState.isLoading} disabled={busy}>
            {t('checkout.applyPromo')}
          </Button>
          {quote && (
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => {
                setQuote(null);
                setPromo('');
              }}
            >
              {t('checkout.removePromo')}
            </Button>
          )}
        </Stack>
        <FormMessage tone="success">{quote ? t('checkout.promoApplied', { code: quote.code, amount: shop.price(quote.discount) }) : ''}</FormMessage>
      </Form>

      <Form noValidate onSubmit={onContinue}>
        {item.isTeamPass && (
          <Select
            label={t('checkout.team')}
            hint={t('checkout.teamHint')}
            placeholder={t('checkout.teamPlaceholder')}
            options={teamOptions}
            value={participant}
            required={!hasTeamPassOrder}
            disabled={locked}
            error={teamError || undefined}
            onChange={(event) => {
              setParticipant(event.target.value);
              setTeamError('');
            }}
          />
        )}
        {/* A problem without a field of its own (spec §5 messages) is announced here. */}
        {!item.isTeamPass && <FormMessage tone="error">{teamError}</FormMessage>}
        {step === 'review' && (
          <div>
            <Button type="submit">{t('checkout.continue')}</Button>
          </div>
        )}
      </Form>

      {step === 'payment' && (
        <Stack as="section" aria-labelledby="checkout-payment">
          <SectionTitle id="checkout-payment" ref={paymentHeading} tabIndex={-1}>
            {t('checkout.payment')}
          </SectionTitle>
          <Form noValidate onSubmit={onPay}>
            {needsCard && cards.isLoading && <Loading />}
            {needsCard && cards.error !== undefined && <LoadError error={cards.error} onRetry={() => void cards.refetch()} />}
            {needsCard && savedCards.length > 0 && (
              <Choices>
                <legend>{t('checkout.paymentMethod')}</legend>
                {savedCards.map((saved) => (
                  <Choice key={saved.id}>
                    <input
                      type="radio"
                      name="payment-method"
                      value={saved.id}
                      checked={choice === saved.id}
                      disabled={busy}
                      onChange={() => setChoice(saved.id)}
                    />
                    {t('checkout.savedCard', {
                      brand: saved.brand,
                      last4: saved.last4,
                      month: String(saved.exp_month).padStart(2, '0'),
                      year: saved.exp_year,
                    })}
                  </Choice>
                ))}
                <Choice>
                  <input type="radio" name="payment-method" value={NEW_CARD} checked={choice === NEW_CARD} disabled={busy} onChange={() => setChoice(NEW_CARD)} />
                  {t('checkout.newCard')}
                </Choice>
              </Choices>
            )}
            {needsCard && choice === NEW_CARD && shop.provider === 'sandbox' && (
              <CardForm
                values={card}
                errors={cardErrors}
                disabled={busy}
                onChange={(field, value) => {
                  setCard((current) => ({ ...current, [field]: value }));
                  setPaymentError('');
                }}
              />
            )}
            {needsCard && choice === NEW_CARD && shop.provider === 'stripe' && shop.publishableKey !== null && (
              <StripeCardField
                ref={stripeCard}
                publishableKey={shop.publishableKey}
                disabled={busy}
                onChange={() => {
                  stripeMethod.current = null;
                  setPaymentError('');
                }}
              />
            )}
            {/* A Stripe channel without its publishable key cannot show Stripe's card entry. */}
            {needsCard && choice === NEW_CARD && shop.provider === 'stripe' && shop.publishableKey === null && <Text>{t('checkout.providerUnavailable')}</Text>}
            {needsCard && choice === NEW_CARD && item.type !== 'subscription' && (
              <Checkbox label={t('checkout.saveCard')} checked={saveCard} disabled={busy} onChange={(event) => setSaveCard(event.target.checked)} />
            )}
            <FormMessage tone="error">{paymentError}</FormMessage>
            {trialOffered && <Text>{t('checkout.trialNote', { price: shop.price(total) })}</Text>}
            <Stack direction="row" gap="sm">
              {trialOffered && (
                <Button loading={phase === 'submitting'} disabled={busy} onClick={() => void submit('trial')}>
                  {t('checkout.startTrial', { days: item.trialDays })}
                </Button>
              )}
              <Button type="submit" variant={trialOffered ? 'secondary' : 'primary'} loading={phase === 'submitting' && !trialOffered} disabled={busy}>
                {total > 0 ? t('checkout.pay', { price: shop.price(total) }) : t('checkout.getFree')}
              </Button>
            </Stack>
            <Text>{t('common:salesFinal')}</Text>
          </Form>
        </Stack>
      )}

      {orderId !== null && followedStep !== null && (
        <Stack as="section">
          <Text role="status">{t('checkout.openOrder')}</Text>
          {followedStep !== '' && (
            <div>
              <ButtonLink external href={followedStep}>{t('checkout.openOrderAction')}</ButtonLink>
            </div>
          )}
        </Stack>
      )}
      {orderId !== null && !pollFailed && <Loader label={t('checkout.processing')} />}
      {phase === 'redirecting' && <Text role="status">{t('checkout.redirecting')}</Text>}
      {pollFailed && (
        <Stack direction="row" gap="sm">
          <FormMessage tone="error">
            {t('checkout.pollError')} <Link href="/profile">{t('checkout.myOrders')}</Link>
          </FormMessage>
          <Button
            variant="secondary"
            onClick={() => {
              setPollStopped(false);
              void order.refetch();
            }}
          >
            {t('retry')}
          </Button>
        </Stack>
      )}
    </>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const Choices = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  legend {
    padding: 0 ${({ theme }) => theme.space.xs};
    font-weight: ${({ theme }) => theme.font.weights.medium};
  }
`;

const Choice = styled.label`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
  cursor: pointer;
`;

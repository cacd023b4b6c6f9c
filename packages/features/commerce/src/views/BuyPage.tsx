import { useTranslation } from '@grandstand/i18n';
import { addToast, isApiError, selectUser, useAppDispatch, useAppSelector } from '@grandstand/store';
import { Button, ButtonLink, FormMessage, Link, Loader, Page, PageTitle, SectionTitle, Select, Stack, Text } from '@grandstand/ui';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { orderIdOf, useCheckout } from '../checkout/useCheckout.ts';
import { Form } from '../components/Form.ts';
import { LoadError, Loading } from '../components/LoadState.tsx';
import { OrderProgress } from '../components/OrderProgress.tsx';
import { OrderSummary } from '../components/OrderSummary.tsx';
import { PaymentMethodChoice } from '../components/PaymentMethodChoice.tsx';
import { PromoCodeForm } from '../components/PromoCodeForm.tsx';
import { selectPackagePath } from '../paths.ts';
import { buyQuery, parseBuyQuery, returnPathFor } from '../purchase.ts';
import type { BuyTarget } from '../purchase.ts';
import { trackPurchase } from '../shared/analytics.ts';
import { useShop } from '../shared/useShop.ts';
import { useOffer } from '../useOffer.ts';
import type { CheckoutItem } from '../useOffer.ts';

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
          {/* Before paying: the playback check (spec §2 /simulate) tells whether this device can watch. */}
          <Text tone="muted">
            {t('checkout.checkHint')} <Link href="/simulate">{t('checkout.checkLink')}</Link>
          </Text>
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

function Checkout({ target, item, trialUsed }: { target: BuyTarget; item: CheckoutItem; trialUsed: boolean }) {
  const { t } = useTranslation(['commerce', 'errors', 'common']);
  const shop = useShop();
  useViewBuyPage(item);
  const checkout = useCheckout({ target, item, trialUsed });
  const { state, busy, needsCard, trialOffered, total, cards, paymentHeading, stripeCard } = checkout;

  const teamOptions = item.participants.map((team) => ({ value: String(team.id), label: team.name }));
  const locked = state.step === 'payment' || busy;
  const submitting = state.status === 'submitting';

  return (
    <>
      <OrderSummary item={item} quote={state.promo.quote} />
      {item.owned && <Text>{t('checkout.owned')}</Text>}

      <PromoCodeForm
        code={state.promo.code}
        error={state.promo.error}
        quote={state.promo.quote}
        applying={checkout.applyingPromo}
        disabled={busy}
        onCodeChange={checkout.setPromoCode}
        onApply={(event) => void checkout.applyPromo(event)}
        onRemove={checkout.removePromo}
      />

      <Form noValidate onSubmit={checkout.continueToPayment}>
        {item.isTeamPass && (
          <Select
            label={t('checkout.team')}
            hint={t('checkout.teamHint')}
            placeholder={t('checkout.teamPlaceholder')}
            options={teamOptions}
            value={state.participant}
            required={!checkout.hasTeamPassOrder}
            disabled={locked}
            error={state.teamError || undefined}
            onChange={(event) => checkout.setParticipant(event.target.value)}
          />
        )}
        {/* A problem without a field of its own (spec §5 messages) is announced here. */}
        {!item.isTeamPass && <FormMessage tone="error">{state.teamError}</FormMessage>}
        {state.step === 'review' && (
          <div>
            <Button type="submit">{t('checkout.continue')}</Button>
          </div>
        )}
      </Form>

      {state.step === 'payment' && (
        <Stack as="section" aria-labelledby="checkout-payment">
          <SectionTitle id="checkout-payment" ref={paymentHeading} tabIndex={-1}>
            {t('checkout.payment')}
          </SectionTitle>
          <Form noValidate onSubmit={checkout.pay}>
            {needsCard && cards.isLoading && <Loading />}
            {needsCard && cards.error !== undefined && <LoadError error={cards.error} onRetry={() => void cards.refetch()} />}
            {needsCard && (
              <PaymentMethodChoice
                savedCards={checkout.savedCards}
                choice={checkout.choice}
                onChoose={checkout.chooseMethod}
                provider={shop.provider}
                publishableKey={shop.publishableKey}
                card={state.card}
                cardErrors={state.cardErrors}
                onCardChange={checkout.typeCard}
                stripeCard={stripeCard}
                onStripeCardChange={checkout.stripeCardChanged}
                offerSaveCard={item.type !== 'subscription'}
                saveCard={state.saveCard}
                onSaveCardChange={checkout.setSaveCard}
                disabled={busy}
              />
            )}
            <FormMessage tone="error">{state.paymentError}</FormMessage>
            {trialOffered && <Text>{t('checkout.trialNote', { price: shop.price(total) })}</Text>}
            <Stack direction="row" gap="sm">
              {trialOffered && (
                <Button loading={submitting} disabled={busy} onClick={checkout.startTrial}>
                  {t('checkout.startTrial', { days: item.trialDays })}
                </Button>
              )}
              <Button type="submit" variant={trialOffered ? 'secondary' : 'primary'} loading={submitting && !trialOffered} disabled={busy}>
                {total > 0 ? t('checkout.pay', { price: shop.price(total) }) : t('checkout.getFree')}
              </Button>
            </Stack>
            <Text>{t('common:salesFinal')}</Text>
          </Form>
        </Stack>
      )}

      <OrderProgress
        followedStep={state.order?.followedStep ?? null}
        processing={state.order !== null && !checkout.pollFailed}
        redirecting={state.status === 'redirecting'}
        pollFailed={checkout.pollFailed}
        onRetry={checkout.retryPolling}
      />
    </>
  );
}

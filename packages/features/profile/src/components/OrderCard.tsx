import type { Order, OrderLabel } from '@grandstand/contract';
import { formatPrice, useErrorText, useTranslation } from '@grandstand/i18n';
import { addToast, confirmPopup, useAppDispatch } from '@grandstand/store';
import { Badge, Button, Card, FormMessage, visuallyHidden } from '@grandstand/ui';
import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import en from '../locales/en.json' with { type: 'json' };
import { useUnsubscribeMutation } from '../profileApi.ts';
import { formatIsoDate } from '../shared/format.ts';
import { useCardProvider } from '../shared/useCardProvider.ts';

/** The server's "processed" message (product rule for unsubscribe), in the words the English texts use. */
const PROCESSED_MESSAGE = en.orders.cancelled;

const LABEL_KEYS = { Paid: 'paid', Active: 'active', Inactive: 'inactive', Refunded: 'refunded' } as const satisfies Record<OrderLabel, string>;

const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: var(--gs-space-sm);

  h3 {
    margin: 0;
    font-size: var(--gs-font-size-md);
    outline: none;
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: var(--gs-space-xxs) var(--gs-space-md);
  margin: 0;
  font-size: var(--gs-font-size-sm);

  dt {
    color: var(--gs-surface-text);
    font-weight: var(--gs-font-weight-medium);
  }

  dd {
    margin: 0;
  }
`;

const Status = styled.p`
  margin: 0;
  font-size: var(--gs-font-size-sm);

  &:empty {
    ${visuallyHidden}
  }
`;

export interface OrderCardProps {
  order: Order;
}

/**
 * One order of the profile's list (spec §3): its label (Paid, Active, Inactive, Refunded), what it is,
 * what it cost and how long it lasts; for a subscription, its renewal (Auto-Renewal or Auto-Renewal
 * Cancelled), trial end and next renewal, and cancelling the auto-renewal (spec §4: active, then
 * processing, then cancelled with the "processed" message).
 */
export function OrderCard({ order }: OrderCardProps) {
  const { t, i18n } = useTranslation(['profile', 'errors']);
  const language = i18n.language;
  const dispatch = useAppDispatch();
  const provider = useCardProvider();
  const errorText = useErrorText();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [unsubscribe, { isLoading: processing, error, data: cancelled }] = useUnsubscribeMutation();
  const [confirming, setConfirming] = useState(false);
  // Read once: a trial that ends while the page is open still shows until the next visit.
  const [now] = useState(() => Date.now());

  // The answered order is the newest word until the list is fetched again.
  const shown = cancelled?.data.id === order.id ? cancelled.data : order;
  const subscription = shown.subscription;
  const date = (iso: string | null) => (iso ? formatIsoDate(iso, language) : null);
  const periodEnd = date(subscription?.current_period_end ?? shown.expires_at);
  const trialEnd = subscription?.trial_ends_at && Date.parse(subscription.trial_ends_at) > now ? date(subscription.trial_ends_at) : null;
  const canCancel = subscription !== null && subscription.auto_renew && subscription.status === 'active';

  const onCancel = async () => {
    setConfirming(true);
    const confirmed = await dispatch(
      confirmPopup({
        title: t('profile:orders.confirmTitle'),
        message: periodEnd
          ? t('profile:orders.confirmMessage', { name: shown.product.name, date: periodEnd })
          : t('profile:orders.confirmMessageNoDate', { name: shown.product.name }),
        okLabel: t('profile:orders.confirmOk'),
        cancelLabel: t('profile:orders.confirmKeep'),
      }),
    ).finally(() => setConfirming(false));
    if (!confirmed) return;
    try {
      const result = await unsubscribe({ provider, body: { order_id: order.id } }).unwrap();
      // The server words the message in English; the viewer reads it in their language.
      const message = result.message === PROCESSED_MESSAGE ? t('profile:orders.cancelled') : result.message;
      dispatch(addToast({ message, type: 'success' }));
      // The button is gone: keep keyboard and screen-reader users on this order.
      headingRef.current?.focus();
    } catch {
      // Shown below the button from the mutation's error.
    }
  };

  const label = t(`profile:orders.label.${LABEL_KEYS[shown.label]}`);
  return (
    <Card as="article" aria-labelledby={headingId}>
      <Heading>
        <h3 id={headingId} ref={headingRef} tabIndex={-1}>
          {shown.product.name}
        </h3>
        <Badge tone={shown.label === 'Paid' || shown.label === 'Active' ? 'primary' : 'neutral'}>{label}</Badge>
      </Heading>
      <Facts>
        <dt>{t('profile:orders.typeLabel')}</dt>
        <dd>{t(`profile:orders.type.${shown.type}`)}</dd>
        <dt>{t('profile:orders.amount')}</dt>
        <dd>{formatPrice(shown.amount, shown.currency, language)}</dd>
        {shown.paid_at && (
          <>
            <dt>{t('profile:orders.boughtOn')}</dt>
            <dd>{date(shown.paid_at)}</dd>
          </>
        )}
        {subscription ? (
          <>
            <dt>{t('profile:orders.renewalLabel')}</dt>
            <dd>{subscription.auto_renew ? t('profile:orders.renewal.on') : t('profile:orders.renewal.cancelled')}</dd>
            {trialEnd && (
              <>
                <dt>{t('profile:orders.trialEnds')}</dt>
                <dd>{trialEnd}</dd>
              </>
            )}
            {periodEnd && (
              <>
                <dt>{subscription.auto_renew ? t('profile:orders.nextRenewal') : t('profile:orders.activeUntil')}</dt>
                <dd>{periodEnd}</dd>
              </>
            )}
          </>
        ) : (
          shown.expires_at && (
            <>
              <dt>{t('profile:orders.validUntil')}</dt>
              <dd>{date(shown.expires_at)}</dd>
            </>
          )
        )}
      </Facts>
      <Status role="status">{processing ? t('profile:orders.cancelling') : ''}</Status>
      {canCancel && (
        <div>
          <Button variant="secondary" size="sm" onClick={onCancel} loading={processing} disabled={confirming} aria-describedby={headingId}>
            {t('profile:orders.cancel')}
          </Button>
        </div>
      )}
      <FormMessage tone="error">{error ? errorText(error) : ''}</FormMessage>
    </Card>
  );
}

import type { BillingPeriod, PackageParticipant } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { useGetEventQuery } from '@grandstand/store';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetPackageQuery, useGetSubscriptionQuery } from './commerceApi.ts';
import type { BuyTarget } from './purchase.ts';
import type { Offer } from './shared/analytics.ts';
import { eventName } from './shared/eventName.ts';

/** What the checkout sells, whatever its kind. */
export interface CheckoutItem extends Offer {
  /** base_price + service_fee, before any promo code. */
  price: number;
  offer: BillingPeriod | null;
  period: number | null;
  /** Free-trial days of a subscription; 0 otherwise. */
  trialDays: number;
  isTeamPass: boolean;
  participants: PackageParticipant[];
  /** The viewer already owns it (a paid event watchable, a purchased pass or subscription). */
  owned: boolean;
}

export type OfferState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry: () => void }
  /** An event that is not sold: free, register, or already watchable with no single-event package. */
  | { status: 'notForSale'; eventId: number; hasAccess: boolean }
  /** spec §5: a paid event needs a single-event package id; the viewer chooses one first. */
  | { status: 'needsPackage'; eventId: number }
  | { status: 'ready'; item: CheckoutItem };

/** Loads what `/buy` sells: the event (and its single-event package), the package or the subscription. */
export function useOffer(target: BuyTarget): OfferState {
  const { t } = useTranslation('common');
  const event = useGetEventQuery(target.type === 'event' ? target.eventId : skipToken);
  const single = useGetPackageQuery(target.type === 'event' && target.singleEventPackageId !== null ? target.singleEventPackageId : skipToken);
  const pkg = useGetPackageQuery(target.type === 'package' ? target.packageId : skipToken);
  const subscription = useGetSubscriptionQuery(target.type === 'subscription' ? target.subscriptionId : skipToken);

  const queries = [event, single, pkg, subscription];
  if (queries.some((query) => query.isLoading)) return { status: 'loading' };
  const failed = queries.find((query) => query.error !== undefined);
  if (failed) return { status: 'error', error: failed.error, retry: () => queries.forEach((query) => !query.isUninitialized && void query.refetch()) };

  switch (target.type) {
    case 'event': {
      const detail = event.data;
      if (!detail) return { status: 'loading' };
      const sold = detail.access_type === 'paid' || detail.access_type === 'ppv';
      if (!sold || detail.has_access) return { status: 'notForSale', eventId: detail.id, hasAccess: detail.has_access };
      if (target.singleEventPackageId === null) return { status: 'needsPackage', eventId: detail.id };
      return {
        status: 'ready',
        item: {
          type: 'event',
          id: detail.id,
          name: eventName(detail, (away, home) => t('matchup', { away, home })),
          base_price: detail.base_price,
          service_fee: detail.service_fee,
          price: detail.base_price + detail.service_fee,
          event_category_id: detail.event_category_id,
          offer: null,
          period: null,
          trialDays: 0,
          isTeamPass: false,
          participants: [],
          owned: false,
        },
      };
    }
    case 'package': {
      const item = pkg.data;
      if (!item) return { status: 'loading' };
      return {
        status: 'ready',
        item: {
          type: 'package',
          id: item.id,
          name: item.name,
          base_price: item.base_price,
          service_fee: item.service_fee,
          price: item.price,
          event_category_id: item.event_categories[0] ?? null,
          offer: item.offer,
          period: item.period,
          trialDays: 0,
          isTeamPass: item.is_team_pass,
          participants: item.participants,
          owned: item.purchased,
        },
      };
    }
    case 'subscription': {
      const item = subscription.data;
      if (!item) return { status: 'loading' };
      return {
        status: 'ready',
        item: {
          type: 'subscription',
          id: item.id,
          name: item.name,
          base_price: item.base_price,
          service_fee: item.service_fee,
          price: item.price,
          event_category_id: null,
          offer: item.offer,
          period: item.period,
          trialDays: item.trial_period,
          isTeamPass: false,
          participants: [],
          owned: item.purchased,
        },
      };
    }
  }
}

import { pushEcommerce, trackEvent } from '@grandstand/analytics';
import type { EcommerceData, EcommerceEvent, EcommerceItem } from '@grandstand/analytics';
import type { OrderType } from '@grandstand/contract';

/** What is being bought, as the checkout shows it and analytics reports it (spec §3 analytics items). */
export interface Offer {
  type: OrderType;
  /** The product's id: the event, package or subscription. */
  id: number;
  name: string;
  base_price: number;
  service_fee: number;
  event_category_id: number | null;
}

/**
 * spec §4 purchase analytics flow: each step pushed to the tag manager's data layer, and the same
 * step sent to the analytics service (spec §7) with the product, the amount and, when it failed, why.
 */
export function trackPurchase(event: EcommerceEvent, offer: Offer, currency: string, value: number, extra: Partial<EcommerceData> = {}): void {
  const item: EcommerceItem = { id: offer.id, name: offer.name, base_price: offer.base_price, event_category_id: offer.event_category_id };
  pushEcommerce(event, { currency, value, items: [item], item_type: offer.type, ...extra });
  trackEvent(event, {
    product_type: offer.type,
    product_id: offer.id,
    product_name: offer.name,
    amount: value,
    currency,
    ...(extra.transaction_id === undefined ? {} : { order_id: extra.transaction_id }),
    ...(event === 'purchase_failed' ? { reason: extra.error_reason ?? 'failed' } : {}),
  });
}

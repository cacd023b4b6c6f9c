/**
 * Ecommerce events pushed to the tag manager's data layer (spec §1: "ecommerce events pushed to a
 * tag manager"; spec §7: "ecommerce events are pushed to its data layer").
 */

/** The purchase funnel, in the order a viewer goes through it. */
export type EcommerceEvent = 'view_buy_page' | 'begin_purchase' | 'begin_checkout' | 'purchase' | 'purchase_success' | 'purchase_failed';

/** What is being bought: an event, a package or a subscription, by its id. */
export interface EcommerceItem {
  id: number;
  name: string;
  base_price: number;
  event_category_id: number | null;
}

export interface EcommerceData {
  /** The channel's currency code (settings.currency). */
  currency: string;
  /** What the viewer pays (base price + service fee, after any promo code). */
  value: number;
  items: EcommerceItem[];
  /** The order id, once there is one. */
  transaction_id?: number;
  /** Why a purchase failed (purchase_failed). */
  error_reason?: string;
  item_type?: 'event' | 'package' | 'subscription';
}

/** Where events go: the page's `window` unless a test or an embed gives its own holder. */
export interface DataLayerTarget {
  dataLayer?: unknown[];
}

function defaultTarget(): DataLayerTarget | null {
  // Server renders and Node have no window: nothing to push to.
  return typeof window === 'undefined' ? null : (window as unknown as DataLayerTarget);
}

/**
 * Pushes one ecommerce event. The data layer is created when absent, so events pushed before the
 * tag manager script has loaded are read by it once it does. `{ ecommerce: null }` goes first, as
 * the tag manager asks: its data layer merges objects, and the previous event's items would
 * otherwise leak into this one.
 *
 * @example pushEcommerce('purchase', { currency: 'USD', value: 9.99, items: [{ id: 7, name: 'Final', base_price: 8.99, event_category_id: 2 }] })
 */
export function pushEcommerce(event: EcommerceEvent, data: EcommerceData, target?: DataLayerTarget): void {
  const holder = target ?? defaultTarget();
  if (!holder) return;
  holder.dataLayer ??= [];
  holder.dataLayer.push({ ecommerce: null });
  holder.dataLayer.push({ event, ecommerce: data });
}

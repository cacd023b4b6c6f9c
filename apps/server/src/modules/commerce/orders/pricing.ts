import { COMMERCE_MESSAGES, type OrderType, WRONG_PROMO_CODE } from '@grandstand/contract';
import type { Database } from '../../../core/db/schema.ts';
import { type CouponTarget, findUsableCoupon } from '../catalog/coupons.ts';
import { holdsPremium } from '../entitlements.ts';
import { Refusal } from '../../../core/refusal.ts';

/** Money is kept in cents while computing so 9.99 + 1.50 is 11.49, not 11.490000000000002. */
export function toCents(value: string | number): number {
  return Math.round(Number(value) * 100);
}
export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}

/** A retired offer (spec §3): its holders keep it, nobody buys it any more. */
export const OFFER_RETIRED_MESSAGE = 'This offer is no longer sold.';

/** A refusal of what is being bought, naming the field at fault (developers' guide: a 4xx names the field). */
export class PurchaseProblem extends Refusal {
  override name = 'PurchaseProblem';
  constructor(field: string, message: string, status = 400) {
    super(status, field, undefined, message);
  }
}

/** What an order is for and what it costs, resolved from the catalog tables (never from the client). */
export interface PricedProduct {
  type: OrderType;
  productId: number;
  productName: string;
  participantId: number | null;
  eventCategoryId: number | null;
  /** Cents: base_price after the coupon, plus the service fee. */
  amountCents: number;
  couponCode: string | null;
  couponId: number | null;
  /** The list price and fee of a package or subscription (null for an event): locked on the order, renewals charge them. */
  lockedBasePrice: number | null;
  lockedServiceFee: number | null;
  /** Package and subscription terms, for fulfilment. */
  offer: string | null;
  period: number | null;
  trialPeriod: number;
}

export interface PurchaseRequest {
  type: OrderType;
  event_id?: number | undefined;
  single_event_package_id?: number | undefined;
  package_id?: number | undefined;
  participant_id?: number | undefined;
  subscription_id?: number | undefined;
  coupon?: string | undefined;
}

interface Coupon {
  id: number;
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
}

/**
 * The coupon a code names for this purchase, by the same rules apply_coupon quotes with (one lookup
 * for both, so a quoted code is the code bought with). Anything else is spec §8's "Wrong promo
 * code" on the field the code came in.
 */
async function findCoupon(db: Database, channelId: number, code: string, target: CouponTarget, field: string): Promise<Coupon> {
  const row = await findUsableCoupon(db, channelId, code, target);
  if (!row) throw new PurchaseProblem(field, WRONG_PROMO_CODE);
  return { id: row.id, code: row.code, percentOff: row.percent_off, amountOffCents: row.amount_off === null ? null : toCents(row.amount_off) };
}

/** Product rule: a coupon discounts base_price (percent or amount, never below 0); the service fee stays. */
export function discountedBase(baseCents: number, coupon: Pick<Coupon, 'percentOff' | 'amountOffCents'> | null): number {
  if (!coupon) return baseCents;
  const off = coupon.percentOff !== null ? Math.round((baseCents * coupon.percentOff) / 100) : (coupon.amountOffCents ?? 0);
  return Math.max(0, baseCents - off);
}

async function price(db: Database, channelId: number, userId: number, request: PurchaseRequest, type: OrderType, productId: number, baseCents: number, feeCents: number) {
  const coupon = request.coupon ? await findCoupon(db, channelId, request.coupon, { kind: type, productId, userId }, 'coupon') : null;
  return { amountCents: discountedBase(baseCents, coupon) + feeCents, couponCode: coupon?.code ?? null, couponId: coupon?.id ?? null };
}

/** Buying one event (spec §5: "a paid event requires a single-event package id"): the event's own price. */
async function priceEvent(db: Database, channelId: number, userId: number, request: PurchaseRequest): Promise<PricedProduct> {
  if (request.event_id === undefined) throw new PurchaseProblem('event_id', COMMERCE_MESSAGES.idNotSelected);
  const event = await db
    .selectFrom('events')
    .select(['id', 'name', 'access_type', 'base_price', 'service_fee', 'event_category_id', 'cancelled_at'])
    .where('channel_id', '=', channelId)
    .where('id', '=', request.event_id)
    // An unpublished event is as unknown to viewers as a missing one.
    .where('published', '=', true)
    .executeTakeFirst();
  if (!event) throw new PurchaseProblem('event_id', 'Event not found.', 404);
  if (event.cancelled_at !== null) throw new PurchaseProblem('event_id', 'This event is cancelled.');
  // spec §6: only paid and ppv events are sold; free and register events need no purchase.
  if (event.access_type !== 'paid' && event.access_type !== 'ppv') throw new PurchaseProblem('event_id', 'This event is not for sale.');
  const baseCents = toCents(event.base_price);
  const feeCents = toCents(event.service_fee);
  // A get-free event (price 0) is taken without a package; a priced one goes through the channel's single-event package.
  if (baseCents + feeCents > 0) {
    if (request.single_event_package_id === undefined) throw new PurchaseProblem('single_event_package_id', COMMERCE_MESSAGES.idNotSelected);
    const single = await db
      .selectFrom('packages')
      .select('id')
      .where('channel_id', '=', channelId)
      .where('id', '=', request.single_event_package_id)
      .where('scope', '=', 'single')
      // A retired single-event package is no way to buy any more (the console keeps one sold).
      .where('retired_at', 'is', null)
      .executeTakeFirst();
    if (!single) throw new PurchaseProblem('single_event_package_id', 'The single-event package was not found.');
  }
  return {
    type: 'event',
    productId: event.id,
    productName: event.name,
    participantId: null,
    eventCategoryId: event.event_category_id,
    ...(await price(db, channelId, userId, request, 'event', event.id, baseCents, feeCents)),
    lockedBasePrice: null,
    lockedServiceFee: null,
    offer: null,
    period: null,
    trialPeriod: 0,
  };
}

/** Said to a viewer taking the basic pass while a premium offer of theirs runs: it replaced the basic pass. */
export const BASIC_PASS_REPLACED_MESSAGE = 'Your premium pass already includes everything in the basic pass.';

/** A category pass; a team pass also needs the team (spec §5 "Package is TeamPass but team not selected"). */
async function pricePackage(db: Database, channelId: number, userId: number, request: PurchaseRequest): Promise<PricedProduct> {
  if (request.package_id === undefined) throw new PurchaseProblem('package_id', COMMERCE_MESSAGES.idNotSelected);
  const pkg = await db
    .selectFrom('packages')
    .select(['id', 'name', 'scope', 'is_team_pass', 'event_category_ids', 'participant_ids', 'base_price', 'service_fee', 'offer', 'period', 'retired_at', 'is_basic'])
    .where('channel_id', '=', channelId)
    .where('id', '=', request.package_id)
    .executeTakeFirst();
  if (!pkg) throw new PurchaseProblem('package_id', 'Package not found.', 404);
  if (pkg.scope !== 'category') throw new PurchaseProblem('package_id', 'The single-event package is bought with an event.');
  if (pkg.retired_at !== null) throw new PurchaseProblem('package_id', OFFER_RETIRED_MESSAGE);
  if (pkg.is_basic && (await holdsPremium(db, channelId, userId))) throw new PurchaseProblem('package_id', BASIC_PASS_REPLACED_MESSAGE, 409);
  let participantId: number | null = null;
  if (pkg.is_team_pass) {
    participantId = request.participant_id ?? null;
    if (participantId === null) {
      // spec §5: the team may be left out when the user already has an order of this pass: the same team.
      const previous = await db
        .selectFrom('orders')
        .select('participant_id')
        .where('channel_id', '=', channelId)
        .where('user_id', '=', userId)
        .where('type', '=', 'package')
        .where('product_id', '=', pkg.id)
        .where('status', '=', 'paid')
        .where('participant_id', 'is not', null)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      participantId = previous?.participant_id ?? null;
    }
    if (participantId === null) throw new PurchaseProblem('participant_id', COMMERCE_MESSAGES.teamNotSelected);
    if (!pkg.participant_ids.includes(participantId)) throw new PurchaseProblem('participant_id', 'The team is not part of this pass.');
  }
  return {
    type: 'package',
    productId: pkg.id,
    productName: pkg.name,
    participantId,
    eventCategoryId: pkg.event_category_ids[0] ?? null,
    ...(await price(db, channelId, userId, request, 'package', pkg.id, toCents(pkg.base_price), toCents(pkg.service_fee))),
    lockedBasePrice: fromCents(toCents(pkg.base_price)),
    lockedServiceFee: fromCents(toCents(pkg.service_fee)),
    offer: pkg.offer,
    period: pkg.period,
    trialPeriod: 0,
  };
}

async function priceSubscription(db: Database, channelId: number, userId: number, request: PurchaseRequest): Promise<PricedProduct> {
  if (request.subscription_id === undefined) throw new PurchaseProblem('subscription_id', COMMERCE_MESSAGES.idNotSelected);
  const sub = await db
    .selectFrom('subscriptions')
    .select(['id', 'name', 'base_price', 'service_fee', 'offer', 'period', 'trial_period', 'retired_at'])
    .where('channel_id', '=', channelId)
    .where('id', '=', request.subscription_id)
    .executeTakeFirst();
  if (!sub) throw new PurchaseProblem('subscription_id', 'Subscription not found.', 404);
  if (sub.retired_at !== null) throw new PurchaseProblem('subscription_id', OFFER_RETIRED_MESSAGE);
  return {
    type: 'subscription',
    productId: sub.id,
    productName: sub.name,
    participantId: null,
    eventCategoryId: null,
    ...(await price(db, channelId, userId, request, 'subscription', sub.id, toCents(sub.base_price), toCents(sub.service_fee))),
    lockedBasePrice: fromCents(toCents(sub.base_price)),
    lockedServiceFee: fromCents(toCents(sub.service_fee)),
    offer: sub.offer,
    period: sub.period,
    trialPeriod: sub.trial_period,
  };
}

/** The product and the amount to charge for a buy request, all from the channel's catalog. */
export async function pricePurchase(db: Database, channelId: number, userId: number, request: PurchaseRequest): Promise<PricedProduct> {
  switch (request.type) {
    case 'event':
      return priceEvent(db, channelId, userId, request);
    case 'package':
      return pricePackage(db, channelId, userId, request);
    case 'subscription':
      return priceSubscription(db, channelId, userId, request);
  }
}

/**
 * When a term bought at `from` ends. spec §9 renewal cycles: a subscription renews every 12 months
 * (annual) or 30 days (monthly); a pass lasts `period` calendar months or years (product rules).
 */
export function addTerm(from: Date, kind: 'package' | 'subscription', offer: string | null, period: number | null): Date | null {
  if (offer === null) return null;
  const units = period ?? 1;
  const end = new Date(from.getTime());
  if (offer === 'annual') end.setUTCMonth(end.getUTCMonth() + 12 * units);
  else if (kind === 'subscription') end.setTime(end.getTime() + 30 * units * 86_400_000);
  else end.setUTCMonth(end.getUTCMonth() + units);
  return end;
}

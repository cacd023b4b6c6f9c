import { z } from 'zod';
import { ApiErrorBody, dataResponse, IdParam } from './common.ts';
import { OfferCapability } from './console/offers.ts';
import { BillingPeriod, OrderLabel, OrderStatus, OrderType, PurchasableKind, RenewalLabel, SubscriptionEntryLabel, SubscriptionStatus } from './enums.ts';

/**
 * Commerce (spec §3 Package, Subscription, Order; §4 Order and purchased flag; §7 Payments).
 * Prices are in the channel's currency (settings.currency), as decimal amounts: base_price is the
 * list price, service_fee is added on top, price is what is charged (base_price + service_fee).
 */

/** The card providers: `sandbox` (the default, a card processor's test mode) and `stripe`. */
export const CardProvider = z.enum(['sandbox', 'stripe']);
export type CardProvider = z.infer<typeof CardProvider>;
export const CardProviderParam = z.object({ provider: CardProvider });

const Money = z.number().nonnegative();

/** spec §3 Package. Scope single: the single-event package a paid event is bought through (spec §5). */
export const PackageScope = z.enum(['single', 'category']);
export type PackageScope = z.infer<typeof PackageScope>;

export const PackageParticipant = z.object({ id: z.number().int(), name: z.string() });
export type PackageParticipant = z.infer<typeof PackageParticipant>;

export const Package = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  scope: PackageScope,
  /** Category scope: the sports (event category ids) the package covers, their sub-categories included. */
  event_categories: z.array(z.number().int()),
  /** A team pass covers the events of one chosen team among `participants` (spec §5). */
  is_team_pass: z.boolean(),
  participants: z.array(PackageParticipant),
  /** For scope single the price comes from the event; these are 0. */
  price: Money,
  base_price: Money,
  service_fee: Money,
  /** spec §9 price title: the period suffix (annual, month, monthly); null for the single-event package. */
  offer: BillingPeriod.nullable(),
  /** How many offer units one purchase lasts (spec §9: the number is shown when above 1); null for single. */
  period: z.number().int().positive().nullable(),
  weight: z.number().int(),
  /** spec §4: purchased for the viewer making the call (false for a visitor). */
  purchased: z.boolean(),
  /** What the pass grants while it runs beside its events (spec §6): `vod_media`, `no_ads`, `download`. */
  capabilities: z.array(OfferCapability),
  /** spec §2 "The basic pass is free and upgradable": taken in one click; a premium offer bought replaces it. */
  basic: z.boolean(),
  /** spec §6 package quota: the pass grants this many events of the viewer's choosing within its scope; null: every event in it. */
  quota: z.number().int().positive().nullable(),
  /** The viewer's games still to pick on the pass they hold; null when they hold none of it or it has no quota. */
  quota_left: z.number().int().nonnegative().nullable(),
});
export type Package = z.infer<typeof Package>;

/** `POST /api/packages/{id}/picks`: the viewer spends one game of their quota pass on this event (spec §6 quota). */
export const PickEventBody = z.object({ event_id: z.number().int().positive().max(2_147_483_647) });
export type PickEventBody = z.infer<typeof PickEventBody>;
export const PickedEvent = z.object({
  package_id: z.number().int(),
  event_id: z.number().int(),
  /** Games still to pick on the pass after this one. */
  quota_left: z.number().int().nonnegative(),
});
export type PickedEvent = z.infer<typeof PickedEvent>;
export const PickedEventResponse = dataResponse(PickedEvent);
export type PickedEventResponse = z.infer<typeof PickedEventResponse>;
export const PackagesQuery = z.object({
  /** Only the packages that would give access to this event (single-event package included when it is for sale). */
  event_id: IdParam.optional(),
});
export type PackagesQuery = z.input<typeof PackagesQuery>;
export const PackagesResponse = dataResponse(z.array(Package));
export type PackagesResponse = z.infer<typeof PackagesResponse>;
export const PackageResponse = dataResponse(Package);

/** spec §3 Subscription: renews every 12 months (annual) or 30 days (monthly), spec §9. */
export const Subscription = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  price: Money,
  base_price: Money,
  service_fee: Money,
  offer: BillingPeriod,
  period: z.number().int().positive(),
  /** Free-trial days; 0 when the subscription has none (spec §6: only while trial_period_used is false). */
  trial_period: z.number().int().nonnegative(),
  weight: z.number().int(),
  purchased: z.boolean(),
  /** What the subscription grants while it runs beside its events (spec §6). */
  capabilities: z.array(OfferCapability),
});
export type Subscription = z.infer<typeof Subscription>;
export const SubscriptionsResponse = dataResponse(z.array(Subscription));
export type SubscriptionsResponse = z.infer<typeof SubscriptionsResponse>;
export const SubscriptionResponse = dataResponse(Subscription);

/** A saved card (spec §5 payment: "saved cards or a new one"). */
export const Card = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string().regex(/^[0-9]{4}$/),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int(),
});
export type Card = z.infer<typeof Card>;
export const CardsResponse = dataResponse(z.array(Card));
export type CardsResponse = z.infer<typeof CardsResponse>;

export const ActivityStatus = z.enum(['active', 'inactive']);
export type ActivityStatus = z.infer<typeof ActivityStatus>;
export const TransactionKind = z.enum(['Purchase', ...SubscriptionEntryLabel.options]);
export type TransactionKind = z.infer<typeof TransactionKind>;

/** One charge attempt on an order (the profile's transactions). */
export const Transaction = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  /** Purchase for events and packages; New subscription or Subscription Renewal (spec §3). */
  kind: TransactionKind,
  status: z.enum(['pending', 'succeeded', 'failed']),
  amount: Money,
  currency: z.string().length(3),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  created_at: z.iso.datetime(),
});
export type Transaction = z.infer<typeof Transaction>;

export const OrderSubscription = z.object({
  status: SubscriptionStatus,
  auto_renew: z.boolean(),
  /** spec §3 renewal labels. */
  renewal_label: RenewalLabel,
  trial_ends_at: z.iso.datetime().nullable(),
  current_period_end: z.iso.datetime().nullable(),
});
export type OrderSubscription = z.infer<typeof OrderSubscription>;

/** spec §3 Order. */
export const Order = z.object({
  id: z.number().int(),
  type: OrderType,
  status: OrderStatus,
  activity_status: ActivityStatus,
  /** spec §3 order labels: Paid (a bought event), Active / Inactive (a pass or subscription), Refunded. */
  label: OrderLabel,
  product: z.object({
    /** The event, package or subscription id, by `type`. */
    id: z.number().int(),
    name: z.string(),
    participant_id: z.number().int().nullable(),
    event_category_id: z.number().int().nullable(),
  }),
  amount: Money,
  currency: z.string().length(3),
  coupon: z.string().nullable(),
  /** spec §8: a failed order carries a popup flag, and here the reason to show. */
  popup: z.boolean(),
  failure_reason: z.string().nullable(),
  created_at: z.iso.datetime(),
  paid_at: z.iso.datetime().nullable(),
  /** When a pass or subscription stops giving access; null for a bought event (lasts). */
  expires_at: z.iso.datetime().nullable(),
  subscription: OrderSubscription.nullable(),
  transactions: z.array(Transaction),
});
export type Order = z.infer<typeof Order>;

/** spec §7 GET orders: no_limit=1 unless a limit is given. */
export const OrdersQuery = z.object({
  no_limit: z.enum(['0', '1']).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  type: OrderType.optional(),
  status: OrderStatus.optional(),
  activity_status: ActivityStatus.optional(),
});
export type OrdersQuery = z.input<typeof OrdersQuery>;
export const OrdersResponse = z.object({
  data: z.array(Order),
  meta: z.object({ total: z.number().int().nonnegative(), offset: z.number().int(), limit: z.number().int().nullable() }),
});
export type OrdersResponse = z.infer<typeof OrdersResponse>;
export const OrderResponse = dataResponse(Order);
export type OrderResponse = z.infer<typeof OrderResponse>;
export const OrderIdParams = z.object({ order_id: IdParam });

/** spec §7 GET apply_coupon: the code against what is being bought. "Wrong promo code" (spec §8) on 400, field code. */
export const ApplyCouponQuery = z.object({
  code: z.string().trim().min(1).max(64),
  type: PurchasableKind,
  id: IdParam,
});
export type ApplyCouponQuery = z.input<typeof ApplyCouponQuery>;
export const CouponQuote = z.object({
  code: z.string(),
  /** The price before and after the code (base_price + service_fee; the discount applies to base_price). */
  original_price: Money,
  price: Money,
  discount: Money,
});
export type CouponQuote = z.infer<typeof CouponQuote>;
export const ApplyCouponResponse = dataResponse(CouponQuote);

const IdempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'must be 8 to 100 letters, digits, - or _');
/** A saved card id or a payment method the provider's card entry just created. */
const PaymentMethod = z.string().min(1).max(255);
/** Where the provider sends the viewer back after an extra authentication step: a path of the site. */
const ReturnPath = z.string().max(2048).regex(/^\/(?!\/)/, 'must be a path of this site');

/**
 * spec §7 POST {card-provider}/buy. What is bought (spec §3 query keys): an event through a
 * single-event package (event_id + single_event_package_id), a package (package_id, participant_id
 * for a team pass), or a subscription (subscription_id). One idempotency key = one order, one charge.
 */
export const BuyBody = z.object({
  idempotency_key: IdempotencyKey,
  type: PurchasableKind,
  event_id: IdParam.optional(),
  single_event_package_id: IdParam.optional(),
  package_id: IdParam.optional(),
  participant_id: IdParam.optional(),
  subscription_id: IdParam.optional(),
  coupon: z.string().trim().min(1).max(64).optional(),
  /** Not needed when nothing is charged (a free event, a 100 % code). */
  payment_method: PaymentMethod.optional(),
  save_card: z.boolean().optional(),
  return_path: ReturnPath.optional(),
});
export type BuyBody = z.input<typeof BuyBody>;

/** What the viewer must do next, if anything: the extra authentication step of some cards. */
export const NextAction = z.object({ type: z.literal('authenticate'), url: z.string() });
export type NextAction = z.infer<typeof NextAction>;
export const BuyResponse = dataResponse(z.object({ order: Order, next_action: NextAction.nullable() }));
export type BuyResponse = z.infer<typeof BuyResponse>;

/**
 * The 409 of buy and start_trial while the viewer already has an open order (status `created`) of
 * the same product, e.g. from another tab: the field names the product's id field (`event_id`,
 * `package_id`, `subscription_id`) and the body carries that order and its pending step, so the
 * site follows it instead of charging again.
 */
export const OpenOrderErrorBody = ApiErrorBody.extend({ order: Order, next_action: NextAction.nullable() });
export type OpenOrderErrorBody = z.infer<typeof OpenOrderErrorBody>;

/** spec §7 POST {card-provider}/subscription/start_trial: the card is checked, charged when the trial ends. */
export const StartTrialBody = z.object({
  idempotency_key: IdempotencyKey,
  subscription_id: IdParam,
  payment_method: PaymentMethod,
  return_path: ReturnPath.optional(),
});
export type StartTrialBody = z.input<typeof StartTrialBody>;

/** spec §7 POST {card-provider}/unsubscribe: cancel auto-renewal; access lasts to the period's end. */
export const UnsubscribeBody = z.object({ order_id: IdParam });
export type UnsubscribeBody = z.input<typeof UnsubscribeBody>;
export const UnsubscribeResponse = z.object({ data: Order, message: z.string() });
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>;

/** spec §7 POST {card-provider}/setup-intent: save a card without charging it. */
export const SetupIntentBody = z.object({ payment_method: PaymentMethod, return_path: ReturnPath.optional() });
export type SetupIntentBody = z.input<typeof SetupIntentBody>;
export const SetupIntentResponse = dataResponse(
  z.object({ id: z.string(), status: z.enum(['succeeded', 'requires_action', 'failed']), card: Card.nullable(), next_action: NextAction.nullable() }),
);
export type SetupIntentResponse = z.infer<typeof SetupIntentResponse>;

/** spec §7 GET {card-provider}/customer-portal: where the viewer manages cards and billing. */
export const CustomerPortalResponse = dataResponse(z.object({ url: z.string() }));
export type CustomerPortalResponse = z.infer<typeof CustomerPortalResponse>;

/**
 * The sandbox's card entry (what a processor's browser library does): the card number goes to the
 * processor, the site keeps only the payment method id. Field-named 400s: number, exp_month,
 * exp_year, cvc.
 */
export const SandboxPaymentMethodBody = z.object({
  number: z.string().trim().min(12).max(23),
  exp_month: z.coerce.number().int().min(1).max(12),
  exp_year: z.coerce.number().int().min(2000).max(2100),
  cvc: z.string().trim().regex(/^[0-9]{3,4}$/, 'must be 3 or 4 digits'),
  name: z.string().trim().max(100).optional(),
});
export type SandboxPaymentMethodBody = z.input<typeof SandboxPaymentMethodBody>;
export const SandboxPaymentMethodResponse = dataResponse(Card);
export type SandboxPaymentMethodResponse = z.infer<typeof SandboxPaymentMethodResponse>;

/** How the site takes card details: the provider and its public key (settings.payments). */
export const PaymentSettings = z.object({ provider: CardProvider, publishable_key: z.string().nullable() });
export type PaymentSettings = z.infer<typeof PaymentSettings>;

/**
 * spec §7 GET /user/access: what the logged-in user's purchases open, as the server applies it to
 * events (the product's access rules): events bought one by one, the sports of category passes (their
 * sub-categories included), team passes, and whether a subscription opens every paid event.
 */
export const UserAccess = z.object({
  event_ids: z.array(z.number().int()),
  package_ids: z.array(z.number().int()),
  subscription_ids: z.array(z.number().int()),
  event_category_ids: z.array(z.number().int()),
  team_passes: z.array(z.object({ participant_id: z.number().int(), event_category_ids: z.array(z.number().int()) })),
  all_paid_events: z.boolean(),
});
export type UserAccess = z.infer<typeof UserAccess>;
export const UserAccessResponse = dataResponse(UserAccess);

import type { ColumnType } from 'kysely';
import type { Id, Timestamp, Money, Defaulted, SeedOrigin, SeedRef } from '../../core/db/schema.ts';

/* The commerce tables, added to core's DatabaseSchema below (module augmentation): core lists no module's tables. */

/** spec §3 Package. scope single: the single-event package a paid event is bought through. */
export interface PackagesTable {
  id: Id;
  channel_id: number;
  name: string;
  description: string | null;
  scope: string;
  is_team_pass: Defaulted<boolean>;
  /** Category scope: the categories covered, their sub-categories included. */
  event_category_ids: ColumnType<number[], string | undefined, string>;
  /** Team pass: the teams a buyer chooses from. */
  participant_ids: ColumnType<number[], string | undefined, string>;
  base_price: Money;
  service_fee: Money;
  /** annual | month | monthly (spec §3 billing periods); null for the single-event package. */
  offer: string | null;
  period: number | null;
  weight: Defaulted<number>;
  position: Defaulted<number>;
  /** What the pass grants while it runs (migration 0014): `vod_media`. */
  capabilities: ColumnType<string[], string | undefined, string>;
  /** Retired in the control room (migration 0030): out of the viewers' lists and checkout; holders keep it. */
  retired_at: Timestamp | null;
  /** The seed's or the control room's (migration 0031): a re-seed replaces only the seed's; `seed_ref` is the seed's name of it. */
  origin: SeedOrigin;
  seed_ref: SeedRef;
  /** The channel's free basic pass (migration 0065): a premium offer bought replaces it. */
  is_basic: Defaulted<boolean>;
  /** Games of the viewer's choosing within the scope (migration 0065); null: every event in it. */
  quota: ColumnType<number | null, number | null | undefined, number | null>;
}

/** spec §3 Subscription. */
export interface SubscriptionsTable {
  id: Id;
  channel_id: number;
  name: string;
  description: string | null;
  base_price: Money;
  service_fee: Money;
  offer: string;
  period: Defaulted<number>;
  /** Free-trial days; 0 for none. */
  trial_period: Defaulted<number>;
  weight: Defaulted<number>;
  /** What the subscription grants while it runs (migration 0014): `vod_media`. */
  capabilities: ColumnType<string[], string | undefined, string>;
  /** Retired in the control room (migration 0030): out of the viewers' lists and checkout; holders keep renewing. */
  retired_at: Timestamp | null;
  origin: SeedOrigin;
  seed_ref: SeedRef;
}

/** A promo code (spec §7 apply_coupon): discounts base_price; the code is unique per channel, case-insensitively. */
export interface CouponsTable {
  id: Id;
  channel_id: number;
  code: string;
  percent_off: number | null;
  amount_off: ColumnType<string | number | null, number | string | null | undefined, number | string | null>;
  /** event | package | subscription; null: anything. */
  applies_to: string | null;
  expires_at: Timestamp | null;
  max_redemptions: number | null;
  redemptions: Defaulted<number>;
  /** Not usable before (migration 0030); `expires_at` is the end. */
  valid_from: Timestamp | null;
  /** Uses per viewer, counted from their orders with the code; null: no limit. */
  per_viewer_limit: ColumnType<number | null, number | null | undefined, number | null>;
  /** With applies_to `offers`: the packages and subscriptions the code is good for. */
  package_ids: ColumnType<number[], string | undefined, string>;
  subscription_ids: ColumnType<number[], string | undefined, string>;
  /** The seed's or the control room's (migration 0031); `seed_ref`: the seed's code, in lower case. */
  origin: SeedOrigin;
  seed_ref: SeedRef;
}

/** spec §3 Order. product_id is an event, package or subscription id by `type`. */
export interface OrdersTable {
  id: Id;
  channel_id: number;
  user_id: number;
  /** event | package | subscription */
  type: string;
  /** created | paid | failed | refunded */
  status: Defaulted<string>;
  /** active | inactive */
  activity_status: Defaulted<string>;
  product_id: number;
  product_name: string;
  participant_id: number | null;
  event_category_id: number | null;
  amount: Money;
  currency: string;
  coupon_code: string | null;
  idempotency_key: string;
  /** A hash of the request body: the same key with another body is refused (409). */
  request_fingerprint: string;
  provider: string | null;
  /** The provider's payment or setup intent id. */
  provider_ref: string | null;
  next_action_url: string | null;
  failure_reason: string | null;
  created_at: Timestamp;
  paid_at: Timestamp | null;
  expires_at: Timestamp | null;
  /** Subscriptions only: active | canceled | expired | inactive (spec §3). */
  sub_status: string | null;
  auto_renew: boolean | null;
  trial_ends_at: Timestamp | null;
  current_period_end: Timestamp | null;
  /** The list price and fee the holder agreed to (migration 0030): renewals charge these, whatever the offer costs later. */
  locked_base_price: ColumnType<string | number | null, number | string | null | undefined, number | string | null>;
  locked_service_fee: ColumnType<string | number | null, number | string | null | undefined, number | string | null>;
  /** A refund by the channel's support (migration 0035): when, why, who (the actor's label) and the provider's refund id. */
  refunded_at: Timestamp | null;
  refund_reason: string | null;
  refunded_by: string | null;
  refund_provider_ref: string | null;
  /** A comp: an order of amount 0 given by support (provider `comp`), counted apart in reports. */
  comp: Defaulted<boolean>;
  comp_reason: string | null;
  comped_by: string | null;
  /** Games picked on a quota pass (migration 0065). */
  quota_used: Defaulted<number>;
  /** A basic pass replaced by a premium offer: the order that replaced it (migration 0065). */
  replaced_by: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A game picked on a quota pass (migration 0065): it stays the viewer's while the order is paid. */
export interface PackagePicksTable {
  id: Id;
  channel_id: number;
  order_id: number;
  user_id: number;
  event_id: number;
  created_at: Timestamp;
}

/** One charge attempt on an order. kind: Purchase | New subscription | Subscription Renewal. */
export interface TransactionsTable {
  id: Id;
  channel_id: number;
  order_id: number;
  kind: string;
  /** pending | succeeded | failed */
  status: Defaulted<string>;
  amount: Money;
  currency: string;
  card_brand: string | null;
  card_last4: string | null;
  provider_ref: string | null;
  created_at: Timestamp;
  /** A succeeded charge told to the analytics service (src/modules/analytics/payments.ts); null: still to tell. */
  analytics_reported_at: Timestamp | null;
  analytics_report_attempts: Defaulted<number>;
  /** When the next call may be made: a claim's lease, then the back-off after a failure. */
  analytics_report_next_at: Timestamp | null;
}

/** Every verified webhook once: (provider, event_id) is the primary key, so a replay is a no-op. */
export interface WebhookEventsTable {
  provider: string;
  event_id: string;
  received_at: Timestamp;
}

declare module '../../core/db/schema.ts' {
  interface DatabaseSchema {
    packages: PackagesTable;
    subscriptions: SubscriptionsTable;
    coupons: CouponsTable;
    orders: OrdersTable;
    transactions: TransactionsTable;
    webhook_events: WebhookEventsTable;
    package_picks: PackagePicksTable;
  }
}

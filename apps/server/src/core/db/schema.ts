import type { ColumnType, Generated, Insertable, Kysely, Selectable } from 'kysely';

/**
 * The tables. Every row a channel owns carries `channel_id` (architecture: multi-tenancy is
 * enforced on the server), so every query can and must be scoped by the key's channel.
 */
type Id = Generated<number>;
/** jsonb: written as a JSON string (both drivers accept it), read back as parsed JSON. */
type Json<T> = ColumnType<T, string, string>;
/** bigint: pg returns int8 as a string, so repositories convert with Number(). */
type BigIntColumn = ColumnType<string | number, number, number>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ChannelsTable {
  id: Id;
  slug: string;
  name: string;
  channel_key: string;
  language: string;
  currency: string;
  settings: Json<Record<string, unknown>>;
  color_settings: Json<Record<string, string>>;
  is_default: ColumnType<boolean, boolean | undefined, boolean>;
  seeded_at: Timestamp | null;
}

export interface ApiKeysTable {
  id: Id;
  channel_id: number;
  /** sha256 hex of the key: the key itself is never stored. */
  key_hash: string;
  user_id: number | null;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  /** When the key became a user's session (login, linked device): the absolute lifetime counts from here. */
  session_started_at: Timestamp | null;
}

export interface UsersTable {
  id: Id;
  channel_id: number;
  email: string;
  /** Argon2id PHC string; null for an account made by a social login. */
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  email_verified_at: Timestamp | null;
  temporary_password: ColumnType<boolean, boolean | undefined, boolean>;
  trial_period_used: ColumnType<boolean, boolean | undefined, boolean>;
  is_geo_blocked: ColumnType<boolean, boolean | undefined, boolean>;
  capabilities: ColumnType<string[], string | undefined, string>;
  feature_count: ColumnType<Record<string, number>, string | undefined, string>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Soft deletion (POST /delete-account-confirm): the row stays, the account is gone. */
  deleted_at: Timestamp | null;
  /** When the analytics service confirmed it forgot this deleted viewer (src/modules/analytics/forget.ts); null while still to do. */
  analytics_forgotten_at: Timestamp | null;
  /** Forget calls made for this viewer so far (the back-off grows with them). */
  analytics_forget_attempts: ColumnType<number, number | undefined, number>;
  /** The next forget call may be made from then: a claim's lease while a call is under way, then the back-off. */
  analytics_forget_next_at: Timestamp | null;
}

/** A device's short code (POST auth/device_code) that a logged-in viewer enters to link it. */
export interface DeviceCodesTable {
  id: Id;
  channel_id: number;
  code: string;
  api_key_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface MenuItemsTable {
  id: Id;
  channel_id: number;
  title: string;
  type: string;
  placement: string;
  position: number;
  url: string | null;
  page_id: number | null;
  participant_group_id: number | null;
  vod_media_id: number | null;
}

export interface PagesTable {
  id: Id;
  channel_id: number;
  url: string;
  name: string;
  alt_name: string | null;
  content: string;
}

export interface SlidesTable {
  id: Id;
  channel_id: number;
  title: string;
  subtitle: string | null;
  image: string | null;
  slidable_type: string;
  slidable_id: number | null;
  url: string | null;
  position: number;
}

export interface FaqItemsTable {
  id: Id;
  channel_id: number;
  question: string;
  answer: string;
  position: number;
}

export interface CustomFormsTable {
  id: Id;
  channel_id: number;
  alias: string;
  title: string;
  fields: Json<unknown[]>;
}

export interface ParticipantGroupsTable {
  id: Id;
  channel_id: number;
  name: string;
  alias: string | null;
  image: string | null;
  city: string | null;
  state: string | null;
}

export interface ParticipantsTable {
  id: Id;
  channel_id: number;
  parent_id: number | null;
  participant_group_id: number | null;
  name: string;
  short_name: string | null;
  alias: string | null;
  color: string | null;
  logo: string | null;
  cover: string | null;
  gender: string | null;
  sport_category_id: number | null;
}

export interface EventCategoriesTable {
  id: Id;
  channel_id: number;
  parent_id: number | null;
  name: string;
  alias: string | null;
  position: number;
}

export interface EventLocationsTable {
  id: Id;
  channel_id: number;
  name: string;
  city: string | null;
  state: string | null;
  country: string | null;
}

export interface EventsTable {
  id: Id;
  channel_id: number;
  name: string;
  type: string;
  access_type: string;
  /** UTC seconds (spec §3 event_utc_ts). */
  event_utc_ts: BigIntColumn;
  end_utc_ts: BigIntColumn;
  time_zone: string;
  stream_status: string;
  event_category_id: number | null;
  location_id: number | null;
  base_price: ColumnType<string | number, number, number>;
  service_fee: ColumnType<string | number, number, number>;
  image: string | null;
  homepage: boolean;
  description: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Copies of the event's participants and their genders (migration 0004), kept by triggers on
   * event_participants and participants, so listing filters need no join: never written directly.
   */
  participant_ids: ColumnType<number[], never, never>;
  participant_genders: ColumnType<string[], never, never>;
}

export interface EventParticipantsTable {
  id: Id;
  channel_id: number;
  event_id: number;
  participant_id: number;
  side: string;
}

export interface PrerollsTable {
  id: Id;
  channel_id: number;
  url: string;
  weight: number;
  location_id: number | null;
  event_category_ids: Json<number[]>;
  for_vod: boolean;
  for_live: boolean;
}

/** spec §3 Clip: cut from an event by a viewer (src/clips/); its files live under the media dir by `uuid`. */
export interface ClipsTable {
  id: Id;
  channel_id: number;
  user_id: number | null;
  event_id: number;
  /** The share id (`/share/{event_id}/{uuid}`); made by the database. */
  uuid: ColumnType<string, string | undefined, never>;
  name: string;
  /** On demand: seconds from the start of the recording; live: seconds after the event's event_utc_ts. */
  start_time: number;
  duration: number;
  tags: Json<string[]>;
  /** spec §4: queued | processing | ready | failed */
  status: string;
  failure_reason: string | null;
  live: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  ready_at: Timestamp | null;
}

/** A clip still to cut: the durable queue (src/modules/clips/queue.ts), one row per clip until it is settled. */
export interface ClipJobsTable {
  id: Id;
  clip_id: number;
  channel_id: number;
  attempts: Defaulted<number>;
  /** The claim of the process cutting it now (random per attempt); null while queued. */
  claim: string | null;
  /** The claim lapses at this time: a crashed process's job is claimed again after it. */
  lease_until: Timestamp | null;
  last_error: string | null;
  queued_at: Timestamp;
}

/** One download of a clip or of a whole recording (spec §6: downloads per viewer and day). */
export interface ClipDownloadsTable {
  id: Id;
  channel_id: number;
  user_id: number;
  /** clip | event */
  kind: string;
  clip_id: number | null;
  event_id: number | null;
  created_at: Timestamp;
}

/** Seconds of clips a viewer asked for (src/modules/clips/abuseMigration.ts): the daily clip time. */
export interface ClipRequestsTable {
  id: Id;
  channel_id: number;
  user_id: number;
  seconds: number;
  created_at: Timestamp;
}

/**
 * spec §3 Favourite: a viewer follows a team, a school or a sport (src/modules/favourites/migration.ts).
 * Exactly the key of its kind is set, equal to favoritable_id.
 */
export interface FavoritesTable {
  id: Id;
  channel_id: number;
  user_id: number;
  /** participant | group | category */
  favoritable_type: string;
  favoritable_id: number;
  participant_id: number | null;
  participant_group_id: number | null;
  event_category_id: number | null;
  created_at: Timestamp;
}

/** A viewer's private calendar address: the secret of `/calendar/{token}.ics`, one per viewer. */
export interface FavoriteCalendarsTable {
  user_id: number;
  channel_id: number;
  /** SHA-256 (hex) of the calendar address's secret: the table never holds the address. */
  token_hash: string;
  /** What the address is derived from with the app secret; null for an address made before (shown no more, renewed on the next ask). */
  nonce: string | null;
  created_at: Timestamp;
}

/** numeric(10, 2): pg returns numeric as a string, so repositories convert with Number(). */
type Money = ColumnType<string | number, number | string, number | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

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
}

/** spec §3: the on-demand library's categories, in the channel's order (migration 0014). */
export interface VodMediaCategoriesTable {
  id: Id;
  channel_id: number;
  name: string;
  alias: string;
  position: Defaulted<number>;
}

/** spec §3 Vod media item (migration 0014). */
export interface VodMediaItemsTable {
  id: Id;
  channel_id: number;
  /** Its media folder: vod/<channel-slug>/<ref>/. */
  ref: string;
  title: string;
  description: string | null;
  /** A date column (YYYY-MM-DD written); read it with to_char, as drivers turn it into a Date at local midnight. */
  date: ColumnType<unknown, string, string>;
  category_id: number | null;
  access: string;
  duration: number;
  /** Written with SQL (src/vod/search.ts `searchDocument`); never read. */
  search_document: ColumnType<string, string, string>;
  search_title: string;
}

/** spec §3 Vod rail (migration 0014). */
export interface VodRailsTable {
  id: Id;
  channel_id: number;
  title: string;
  position: Defaulted<number>;
}

export interface VodRailItemsTable {
  channel_id: number;
  rail_id: number;
  item_id: number;
  position: number;
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

/** The sandbox card processor's customer: one per (channel, user) (migration 0007_sandbox). */
export interface SandboxCustomersTable {
  id: string;
  channel_id: number;
  user_id: number;
  email: string;
  created_at: Timestamp;
}

/** A card typed into the sandbox: brand, last four and test behaviour only, never the number. */
export interface SandboxPaymentMethodsTable {
  id: string;
  channel_id: number;
  user_id: number | null;
  /** Set while the card is saved to a customer. */
  customer_id: string | null;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** succeed | decline | insufficient_funds | authenticate */
  behavior: string;
  created_at: Timestamp;
}

/** A sandbox payment (kind payment) or card check (kind setup). */
export interface SandboxIntentsTable {
  id: string;
  channel_id: number;
  user_id: number;
  kind: string;
  /** requires_action | succeeded | failed | canceled (the site gave up on it: nothing can be charged) */
  status: string;
  payment_method_id: string | null;
  order_id: number | null;
  amount: ColumnType<string | number | null, number | string | null | undefined, number | string | null>;
  currency: string | null;
  description: string | null;
  save_card: Defaulted<boolean>;
  off_session: Defaulted<boolean>;
  idempotency_key: string;
  return_url: string | null;
  card_brand: string | null;
  card_last4: string | null;
  failure_reason: string | null;
  created_at: Timestamp;
}

/** A sandbox webhook waiting for delivery (migration 0009_payment_durability); deleted once delivered. */
export interface SandboxWebhookDeliveriesTable {
  id: Id;
  event_id: string;
  /** The event's JSON, signed afresh at every attempt. */
  body: string;
  /** pending | failed (given up after the last retry) */
  status: Defaulted<string>;
  attempts: Defaulted<number>;
  next_attempt_at: Timestamp;
  /** Set while one process makes an attempt; a crashed process's claim lapses at this time. */
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
}

export interface DatabaseSchema {
  channels: ChannelsTable;
  api_keys: ApiKeysTable;
  users: UsersTable;
  device_codes: DeviceCodesTable;
  menu_items: MenuItemsTable;
  pages: PagesTable;
  slides: SlidesTable;
  faq_items: FaqItemsTable;
  custom_forms: CustomFormsTable;
  participant_groups: ParticipantGroupsTable;
  participants: ParticipantsTable;
  event_categories: EventCategoriesTable;
  event_locations: EventLocationsTable;
  events: EventsTable;
  event_participants: EventParticipantsTable;
  prerolls: PrerollsTable;
  clips: ClipsTable;
  clip_jobs: ClipJobsTable;
  clip_downloads: ClipDownloadsTable;
  clip_requests: ClipRequestsTable;
  favorites: FavoritesTable;
  favorite_calendars: FavoriteCalendarsTable;
  packages: PackagesTable;
  subscriptions: SubscriptionsTable;
  vod_media_categories: VodMediaCategoriesTable;
  vod_media_items: VodMediaItemsTable;
  vod_rails: VodRailsTable;
  vod_rail_items: VodRailItemsTable;
  coupons: CouponsTable;
  orders: OrdersTable;
  transactions: TransactionsTable;
  webhook_events: WebhookEventsTable;
  sandbox_customers: SandboxCustomersTable;
  sandbox_payment_methods: SandboxPaymentMethodsTable;
  sandbox_intents: SandboxIntentsTable;
  sandbox_webhook_deliveries: SandboxWebhookDeliveriesTable;
  rate_limit_hits: RateLimitHitsTable;
}

/** One rate-limit counter per client, route and window, shared by every instance (src/core/rateLimit/store.ts). */
export interface RateLimitHitsTable {
  key: string;
  hits: number;
  expires_at: Timestamp;
}

/** The typed database handle every repository takes. */
export type Database = Kysely<DatabaseSchema>;

export type ChannelRow = Selectable<ChannelsTable>;
export type NewChannel = Insertable<ChannelsTable>;
export type UserRow = Selectable<UsersTable>;

/**
 * Tables holding a channel's demo data, children before parents so a re-seed can delete in this
 * order without tripping foreign keys. api_keys and users are not demo data and survive a re-seed.
 */
export const DEMO_TABLES = [
  // The on-demand library, rails before their items before their categories.
  'vod_rail_items',
  'vod_rails',
  'vod_media_items',
  'vod_media_categories',
  'event_participants',
  'prerolls',
  'events',
  'slides',
  'menu_items',
  'participants',
  'participant_groups',
  'event_categories',
  'event_locations',
  'pages',
  'faq_items',
  'custom_forms',
  // Offers; orders and transactions are viewers' purchases and survive a re-seed.
  'packages',
  'subscriptions',
  'coupons',
] as const satisfies readonly (keyof DatabaseSchema)[];

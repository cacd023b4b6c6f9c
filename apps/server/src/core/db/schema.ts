import type { ColumnType, Generated, Insertable, Kysely, Selectable } from 'kysely';

/**
 * The tables. Every row a channel owns carries `channel_id` (architecture: multi-tenancy is
 * enforced on the server), so every query can and must be scoped by the key's channel.
 */
export type Id = Generated<number>;
/** jsonb: written as a JSON string (both drivers accept it), read back as parsed JSON. */
export type Json<T> = ColumnType<T, string, string>;
/** bigint: pg returns int8 as a string, so repositories convert with Number(). */
export type BigIntColumn = ColumnType<string | number, number, number>;
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

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
  origin: SeedOrigin;
  seed_ref: SeedRef;
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
  origin: SeedOrigin;
  seed_ref: SeedRef;
}

export interface EventCategoriesTable {
  id: Id;
  channel_id: number;
  parent_id: number | null;
  name: string;
  alias: string | null;
  position: number;
  origin: SeedOrigin;
  seed_ref: SeedRef;
}

export interface EventLocationsTable {
  id: Id;
  channel_id: number;
  name: string;
  city: string | null;
  state: string | null;
  country: string | null;
  origin: SeedOrigin;
  seed_ref: SeedRef;
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
  /** Viewers see only published events (migration 0020_schedule, modules/schedule). */
  published: ColumnType<boolean, boolean | undefined, boolean>;
  /** When the channel called it off; null: on. A cancelled event stays listed, marked, and is neither watched nor sold. */
  cancelled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Whether the channel's prerolls play before it. */
  prerolls: ColumnType<boolean, boolean | undefined, boolean>;
  school_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Whether `name` is the operator's own, or made from the teams ("away @ home", spec §3) and remade when they change. */
  custom_name: ColumnType<boolean, boolean | undefined, boolean>;
  /** Who changed it last in the control room (an operator's or a token's label) and when; a re-seed leaves such an event alone. */
  changed_by: ColumnType<string | null, string | null | undefined, string | null>;
  changed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  origin: SeedOrigin;
  seed_ref: SeedRef;
}

/** Where a row comes from (migration 0020_schedule): the channel's seed or the control room, which a re-seed never touches. */
export type SeedOrigin = ColumnType<'seed' | 'console', 'seed' | 'console' | undefined, 'seed' | 'console'>;
/** The seed's own reference of a seeded row (`ref` in seed.json), unique per channel; null for the control room's rows. */
export type SeedRef = ColumnType<string | null, string | null | undefined, string | null>;

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

/** numeric(10, 2): pg returns numeric as a string, so repositories convert with Number(). */
export type Money = ColumnType<string | number, number | string, number | string>;
export type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface DatabaseSchema {
  channels: ChannelsTable;
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

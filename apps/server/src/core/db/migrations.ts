import { type Kysely, sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import { sessionLifetimesMigration } from '../../modules/accounts/migration.ts';
import { analyticsForgetMigration } from '../../modules/analytics/migration.ts';
import { analyticsPaymentsMigration } from '../../modules/analytics/paymentsMigration.ts';
import { clipRequestsMigration } from '../../modules/clips/abuseMigration.ts';
import { clipsMigration } from '../../modules/clips/migration.ts';
import { calendarHashMigration } from '../../modules/favourites/calendarHashMigration.ts';
import { favouritesMigration } from '../../modules/favourites/migration.ts';
import { vodMigration } from '../../modules/vod/migration.ts';
import type { DataChangedBus } from '../buses.ts';
import { oneOpenOrderMigration } from '../../modules/commerce/orders/openOrderMigration.ts';
import { sandboxDeliveriesMigration, sandboxMigration } from '../../modules/payments/sandbox/migration.ts';
import { sharedLimitsMigration } from './sharedLimitsMigration.ts';
import type { Database } from './schema.ts';

// One set of migrations for PGlite and PostgreSQL: plain PostgreSQL DDL that both engines run.
// Migrations take `Kysely<any>` on purpose: they must not depend on today's typed schema.
/* eslint-disable @typescript-eslint/no-explicit-any */

function channelOwned(db: Kysely<any>, table: string) {
  return db.schema
    .createTable(table)
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'));
}

const initial: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('channels')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('channel_key', 'text', (c) => c.notNull().unique())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
      .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('color_settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('seeded_at', 'timestamptz')
      .execute();

    await channelOwned(db, 'users')
      .addColumn('email', 'text', (c) => c.notNull())
      .addUniqueConstraint('users_channel_email_unique', ['channel_id', 'email'])
      .execute();

    await channelOwned(db, 'api_keys')
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('last_used_at', 'timestamptz')
      .execute();

    await channelOwned(db, 'pages')
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('alt_name', 'text')
      .addColumn('content', 'text', (c) => c.notNull())
      .execute();

    await channelOwned(db, 'participant_groups')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('alias', 'text')
      .addColumn('image', 'text')
      .addColumn('city', 'text')
      .addColumn('state', 'text')
      .execute();

    await channelOwned(db, 'event_categories')
      .addColumn('parent_id', 'integer', (c) => c.references('event_categories.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('alias', 'text')
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await channelOwned(db, 'event_locations')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('city', 'text')
      .addColumn('state', 'text')
      .addColumn('country', 'text')
      .execute();

    await channelOwned(db, 'participants')
      .addColumn('parent_id', 'integer', (c) => c.references('participants.id').onDelete('cascade'))
      .addColumn('participant_group_id', 'integer', (c) => c.references('participant_groups.id').onDelete('set null'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('short_name', 'text')
      .addColumn('alias', 'text')
      .addColumn('color', 'text')
      .addColumn('logo', 'text')
      .addColumn('cover', 'text')
      .addColumn('gender', 'text')
      .addColumn('sport_category_id', 'integer', (c) => c.references('event_categories.id').onDelete('set null'))
      .execute();

    await channelOwned(db, 'menu_items')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('placement', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('url', 'text')
      .addColumn('page_id', 'integer', (c) => c.references('pages.id').onDelete('cascade'))
      .addColumn('participant_group_id', 'integer', (c) => c.references('participant_groups.id').onDelete('cascade'))
      .addColumn('vod_media_id', 'integer')
      .execute();

    await channelOwned(db, 'slides')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('subtitle', 'text')
      .addColumn('image', 'text')
      .addColumn('slidable_type', 'text', (c) => c.notNull())
      .addColumn('slidable_id', 'integer')
      .addColumn('url', 'text')
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();

    await channelOwned(db, 'faq_items')
      .addColumn('question', 'text', (c) => c.notNull())
      .addColumn('answer', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();

    await channelOwned(db, 'custom_forms')
      .addColumn('alias', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('fields', 'jsonb', (c) => c.notNull())
      .addUniqueConstraint('custom_forms_channel_alias_unique', ['channel_id', 'alias'])
      .execute();

    await channelOwned(db, 'events')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('access_type', 'text', (c) => c.notNull())
      .addColumn('event_utc_ts', 'bigint', (c) => c.notNull())
      .addColumn('end_utc_ts', 'bigint', (c) => c.notNull())
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('stream_status', 'text', (c) => c.notNull())
      .addColumn('event_category_id', 'integer', (c) => c.references('event_categories.id').onDelete('set null'))
      .addColumn('location_id', 'integer', (c) => c.references('event_locations.id').onDelete('set null'))
      .addColumn('base_price', 'numeric(10, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('service_fee', 'numeric(10, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('image', 'text')
      .addColumn('homepage', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
    await db.schema.createIndex('events_channel_status_ts').on('events').columns(['channel_id', 'stream_status', 'event_utc_ts']).execute();
    await db.schema.createIndex('events_channel_category').on('events').columns(['channel_id', 'event_category_id']).execute();
    await db.schema.createIndex('events_channel_location').on('events').columns(['channel_id', 'location_id']).execute();

    await channelOwned(db, 'event_participants')
      .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('participant_id', 'integer', (c) => c.notNull().references('participants.id').onDelete('cascade'))
      .addColumn('side', 'text', (c) => c.notNull())
      .execute();

    await channelOwned(db, 'prerolls')
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('location_id', 'integer', (c) => c.references('event_locations.id').onDelete('set null'))
      .addColumn('event_category_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('for_vod', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('for_live', 'boolean', (c) => c.notNull().defaultTo(true))
      .execute();

    // Catalog reads list a channel's rows: index channel_id on every channel-owned table.
    for (const table of ['api_keys', 'users', 'pages', 'participant_groups', 'event_categories', 'event_locations', 'participants', 'menu_items', 'slides', 'faq_items', 'event_participants', 'prerolls']) {
      await db.schema.createIndex(`${table}_channel`).on(table).column('channel_id').execute();
    }
  },
  async down(db: Kysely<any>) {
    for (const table of ['prerolls', 'event_participants', 'events', 'custom_forms', 'faq_items', 'slides', 'menu_items', 'participants', 'event_locations', 'event_categories', 'participant_groups', 'pages', 'api_keys', 'users', 'channels']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};

/**
 * spec §7 Events: listings stay fast with 100,000 events in a channel. Every listing is
 * scoped by channel and ordered by start time (or name), so each index leads with channel_id and
 * ends with the sort key; the participant join is indexed from both sides (a school or team filter
 * starts from participants, a page of events fetches its participants). Clips (spec §3) are cut in
 * a later issue; the table exists now so /events/with_clip has something honest to ask.
 */
const eventListings: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('events').addColumn('description', 'text').execute();
    // The sort ends with id (a stable order for paging), so the indexes do too: without it the
    // planner prefers any index that covers (ts, id) and filters the status row by row.
    await db.schema.dropIndex('events_channel_status_ts').execute();
    await db.schema.createIndex('events_channel_status_ts').on('events').columns(['channel_id', 'stream_status', 'event_utc_ts', 'id']).execute();
    await db.schema.createIndex('events_channel_ts').on('events').columns(['channel_id', 'event_utc_ts', 'id']).execute();
    await db.schema.createIndex('events_channel_name').on('events').columns(['channel_id', 'name', 'id']).execute();
    await db.schema.createIndex('events_channel_homepage').on('events').columns(['channel_id', 'event_utc_ts']).where(sql.ref('homepage'), '=', true).execute();
    await db.schema.createIndex('event_participants_participant_event').on('event_participants').columns(['participant_id', 'event_id']).execute();
    await db.schema.createIndex('event_participants_event').on('event_participants').columns(['event_id', 'participant_id']).execute();
    await db.schema.createIndex('participants_channel_group').on('participants').columns(['channel_id', 'participant_group_id']).execute();

    await channelOwned(db, 'clips')
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('start_time', 'integer', (c) => c.notNull())
      .addColumn('duration', 'integer', (c) => c.notNull())
      .addColumn('tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('clips_channel_event').on('clips').columns(['channel_id', 'event_id']).execute();
    await db.schema.createIndex('clips_event').on('clips').column('event_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('clips').ifExists().execute();
    await db.schema.dropIndex('events_channel_status_ts').execute();
    await db.schema.createIndex('events_channel_status_ts').on('events').columns(['channel_id', 'stream_status', 'event_utc_ts']).execute();
    for (const index of ['events_channel_ts', 'events_channel_name', 'events_channel_homepage', 'event_participants_participant_event', 'event_participants_event', 'participants_channel_group']) {
      await db.schema.dropIndex(index).ifExists().execute();
    }
    await db.schema.alterTable('events').dropColumn('description').execute();
  },
};

/**
 * What viewers send through a channel's custom forms (POST /custom-forms/:alias). Not demo data:
 * a re-seed keeps it, and it goes with its channel. The alias is kept as text, not a key to
 * custom_forms, because a re-seed recreates the forms while the submissions stay.
 */
const formSubmissions: Migration = {
  async up(db: Kysely<any>) {
    await channelOwned(db, 'form_submissions')
      .addColumn('form_alias', 'text', (c) => c.notNull())
      .addColumn('values', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('form_submissions_channel_alias').on('form_submissions').columns(['channel_id', 'form_alias', 'created_at']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('form_submissions').ifExists().execute();
  },
};

/**
 * A listing stays fast with 100,000 events. The school, team and gender filters were a
 * semi-join on event_participants per listing; the event now carries its participants' ids (sorted,
 * no duplicates) and their genders, so such a listing is one scan of events: `participant_ids &&
 * '{…}'` on a GIN index, or the status/time index filtered row by row, whichever the planner finds
 * cheaper. Schools resolve to their team ids from the channel's cached names (a dozen ids); a gender
 * would resolve to half the channel's teams, an overlap too costly per row, hence its own column.
 * Statement-level triggers with transition tables keep both right for every write path (the seed,
 * bulk loads, later edits of a team's gender) at one UPDATE per statement, not per row.
 */
const eventParticipantIds: Migration = {
  async up(db: Kysely<any>) {
    await sql`alter table events add column participant_ids integer[] not null default '{}', add column participant_genders text[] not null default '{}'`.execute(db);
    await sql`
      create function events_sync_participants(event_ids integer[]) returns void language sql as $$
        update events e
           set participant_ids = coalesce((select array_agg(distinct ep.participant_id order by ep.participant_id) from event_participants ep where ep.event_id = e.id), '{}'),
               participant_genders = coalesce((select array_agg(distinct p.gender order by p.gender) from event_participants ep join participants p on p.id = ep.participant_id where ep.event_id = e.id and p.gender is not null), '{}')
         where e.id = any(event_ids)
      $$`.execute(db);
    await sql`
      create function event_participants_changed() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          perform events_sync_participants(array(select distinct event_id from added));
        elsif tg_op = 'DELETE' then
          perform events_sync_participants(array(select distinct event_id from removed));
        else
          perform events_sync_participants(array(select event_id from added union select event_id from removed));
        end if;
        return null;
      end
      $$`.execute(db);
    await sql`create trigger event_participants_added after insert on event_participants referencing new table as added for each statement execute function event_participants_changed()`.execute(db);
    await sql`create trigger event_participants_removed after delete on event_participants referencing old table as removed for each statement execute function event_participants_changed()`.execute(db);
    await sql`create trigger event_participants_updated after update on event_participants referencing old table as removed new table as added for each statement execute function event_participants_changed()`.execute(db);
    // A team whose gender changes changes the gender filter of its events.
    await sql`
      create function participants_changed() returns trigger language plpgsql as $$
      begin
        perform events_sync_participants(array(
          select e.id from events e
           where e.participant_ids && array(select a.id from added a join removed r on r.id = a.id where a.gender is distinct from r.gender)));
        return null;
      end
      $$`.execute(db);
    await sql`create trigger participants_updated after update on participants referencing old table as removed new table as added for each statement execute function participants_changed()`.execute(db);
    await sql`select events_sync_participants(array(select id from events))`.execute(db);
    await sql`create index events_participant_ids on events using gin (participant_ids)`.execute(db);
  },
  async down(db: Kysely<any>) {
    await sql`drop trigger if exists participants_updated on participants`.execute(db);
    for (const trigger of ['event_participants_added', 'event_participants_removed', 'event_participants_updated']) {
      await sql`drop trigger if exists ${sql.raw(trigger)} on event_participants`.execute(db);
    }
    await sql`drop function if exists participants_changed()`.execute(db);
    await sql`drop function if exists event_participants_changed()`.execute(db);
    await sql`drop function if exists events_sync_participants(integer[])`.execute(db);
    await sql`drop index if exists events_participant_ids`.execute(db);
    await sql`alter table events drop column participant_ids, drop column participant_genders`.execute(db);
  },
};

/**
 * Accounts. A user is one channel's (the same address may register on two channels);
 * emails are unique per channel case-insensitively among live accounts, so an address whose account
 * was deleted (soft: deleted_at) can register again. A session is an api key bound to the user
 * (api_keys.user_id). device_codes: the short code a device shows so a logged-in viewer can bind the
 * device's key to their account; single use, expiring.
 */
const accounts: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('users')
      .addColumn('password_hash', 'text')
      .addColumn('first_name', 'text')
      .addColumn('last_name', 'text')
      .addColumn('email_verified_at', 'timestamptz')
      .addColumn('temporary_password', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('trial_period_used', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('is_geo_blocked', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('capabilities', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('feature_count', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('deleted_at', 'timestamptz')
      .execute();
    await db.schema.alterTable('users').dropConstraint('users_channel_email_unique').execute();
    await sql`create unique index users_channel_email_lower on users (channel_id, lower(email)) where deleted_at is null`.execute(db);
    await db.schema.createIndex('api_keys_user').on('api_keys').columns(['user_id']).execute();
    await channelOwned(db, 'device_codes')
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('api_key_id', 'integer', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('used_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('device_codes_channel_code', ['channel_id', 'code'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('device_codes').ifExists().execute();
    await db.schema.dropIndex('api_keys_user').ifExists().execute();
    await sql`drop index if exists users_channel_email_lower`.execute(db);
    await db.schema.alterTable('users').addUniqueConstraint('users_channel_email_unique', ['channel_id', 'email']).execute();
    for (const column of ['password_hash', 'first_name', 'last_name', 'email_verified_at', 'temporary_password', 'trial_period_used', 'is_geo_blocked', 'capabilities', 'feature_count', 'created_at', 'deleted_at']) {
      await db.schema.alterTable('users').dropColumn(column).execute();
    }
  },
};

/**
 * Commerce (spec §3 Package, Subscription, Order). packages, subscriptions and coupons are
 * the channel's offers (demo data: a re-seed recreates them); orders, transactions and
 * webhook_events are what viewers bought and what the card processors said, and survive a re-seed.
 * An order's product_id names an event, a package or a subscription by `type`, so it is no foreign
 * key. Money is numeric(10, 2). (channel_id, user_id, idempotency_key) is unique: the insert that
 * wins makes the one charge. webhook_events' primary key makes a replayed webhook a no-op.
 */
const commerce: Migration = {
  async up(db: Kysely<any>) {
    await channelOwned(db, 'packages')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('is_team_pass', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('event_category_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('participant_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('base_price', 'numeric(10, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('service_fee', 'numeric(10, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('offer', 'text')
      .addColumn('period', 'integer')
      .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await channelOwned(db, 'subscriptions')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('base_price', 'numeric(10, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('service_fee', 'numeric(10, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('offer', 'text', (c) => c.notNull())
      .addColumn('period', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('trial_period', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await channelOwned(db, 'coupons')
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('percent_off', 'integer')
      .addColumn('amount_off', 'numeric(10, 2)')
      .addColumn('applies_to', 'text')
      .addColumn('expires_at', 'timestamptz')
      .addColumn('max_redemptions', 'integer')
      .addColumn('redemptions', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`create unique index coupons_channel_code_lower on coupons (channel_id, lower(code))`.execute(db);

    await channelOwned(db, 'orders')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('created'))
      .addColumn('activity_status', 'text', (c) => c.notNull().defaultTo('inactive'))
      .addColumn('product_id', 'integer', (c) => c.notNull())
      .addColumn('product_name', 'text', (c) => c.notNull())
      .addColumn('participant_id', 'integer')
      .addColumn('event_category_id', 'integer')
      .addColumn('amount', 'numeric(10, 2)', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('coupon_code', 'text')
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('request_fingerprint', 'text', (c) => c.notNull())
      .addColumn('provider', 'text')
      .addColumn('provider_ref', 'text')
      .addColumn('next_action_url', 'text')
      .addColumn('failure_reason', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('paid_at', 'timestamptz')
      .addColumn('expires_at', 'timestamptz')
      .addColumn('sub_status', 'text')
      .addColumn('auto_renew', 'boolean')
      .addColumn('trial_ends_at', 'timestamptz')
      .addColumn('current_period_end', 'timestamptz')
      .addUniqueConstraint('orders_channel_user_idempotency', ['channel_id', 'user_id', 'idempotency_key'])
      .execute();
    await db.schema.createIndex('orders_channel_user_status').on('orders').columns(['channel_id', 'user_id', 'status']).execute();
    await db.schema.createIndex('orders_provider_ref').on('orders').columns(['provider', 'provider_ref']).execute();
    // The renewal job looks for subscriptions whose period or trial is over.
    await db.schema.createIndex('orders_subscription_due').on('orders').columns(['type', 'status', 'current_period_end']).execute();

    await channelOwned(db, 'transactions')
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('amount', 'numeric(10, 2)', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('card_brand', 'text')
      .addColumn('card_last4', 'text')
      .addColumn('provider_ref', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('transactions_order').on('transactions').columns(['order_id', 'created_at']).execute();
    await db.schema.createIndex('transactions_channel').on('transactions').column('channel_id').execute();

    await db.schema
      .createTable('webhook_events')
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('webhook_events_pkey', ['provider', 'event_id'])
      .execute();

    for (const table of ['packages', 'subscriptions']) {
      await db.schema.createIndex(`${table}_channel`).on(table).column('channel_id').execute();
    }
  },
  async down(db: Kysely<any>) {
    for (const table of ['webhook_events', 'transactions', 'orders', 'coupons', 'subscriptions', 'packages']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};

/** In code, so `node src/cli.ts` needs no migration folder on disk and both engines share them. */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_event_listings': eventListings,
  '0003_form_submissions': formSubmissions,
  '0004_event_participant_ids': eventParticipantIds,
  '0005_accounts': accounts,
  '0006_commerce': commerce,
  '0007_sandbox': sandboxMigration,
  '0008_one_open_order': oneOpenOrderMigration,
  '0009_payment_durability': sandboxDeliveriesMigration,
  '0010_session_lifetimes': sessionLifetimesMigration,
  '0011_shared_limits': sharedLimitsMigration,
  '0012_clips': clipsMigration,
  '0013_favourites': favouritesMigration,
  '0014_vod': vodMigration,
  '0015_analytics_forget': analyticsForgetMigration,
  '0016_clip_requests': clipRequestsMigration,
  '0017_analytics_payments': analyticsPaymentsMigration,
  '0018_calendar_token_hashes': calendarHashMigration,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies every pending migration; a second run is a no-op. An app's `dataChanged`, given, drops its caches when one was applied. */
export async function migrateToLatest(db: Database, dataChanged?: DataChangedBus): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  if (applied.length > 0) dataChanged?.emit(null);
  return applied;
}

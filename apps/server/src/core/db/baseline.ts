import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { sharedLimitsMigration } from './sharedLimitsMigration.ts';

// One set of migrations for PGlite and PostgreSQL: plain PostgreSQL DDL that both engines run.
// Migrations take `Kysely<any>` on purpose: they must not depend on today's typed schema.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** A table owned by one channel: its rows go with the channel. Shared by the modules' migrations. */
export function channelOwned(db: Kysely<any>, table: string) {
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
 * The baseline: the first migrations, written before the server had modules. They are frozen:
 * databases in service ran them under these names, so they are never edited, renamed or split
 * (a module changes its tables with a new migration of its own). Later migrations live in their
 * modules (`modules/<area>/…Migration.ts`), and the composition root (`src/migrations.ts`) hands
 * them all to the migrator. `0003_form_submissions`, `0005_accounts` and `0006_commerce` moved to
 * their modules under the same names; `0011_shared_limits` is the rate limits' and the notices'.
 */
export const coreMigrations: Readonly<Record<string, Migration>> = {
  '0001_initial': initial,
  '0002_event_listings': eventListings,
  '0004_event_participant_ids': eventParticipantIds,
  '0011_shared_limits': sharedLimitsMigration,
};

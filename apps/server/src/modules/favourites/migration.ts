import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { calendarHashMigration } from './calendarHashMigration.ts';
import { favoritesChangedNoticeMigration } from './changedNoticeMigration.ts';

// Kysely<any> on purpose, as every migration: it must not depend on today's typed schema.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Favourites (spec §3 Favourite, §5 favourite rules): a viewer follows a team (`participant`), a
 * school (`group`) or a sport (`category`) of their channel.
 *
 * `favoritable_type` + `favoritable_id` are what the API speaks; the followed row is also held by
 * the one foreign key of its kind (`participant_id`, `participant_group_id`, `event_category_id`),
 * so a team, school or sport removed (an operator's edit, a re-seed) takes its favourites with it,
 * and the check makes the two always agree. Unique per viewer and followed thing: the insert that
 * wins is the favourite, a second one (another tab) finds it. Gone with the account: the user's
 * foreign key cascades, and a soft deletion removes them (modules/accounts/usersRepository.ts).
 *
 * favorite_calendars holds each viewer's private calendar address (one per viewer): a random
 * secret the feed route looks up; renewing it replaces the secret, so the old address is unknown.
 */
export const favouritesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('favorites')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('favoritable_type', 'text', (c) => c.notNull())
      .addColumn('favoritable_id', 'integer', (c) => c.notNull())
      .addColumn('participant_id', 'integer', (c) => c.references('participants.id').onDelete('cascade'))
      .addColumn('participant_group_id', 'integer', (c) => c.references('participant_groups.id').onDelete('cascade'))
      .addColumn('event_category_id', 'integer', (c) => c.references('event_categories.id').onDelete('cascade'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('favorites_channel_user_thing', ['channel_id', 'user_id', 'favoritable_type', 'favoritable_id'])
      // A CHECK passes on null, hence the coalesce: an unknown type or a mismatched key is refused.
      .addCheckConstraint(
        'favorites_one_thing',
        sql`coalesce(case favoritable_type
          when 'participant' then participant_id = favoritable_id and participant_group_id is null and event_category_id is null
          when 'group' then participant_group_id = favoritable_id and participant_id is null and event_category_id is null
          when 'category' then event_category_id = favoritable_id and participant_id is null and participant_group_id is null
        end, false)`,
      )
      .execute();
    // The foreign keys' own side: a removed team, school or sport finds its favourites by index.
    await db.schema.createIndex('favorites_participant').on('favorites').column('participant_id').where('participant_id', 'is not', null).execute();
    await db.schema.createIndex('favorites_group').on('favorites').column('participant_group_id').where('participant_group_id', 'is not', null).execute();
    await db.schema.createIndex('favorites_category').on('favorites').column('event_category_id').where('event_category_id', 'is not', null).execute();
    await db.schema.createIndex('favorites_user').on('favorites').column('user_id').execute();

    await db.schema
      .createTable('favorite_calendars')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('favorite_calendars_channel').on('favorite_calendars').column('channel_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('favorite_calendars').ifExists().execute();
    await db.schema.dropTable('favorites').ifExists().execute();
  },
};

/** The favourites' migrations, by the names databases in service ran them under. */
export const favouritesMigrations: Readonly<Record<string, Migration>> = {
  '0013_favourites': favouritesMigration,
  '0018_calendar_token_hashes': calendarHashMigration,
  '0023_favorites_changed_notice': favoritesChangedNoticeMigration,
};

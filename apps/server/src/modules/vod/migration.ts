import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { libraryMigrations } from './library/migration.ts';
import { searchWordsMigration } from './searchWordsMigration.ts';

// Kysely<any> on purpose, as every migration: it must not depend on today's typed schema.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The on-demand library (spec §3 Vod media item, Vod rail; §6 `vod_media`) and its search.
 *
 * Search is the database's own: `unaccent` folds accents ("hockey feminin" finds "Hockey
 * féminin"), English and French stemming match "reviews" to "review", and `pg_trgm` forgives a
 * typo ("hocky"). Every search condition has a GIN index (a tsvector and a trigram one), never a
 * scan. `unaccent()` is only STABLE (its dictionary could change), so an index cannot call it:
 * `grandstand_fold` pins the dictionary and is declared IMMUTABLE, the usual way to index it.
 *
 * An item's search document is stored (`search_document`, written by the seed in the channel's
 * language); events, teams and schools are indexed on an expression of their name, once per
 * language, so a search uses the index of its channel's language.
 *
 * Packages and subscriptions gain `capabilities`: what a pass grants while it runs (`vod_media`),
 * so a viewer whose pass ended is told their on-demand access expired (spec §6).
 */
export const SEARCH_LANGUAGES = ['english', 'french'] as const;

/** The folded text the trigram indexes hold; queries must spell exactly this to use them. */
export const foldSql = (column: string) => `grandstand_fold(${column})`;
/** The tsvector expression the name indexes hold, per language. */
export const nameVectorSql = (language: (typeof SEARCH_LANGUAGES)[number], column: string) => `to_tsvector('${language}'::regconfig, grandstand_fold(${column}))`;

/** The tables whose name a search reads, besides the items. */
const NAMED = ['events', 'participants', 'participant_groups'] as const;

export const vodMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`create extension if not exists unaccent`.execute(db);
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create or replace function grandstand_fold(text) returns text language sql immutable strict parallel safe
      as $$ select lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$`.execute(db);

    await db.schema
      .createTable('vod_media_categories')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('alias', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('vod_media_categories_channel_alias', ['channel_id', 'alias'])
      .execute();

    await db.schema
      .createTable('vod_media_items')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      // The media folder's name (vod/<channel-slug>/<ref>/): unique in the channel.
      .addColumn('ref', 'text', (c) => c.notNull().check(sql`ref ~ '^[a-z0-9-]{1,60}$'`))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('date', 'date', (c) => c.notNull())
      .addColumn('category_id', 'integer', (c) => c.references('vod_media_categories.id').onDelete('set null'))
      .addColumn('access', 'text', (c) => c.notNull().check(sql`access in ('free', 'registered', 'vod_media')`))
      .addColumn('duration', 'integer', (c) => c.notNull().check(sql`duration >= 0`))
      // Title weighted A, description B, in the channel's language, accents folded.
      .addColumn('search_document', sql`tsvector`, (c) => c.notNull())
      // The folded title, for typo-tolerant matching (trigram) and "title first" ranking.
      .addColumn('search_title', 'text', (c) => c.notNull())
      .addUniqueConstraint('vod_media_items_channel_ref', ['channel_id', 'ref'])
      .execute();
    await sql`create index vod_media_items_newest on vod_media_items (channel_id, date desc, id desc)`.execute(db);
    await sql`create index vod_media_items_category on vod_media_items (category_id, date desc, id desc)`.execute(db);
    await sql`create index vod_media_items_document on vod_media_items using gin (search_document)`.execute(db);
    await sql`create index vod_media_items_title_trgm on vod_media_items using gin (search_title gin_trgm_ops)`.execute(db);

    await db.schema
      .createTable('vod_rails')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('vod_rails_channel').on('vod_rails').columns(['channel_id', 'position']).execute();

    await db.schema
      .createTable('vod_rail_items')
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('rail_id', 'integer', (c) => c.notNull().references('vod_rails.id').onDelete('cascade'))
      .addColumn('item_id', 'integer', (c) => c.notNull().references('vod_media_items.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('vod_rail_items_pkey', ['rail_id', 'item_id'])
      .execute();
    await db.schema.createIndex('vod_rail_items_item').on('vod_rail_items').column('item_id').execute();
    await db.schema.createIndex('vod_rail_items_channel').on('vod_rail_items').column('channel_id').execute();

    for (const table of NAMED) {
      await sql.raw(`create index ${table}_name_trgm on ${table} using gin (${foldSql('name')} gin_trgm_ops)`).execute(db);
      for (const language of SEARCH_LANGUAGES) {
        await sql.raw(`create index ${table}_name_${language} on ${table} using gin (${nameVectorSql(language, 'name')})`).execute(db);
      }
    }

    for (const table of ['packages', 'subscriptions']) {
      await db.schema.alterTable(table).addColumn('capabilities', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`)).execute();
    }
  },
  async down(db: Kysely<any>) {
    for (const table of ['packages', 'subscriptions']) await db.schema.alterTable(table).dropColumn('capabilities').execute();
    for (const table of NAMED) {
      await sql.raw(`drop index if exists ${table}_name_trgm`).execute(db);
      for (const language of SEARCH_LANGUAGES) await sql.raw(`drop index if exists ${table}_name_${language}`).execute(db);
    }
    for (const table of ['vod_rail_items', 'vod_rails', 'vod_media_items', 'vod_media_categories']) await db.schema.dropTable(table).ifExists().execute();
    await sql`drop function if exists grandstand_fold(text)`.execute(db);
  },
};

/** The on-demand library's migrations, by the names databases in service ran them under. */
export const vodMigrations: Readonly<Record<string, Migration>> = {
  '0014_vod': vodMigration,
  ...libraryMigrations,
  '0080_search_words': searchWordsMigration,
};

import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// Kysely<any> on purpose, as every migration: it must not depend on today's typed schema.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** The searched texts, by table: what a typed word may be a misspelling of (modules/vod/typos.ts). */
const SEARCHED = {
  vod_media_items: `n.title || ' ' || coalesce(n.description, '')`,
  events: 'n.name',
  participants: 'n.name',
  participant_groups: 'n.name',
} as const;

/**
 * Each channel's search vocabulary (spec §5 vod search, typo tolerance): the distinct folded words
 * of four letters or more of its videos' titles and descriptions and its events', teams' and schools'
 * names, kept by the database as rows are written (statement triggers with transition tables: a bulk
 * write is one insert of its distinct words), so a search reads a channel's words in one indexed
 * scan instead of parsing every row (seconds on a library of 100,000 videos). A word whose last
 * row went stays: correcting to it only widens a search, what it finds is still what viewers may see.
 */
export const searchWordsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('search_words')
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('word', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('search_words_pkey', ['channel_id', 'word'])
      .execute();
    // Words of letters only (a year or a number is never corrected), folded as searches fold them.
    await sql`create function grandstand_words(text) returns setof text language sql immutable strict parallel safe
      as $$ select distinct w from regexp_split_to_table(grandstand_fold($1), '[^[:alpha:]]+') as w where length(w) >= 4 $$`.execute(db);
    const insert = (table: keyof typeof SEARCHED, rows: string) =>
      `insert into search_words (channel_id, word) select distinct n.channel_id, w from ${rows} n, grandstand_words(${SEARCHED[table]}) w on conflict do nothing;`;
    const branches = (Object.keys(SEARCHED) as (keyof typeof SEARCHED)[]).map((table) => `when '${table}' then ${insert(table, 'new_rows')}`).join('\n');
    await sql`
      create function search_words_noted() returns trigger language plpgsql as $$
      begin
        case tg_table_name
          ${sql.raw(branches)}
        end case;
        return null;
      end
      $$`.execute(db);
    for (const table of Object.keys(SEARCHED) as (keyof typeof SEARCHED)[]) {
      for (const event of ['insert', 'update']) {
        await sql.raw(`create trigger ${table}_search_words_${event} after ${event} on ${table} referencing new table as new_rows for each statement execute function search_words_noted()`).execute(db);
      }
      await sql.raw(insert(table, table)).execute(db);
    }
  },
  async down(db: Kysely<any>) {
    for (const table of Object.keys(SEARCHED)) {
      for (const event of ['insert', 'update']) await sql.raw(`drop trigger if exists ${table}_search_words_${event} on ${table}`).execute(db);
    }
    await sql`drop function if exists search_words_noted()`.execute(db);
    await sql`drop function if exists grandstand_words(text)`.execute(db);
    await db.schema.dropTable('search_words').ifExists().execute();
  },
};

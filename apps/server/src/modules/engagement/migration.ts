import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's typed schema */

/**
 * Live engagement (spec §1 admin dashboard: polls; spec §7: popups).
 *
 * A poll is an event's question with 2–5 answers (`answers`, a JSON array of labels), open until a
 * producer closes it; at most one poll of an event is open at a time (a partial unique index, so two
 * producers opening at once cannot both win). Its votes are one row per viewer (`poll_votes`, unique
 * per poll and viewer: a second vote, from another tab or instance, is refused by the database
 * itself), kept with the event; a deleted account's vote stays counted without its owner.
 *
 * A popup is the channel's announcement: title, text, an optional link, its audience (visitors,
 * viewers, or holders of one package or subscription), the site's pages where it shows, and when.
 * `popup_dismissals` remembers a logged-in viewer's dismissal (a visitor's is kept in their browser).
 */
const engagement: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('polls')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('question', 'text', (c) => c.notNull())
      .addColumn('answers', 'jsonb', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'closed')`))
      .addColumn('opened_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('opened_by', 'text', (c) => c.notNull())
      .addColumn('closed_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('polls_event').on('polls').columns(['channel_id', 'event_id', 'id']).execute();
    await sql`create unique index polls_one_open on polls (event_id) where status = 'open'`.execute(db);
    await db.schema
      .createTable('poll_votes')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('poll_id', 'integer', (c) => c.notNull().references('polls.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('answer', 'integer', (c) => c.notNull().check(sql`answer >= 0 and answer < 5`))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('poll_votes_once', ['poll_id', 'user_id'])
      .execute();
    await db.schema
      .createTable('popups')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('link', 'text')
      .addColumn('audience', 'text', (c) => c.notNull().check(sql`audience in ('visitors', 'viewers', 'holders')`))
      .addColumn('offer_type', 'text', (c) => c.check(sql`offer_type in ('package', 'subscription')`))
      .addColumn('offer_id', 'integer')
      .addColumn('pages', 'jsonb', (c) => c.notNull())
      .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
      .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addCheckConstraint('popups_holders_offer', sql`(audience = 'holders') = (offer_type is not null and offer_id is not null)`)
      .addCheckConstraint('popups_dates', sql`ends_at > starts_at`)
      .execute();
    await db.schema.createIndex('popups_channel_ends').on('popups').columns(['channel_id', 'ends_at']).execute();
    await db.schema
      .createTable('popup_dismissals')
      .addColumn('popup_id', 'integer', (c) => c.notNull().references('popups.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('dismissed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('popup_dismissals_pk', ['popup_id', 'user_id'])
      .execute();
    await db.schema.createIndex('popup_dismissals_user').on('popup_dismissals').columns(['user_id']).execute();
  },
  async down(db: Kysely<any>) {
    for (const table of ['popup_dismissals', 'popups', 'poll_votes', 'polls']) await db.schema.dropTable(table).ifExists().execute();
  },
};

/** Live engagement's migrations, by the names databases in service ran them under. */
export const engagementMigrations: Readonly<Record<string, Migration>> = {
  '0045_engagement': engagement,
};

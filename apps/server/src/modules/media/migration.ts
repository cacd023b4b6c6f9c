import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// Kysely<any> on purpose, as every migration: it must not depend on today's typed schema.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * preroll_views: a preroll a logged-in viewer played to its end before one event or on-demand item
 * (`subject`: `event:9`, `vod:12`), hidden for them and that subject until `hidden_until` (spec §4:
 * per user and event, for the channel's preroll time). Kept in the database so the hiding follows
 * the viewer to every device; a visitor's stays in their browser.
 */
const prerollViews: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('preroll_views')
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('preroll_id', 'integer', (c) => c.notNull().references('prerolls.id').onDelete('cascade'))
      .addColumn('hidden_until', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('preroll_views_pkey', ['user_id', 'subject', 'preroll_id'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('preroll_views').ifExists().execute();
  },
};

/** The media module's migrations (its range: 0060–0064). */
export const mediaMigrations: Readonly<Record<string, Migration>> = {
  '0060_preroll_views': prerollViews,
};

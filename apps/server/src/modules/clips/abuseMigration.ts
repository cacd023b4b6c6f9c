import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// Kysely<any> on purpose, as every migration: it must not depend on today's typed schema.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * clip_requests counts the seconds of clips a viewer asked for, per day (spec §6 counters, the
 * daily clip time of the server README's Security section). A row per clip asked for that stays
 * when the clip is deleted: deleting a clip frees a place among the clips held, not the day's time.
 */
export const clipRequestsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('clip_requests')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('seconds', 'double precision', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('clip_requests_user_created').on('clip_requests').columns(['channel_id', 'user_id', 'created_at']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('clip_requests').ifExists().execute();
  },
};

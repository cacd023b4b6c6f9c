import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { channelOwned } from '../../core/db/baseline.ts';

// Kysely<any> on purpose, as every migration: it must not depend on today's typed schema.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A linked device's next game (a TV linked with a code): the viewer who linked it chooses a game on
 * their phone ("Watch on your TV"), the device asks with its own key and plays it. One row per
 * device key, gone with the key (a logout, a password change ends the link).
 */
export const deviceNextMigration: Migration = {
  async up(db: Kysely<any>) {
    await channelOwned(db, 'device_next')
      .addColumn('api_key_id', 'integer', (c) => c.notNull().unique().references('api_keys.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('event_id', 'integer')
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('device_next_user').on('device_next').columns(['channel_id', 'user_id']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('device_next').ifExists().execute();
  },
};

import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Kysely<any> on purpose, as every migration: it must not depend on today's typed schema.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A viewer suspended by the channel's support: while `suspended_at` is set, the viewer may sign in
 * and read the site but gets no stream address and makes no clip, and is told why
 * (`suspended_reason`, written by support). Restoring clears both.
 */
export const suspensionMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('suspended_at', 'timestamptz').addColumn('suspended_reason', 'text').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('users').dropColumn('suspended_at').dropColumn('suspended_reason').execute();
  },
};

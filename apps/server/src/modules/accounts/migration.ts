import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's typed schema */

/**
 * Session lifetimes (OWASP ASVS 3.3). `session_started_at`: when the key became a user's session
 * (a login's fresh key, or a linked device's older visitor key), the start of the absolute
 * lifetime. Sessions made before this migration count from the key's creation. The expression
 * index serves the pruning job, which looks for keys by their last activity.
 */
export const sessionLifetimesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('api_keys').addColumn('session_started_at', 'timestamptz').execute();
    await sql`update api_keys set session_started_at = created_at where user_id is not null`.execute(db);
    await sql`create index api_keys_last_active on api_keys ((coalesce(last_used_at, created_at)))`.execute(db);
  },
  async down(db: Kysely<any>) {
    await sql`drop index if exists api_keys_last_active`.execute(db);
    await db.schema.alterTable('api_keys').dropColumn('session_started_at').execute();
  },
};

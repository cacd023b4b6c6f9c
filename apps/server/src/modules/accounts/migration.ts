import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { channelOwned } from '../../core/db/baseline.ts';
import { deviceNextMigration } from './deviceMigration.ts';
import { suspensionMigration } from './suspensionMigration.ts';

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

/**
 * Accounts. A user is one channel's (the same address may register on two channels);
 * emails are unique per channel case-insensitively among live accounts, so an address whose account
 * was deleted (soft: deleted_at) can register again. A session is an api key bound to the user
 * (api_keys.user_id). device_codes: the short code a device shows so a logged-in viewer can bind the
 * device's key to their account; single use, expiring.
 */
const accounts: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('users')
      .addColumn('password_hash', 'text')
      .addColumn('first_name', 'text')
      .addColumn('last_name', 'text')
      .addColumn('email_verified_at', 'timestamptz')
      .addColumn('temporary_password', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('trial_period_used', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('is_geo_blocked', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('capabilities', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('feature_count', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('deleted_at', 'timestamptz')
      .execute();
    await db.schema.alterTable('users').dropConstraint('users_channel_email_unique').execute();
    await sql`create unique index users_channel_email_lower on users (channel_id, lower(email)) where deleted_at is null`.execute(db);
    await db.schema.createIndex('api_keys_user').on('api_keys').columns(['user_id']).execute();
    await channelOwned(db, 'device_codes')
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('api_key_id', 'integer', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('used_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('device_codes_channel_code', ['channel_id', 'code'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('device_codes').ifExists().execute();
    await db.schema.dropIndex('api_keys_user').ifExists().execute();
    await sql`drop index if exists users_channel_email_lower`.execute(db);
    await db.schema.alterTable('users').addUniqueConstraint('users_channel_email_unique', ['channel_id', 'email']).execute();
    for (const column of ['password_hash', 'first_name', 'last_name', 'email_verified_at', 'temporary_password', 'trial_period_used', 'is_geo_blocked', 'capabilities', 'feature_count', 'created_at', 'deleted_at']) {
      await db.schema.alterTable('users').dropColumn(column).execute();
    }
  },
};

/** The accounts' migrations, by the names databases in service ran them under. */
export const accountsMigrations: Readonly<Record<string, Migration>> = {
  '0005_accounts': accounts,
  '0010_session_lifetimes': sessionLifetimesMigration,
  '0036_viewer_suspension': suspensionMigration,
  '0070_device_next': deviceNextMigration,
};

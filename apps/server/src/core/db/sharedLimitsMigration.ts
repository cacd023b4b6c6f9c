import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The notice channel on which the database names ended or re-bound api keys (sha256 hex, one per notice). */
export const API_KEYS_ENDED_CHANNEL = 'grandstand_api_keys_ended';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's typed schema */

/**
 * What several instances on one database must share (architecture: stateless instances): the
 * rate limiter's attempt counters, and a notice for every api key that ends or changes hands,
 * whoever deletes or re-binds it (a logout, a login replacing a key, a linked device, a deleted
 * account or channel, an operator by hand), so every instance drops it from its key cache.
 */
export const sharedLimitsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('rate_limit_hits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limit_hits_expires_at').on('rate_limit_hits').column('expires_at').execute();

    await sql`
      create function api_keys_ended_notice() returns trigger language plpgsql as $$
      begin
        perform pg_notify(${sql.lit(API_KEYS_ENDED_CHANNEL)}, old.key_hash);
        return null;
      end
      $$`.execute(db);
    await sql`create trigger api_keys_ended after delete on api_keys for each row execute function api_keys_ended_notice()`.execute(db);
    await sql`
      create trigger api_keys_rebound after update of key_hash, user_id, channel_id on api_keys for each row
      when (old.key_hash is distinct from new.key_hash or old.user_id is distinct from new.user_id or old.channel_id is distinct from new.channel_id)
      execute function api_keys_ended_notice()`.execute(db);
  },
  async down(db: Kysely<any>) {
    await sql`drop trigger if exists api_keys_rebound on api_keys`.execute(db);
    await sql`drop trigger if exists api_keys_ended on api_keys`.execute(db);
    await sql`drop function if exists api_keys_ended_notice()`.execute(db);
    await db.schema.dropTable('rate_limit_hits').ifExists().execute();
  },
};

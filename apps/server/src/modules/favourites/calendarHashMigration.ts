import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// Kysely<any> on purpose, as every migration: it must not depend on today's typed schema.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A calendar address is a credential: the table keeps its SHA-256 (`token_hash`, hex), never the
 * address. The addresses already handed out are hashed in place, so every subscribed calendar keeps
 * working. New addresses are derived from a random `nonce` and the app secret
 * (modules/favourites/repository.ts), so the viewer can be shown theirs again while the
 * database alone cannot rebuild it. A hashed old address has no nonce: it keeps answering until
 * the viewer next asks for their address, who then gets a new one (the old one is not known to
 * show it again).
 */
export const calendarHashMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('favorite_calendars').addColumn('token_hash', 'text').execute();
    await db.schema.alterTable('favorite_calendars').addColumn('nonce', 'text').execute();
    await sql`update favorite_calendars set token_hash = encode(sha256(convert_to(token, 'UTF8')), 'hex')`.execute(db);
    await db.schema.alterTable('favorite_calendars').alterColumn('token_hash', (c) => c.setNotNull()).execute();
    await db.schema.alterTable('favorite_calendars').addUniqueConstraint('favorite_calendars_token_hash_key', ['token_hash']).execute();
    await db.schema.alterTable('favorite_calendars').dropColumn('token').execute();
  },
  async down(db: Kysely<any>) {
    // The addresses cannot be recovered from their hashes: going back, every viewer gets a new one.
    await db.deleteFrom('favorite_calendars').execute();
    await db.schema.alterTable('favorite_calendars').dropColumn('nonce').execute();
    await db.schema.alterTable('favorite_calendars').dropColumn('token_hash').execute();
    await db.schema.alterTable('favorite_calendars').addColumn('token', 'text', (c) => c.notNull().unique()).execute();
  },
};

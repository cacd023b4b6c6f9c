import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// Kysely<any> on purpose, as every migration: it must not depend on today's typed schema.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** The index that keeps one open order per viewer and product; checkout recognises its violation by name. */
export const ONE_OPEN_ORDER_INDEX = 'orders_one_open_per_product';

/**
 * At most one open order (status `created`) per viewer and product: two tabs with two idempotency
 * keys made two orders and two charges. A partial unique index holds across server processes,
 * which an in-memory check would not (architecture: stateless instances). A team pass for another
 * team is another product (participant_id, null read as 0 so it compares).
 */
export const oneOpenOrderMigration: Migration = {
  async up(db: Kysely<any>) {
    // Orders already open twice (made before this rule) would stop the index: the newest of each
    // stays open, the others fail as an abandoned payment does.
    await sql`
      UPDATE orders SET status = 'failed', activity_status = 'inactive', failure_reason = 'The payment was not completed.'
      WHERE status = 'created' AND id NOT IN (
        SELECT max(id) FROM orders WHERE status = 'created'
        GROUP BY channel_id, user_id, type, product_id, coalesce(participant_id, 0)
      )`.execute(db);
    await sql`
      CREATE UNIQUE INDEX ${sql.raw(ONE_OPEN_ORDER_INDEX)}
      ON orders (channel_id, user_id, type, product_id, (coalesce(participant_id, 0)))
      WHERE status = 'created'`.execute(db);
  },
  async down(db: Kysely<any>) {
    await sql`DROP INDEX IF EXISTS ${sql.raw(ONE_OPEN_ORDER_INDEX)}`.execute(db);
  },
};

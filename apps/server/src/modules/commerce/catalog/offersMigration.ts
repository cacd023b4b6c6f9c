import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// Kysely<any> on purpose, as every migration: it must not depend on today's typed schema.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The offers the control room edits (spec §3 Package, Subscription; spec §7 apply_coupon).
 * - `retired_at` on packages and subscriptions: a retired offer leaves the viewers' lists and
 *   checkout, while its holders keep their access and their renewals.
 * - `locked_base_price` / `locked_service_fee` on orders: the list price and fee the holder agreed
 *   to, so a renewal charges them whatever the offer costs later. Orders made before this migration
 *   lock the offer's price of today, which is the price they renewed at until now.
 * - On coupons: `valid_from` (with `expires_at` as the end), `per_viewer_limit` (counted from the
 *   viewer's orders with the code), and the offers a code is good for when `applies_to` is
 *   `offers` (`package_ids`, `subscription_ids`).
 */
export const offersConsoleMigration: Migration = {
  async up(db: Kysely<any>) {
    for (const table of ['packages', 'subscriptions']) {
      await db.schema.alterTable(table).addColumn('retired_at', 'timestamptz').execute();
    }
    await db.schema.alterTable('orders').addColumn('locked_base_price', 'numeric(10, 2)').addColumn('locked_service_fee', 'numeric(10, 2)').execute();
    await sql`
      UPDATE orders o SET locked_base_price = p.base_price, locked_service_fee = p.service_fee
      FROM packages p WHERE o.type = 'package' AND p.id = o.product_id AND p.channel_id = o.channel_id`.execute(db);
    await sql`
      UPDATE orders o SET locked_base_price = s.base_price, locked_service_fee = s.service_fee
      FROM subscriptions s WHERE o.type = 'subscription' AND s.id = o.product_id AND s.channel_id = o.channel_id`.execute(db);
    await db.schema
      .alterTable('coupons')
      .addColumn('valid_from', 'timestamptz')
      .addColumn('per_viewer_limit', 'integer')
      .addColumn('package_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('subscription_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .execute();
    // The per-viewer count reads a viewer's orders with a code.
    await sql`CREATE INDEX orders_channel_user_coupon ON orders (channel_id, user_id, lower(coupon_code)) WHERE coupon_code IS NOT NULL`.execute(db);
  },
  async down(db: Kysely<any>) {
    await sql`DROP INDEX IF EXISTS orders_channel_user_coupon`.execute(db);
    await db.schema.alterTable('coupons').dropColumn('valid_from').dropColumn('per_viewer_limit').dropColumn('package_ids').dropColumn('subscription_ids').execute();
    await db.schema.alterTable('orders').dropColumn('locked_base_price').dropColumn('locked_service_fee').execute();
    for (const table of ['packages', 'subscriptions']) await db.schema.alterTable(table).dropColumn('retired_at').execute();
  },
};

/**
 * Whose an offer is (`origin`: `seed` or `console`, with the seed's reference, `seed_ref`: a
 * package's or subscription's name, a code in lower case): a re-seed, which `npm start` runs,
 * replaces the seed's offers and leaves the control room's alone. An offer the control room made or
 * changed is the console's, and the re-seed no longer puts the seed's version of it back.
 */
export const offersOriginMigration: Migration = {
  async up(db: Kysely<any>) {
    for (const table of ['packages', 'subscriptions', 'coupons']) {
      await db.schema
        .alterTable(table)
        .addColumn('origin', 'text', (c) => c.notNull().defaultTo('seed'))
        .addColumn('seed_ref', 'text')
        .execute();
    }
    await sql`UPDATE packages SET seed_ref = name`.execute(db);
    await sql`UPDATE subscriptions SET seed_ref = name`.execute(db);
    await sql`UPDATE coupons SET seed_ref = lower(code)`.execute(db);
  },
  async down(db: Kysely<any>) {
    for (const table of ['packages', 'subscriptions', 'coupons']) await db.schema.alterTable(table).dropColumn('origin').dropColumn('seed_ref').execute();
  },
};

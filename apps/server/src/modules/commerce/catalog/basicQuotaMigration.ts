import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { channelOwned } from '../../../core/db/baseline.ts';

// Kysely<any> on purpose, as every migration: it must not depend on today's typed schema.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The basic pass (spec §2 "The basic pass is free and upgradable") and package quotas (spec §6
 * "Package access may be limited by a quota").
 * - `packages.is_basic`: the channel's free pass, taken in one click; a premium offer bought
 *   replaces it (`orders.replaced_by`, the order that did).
 * - `packages.quota`: the pass grants this many events of the viewer's choosing within its scope.
 *   `orders.quota_used` counts the games picked on the order: a pick takes one only while the count
 *   is below the quota, in one guarded update, so concurrent picks never exceed it on either engine.
 * - `package_picks`: the games picked, one row per order and event. A picked game stays the
 *   viewer's (as an event bought one by one) while the order is paid, after the pass has run out too.
 */
export const basicQuotaMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('packages')
      .addColumn('is_basic', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('quota', 'integer', (c) => c.check(sql`quota is null or quota > 0`))
      .execute();
    await db.schema
      .alterTable('orders')
      .addColumn('quota_used', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('replaced_by', 'integer')
      .execute();
    await channelOwned(db, 'package_picks')
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('package_picks_order_event', ['order_id', 'event_id'])
      .execute();
    await db.schema.createIndex('package_picks_channel_user').on('package_picks').columns(['channel_id', 'user_id']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('package_picks').ifExists().execute();
    await db.schema.alterTable('orders').dropColumn('quota_used').dropColumn('replaced_by').execute();
    await db.schema.alterTable('packages').dropColumn('is_basic').dropColumn('quota').execute();
  },
};

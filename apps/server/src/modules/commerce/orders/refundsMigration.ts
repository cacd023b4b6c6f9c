import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// Kysely<any> on purpose, as every migration: it must not depend on today's typed schema.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Refunds and comps, made by the channel's support in the control room (spec §9 keeps "All sales
 * are final" for viewers: a refund is the channel's exception). A refunded order keeps its row and
 * its transactions (the money taken is history) and says when, why and by whom it was refunded,
 * with the provider's refund id; its status becomes `refunded`, which ends the access it gave. A
 * comp is an order of amount 0 given by support (`comp`, provider `comp`): reports count it apart.
 * The console finds orders by date, so orders are indexed by channel and creation time.
 */
export const refundsCompsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('orders')
      .addColumn('refunded_at', 'timestamptz')
      .addColumn('refund_reason', 'text')
      .addColumn('refunded_by', 'text')
      .addColumn('refund_provider_ref', 'text')
      .addColumn('comp', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('comp_reason', 'text')
      .addColumn('comped_by', 'text')
      .execute();
    await sql`create index orders_channel_created on orders (channel_id, created_at desc, id desc)`.execute(db);
  },
  async down(db: Kysely<any>) {
    await sql`drop index if exists orders_channel_created`.execute(db);
    for (const column of ['refunded_at', 'refund_reason', 'refunded_by', 'refund_provider_ref', 'comp', 'comp_reason', 'comped_by']) {
      await db.schema.alterTable('orders').dropColumn(column).execute();
    }
  },
};

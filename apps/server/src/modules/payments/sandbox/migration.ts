import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// Kysely<any> on purpose, as every migration: it must not depend on today's typed schema.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The sandbox card processor's own records (its customers, payment methods and intents),
 * kept apart from the commerce tables as a real processor's would be. Only the last four digits and
 * the test behaviour of a card are stored, never the number.
 */
export const sandboxMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('sandbox_customers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('sandbox_customers_channel_user_unique', ['channel_id', 'user_id'])
      .execute();

    await db.schema
      .createTable('sandbox_payment_methods')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('customer_id', 'text', (c) => c.references('sandbox_customers.id').onDelete('set null'))
      .addColumn('brand', 'text', (c) => c.notNull())
      .addColumn('last4', 'text', (c) => c.notNull())
      .addColumn('exp_month', 'integer', (c) => c.notNull())
      .addColumn('exp_year', 'integer', (c) => c.notNull())
      .addColumn('behavior', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('sandbox_payment_methods_customer').on('sandbox_payment_methods').columns(['customer_id', 'created_at']).execute();

    await db.schema
      .createTable('sandbox_intents')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('payment_method_id', 'text')
      .addColumn('order_id', 'integer')
      .addColumn('amount', 'numeric(10, 2)')
      .addColumn('currency', 'text')
      .addColumn('description', 'text')
      .addColumn('save_card', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('off_session', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('return_url', 'text')
      .addColumn('card_brand', 'text')
      .addColumn('card_last4', 'text')
      .addColumn('failure_reason', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      // A processor's idempotency: one intent per key and account, however often it is asked.
      .addUniqueConstraint('sandbox_intents_idempotency_unique', ['channel_id', 'user_id', 'kind', 'idempotency_key'])
      .execute();
    await db.schema.createIndex('sandbox_intents_channel_kind').on('sandbox_intents').columns(['channel_id', 'kind']).execute();
  },
  async down(db: Kysely<any>) {
    for (const table of ['sandbox_intents', 'sandbox_payment_methods', 'sandbox_customers']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};

/**
 * The sandbox's webhooks waiting to be delivered, kept in the database so that a restart loses
 * none and several server processes share the work (architecture: stateless instances). A row is
 * claimed for one attempt (`locked_until`), deleted once delivered, and kept as `failed` after the
 * last retry. `event_id` is unique: an event is queued once.
 */
export const sandboxDeliveriesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('sandbox_webhook_deliveries')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('event_id', 'text', (c) => c.notNull().unique())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('locked_until', 'timestamptz')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('sandbox_webhook_deliveries_due').on('sandbox_webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('sandbox_webhook_deliveries').ifExists().execute();
  },
};

/**
 * A refund of a sandbox payment (the channel's support refunds an order): the intent keeps its
 * outcome and says it was refunded, when, under which refund id and for how much, as a processor's
 * own record does. A payment is refunded once, in full.
 */
export const sandboxRefundsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('sandbox_intents').addColumn('refund_id', 'text').addColumn('refunded_at', 'timestamptz').addColumn('refunded_amount', 'numeric(10, 2)').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('sandbox_intents').dropColumn('refund_id').dropColumn('refunded_at').dropColumn('refunded_amount').execute();
  },
};

/** The payments' migrations, by the names databases in service ran them under. */
export const paymentsMigrations: Readonly<Record<string, Migration>> = {
  '0007_sandbox': sandboxMigration,
  '0009_payment_durability': sandboxDeliveriesMigration,
  '0037_sandbox_refunds': sandboxRefundsMigration,
};

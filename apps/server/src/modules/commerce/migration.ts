import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { channelOwned } from '../../core/db/baseline.ts';
import { basicQuotaMigration } from './catalog/basicQuotaMigration.ts';
import { offersConsoleMigration, offersOriginMigration } from './catalog/offersMigration.ts';
import { oneOpenOrderMigration } from './orders/openOrderMigration.ts';
import { refundsCompsMigration } from './orders/refundsMigration.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's typed schema */

/**
 * Commerce (spec §3 Package, Subscription, Order). packages, subscriptions and coupons are
 * the channel's offers (demo data: a re-seed recreates them); orders, transactions and
 * webhook_events are what viewers bought and what the card processors said, and survive a re-seed.
 * An order's product_id names an event, a package or a subscription by `type`, so it is no foreign
 * key. Money is numeric(10, 2). (channel_id, user_id, idempotency_key) is unique: the insert that
 * wins makes the one charge. webhook_events' primary key makes a replayed webhook a no-op.
 */
const commerce: Migration = {
  async up(db: Kysely<any>) {
    await channelOwned(db, 'packages')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('is_team_pass', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('event_category_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('participant_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('base_price', 'numeric(10, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('service_fee', 'numeric(10, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('offer', 'text')
      .addColumn('period', 'integer')
      .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await channelOwned(db, 'subscriptions')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('base_price', 'numeric(10, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('service_fee', 'numeric(10, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('offer', 'text', (c) => c.notNull())
      .addColumn('period', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('trial_period', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await channelOwned(db, 'coupons')
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('percent_off', 'integer')
      .addColumn('amount_off', 'numeric(10, 2)')
      .addColumn('applies_to', 'text')
      .addColumn('expires_at', 'timestamptz')
      .addColumn('max_redemptions', 'integer')
      .addColumn('redemptions', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`create unique index coupons_channel_code_lower on coupons (channel_id, lower(code))`.execute(db);

    await channelOwned(db, 'orders')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('created'))
      .addColumn('activity_status', 'text', (c) => c.notNull().defaultTo('inactive'))
      .addColumn('product_id', 'integer', (c) => c.notNull())
      .addColumn('product_name', 'text', (c) => c.notNull())
      .addColumn('participant_id', 'integer')
      .addColumn('event_category_id', 'integer')
      .addColumn('amount', 'numeric(10, 2)', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('coupon_code', 'text')
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('request_fingerprint', 'text', (c) => c.notNull())
      .addColumn('provider', 'text')
      .addColumn('provider_ref', 'text')
      .addColumn('next_action_url', 'text')
      .addColumn('failure_reason', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('paid_at', 'timestamptz')
      .addColumn('expires_at', 'timestamptz')
      .addColumn('sub_status', 'text')
      .addColumn('auto_renew', 'boolean')
      .addColumn('trial_ends_at', 'timestamptz')
      .addColumn('current_period_end', 'timestamptz')
      .addUniqueConstraint('orders_channel_user_idempotency', ['channel_id', 'user_id', 'idempotency_key'])
      .execute();
    await db.schema.createIndex('orders_channel_user_status').on('orders').columns(['channel_id', 'user_id', 'status']).execute();
    await db.schema.createIndex('orders_provider_ref').on('orders').columns(['provider', 'provider_ref']).execute();
    // The renewal job looks for subscriptions whose period or trial is over.
    await db.schema.createIndex('orders_subscription_due').on('orders').columns(['type', 'status', 'current_period_end']).execute();

    await channelOwned(db, 'transactions')
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('amount', 'numeric(10, 2)', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('card_brand', 'text')
      .addColumn('card_last4', 'text')
      .addColumn('provider_ref', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('transactions_order').on('transactions').columns(['order_id', 'created_at']).execute();
    await db.schema.createIndex('transactions_channel').on('transactions').column('channel_id').execute();

    await db.schema
      .createTable('webhook_events')
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('webhook_events_pkey', ['provider', 'event_id'])
      .execute();

    for (const table of ['packages', 'subscriptions']) {
      await db.schema.createIndex(`${table}_channel`).on(table).column('channel_id').execute();
    }
  },
  async down(db: Kysely<any>) {
    for (const table of ['webhook_events', 'transactions', 'orders', 'coupons', 'subscriptions', 'packages']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
/** The commerce migrations, by the names databases in service ran them under. */
export const commerceMigrations: Readonly<Record<string, Migration>> = {
  '0006_commerce': commerce,
  '0008_one_open_order': oneOpenOrderMigration,
  '0035_orders_refunds_comps': refundsCompsMigration,
  '0030_offers_console': offersConsoleMigration,
  '0031_offers_origin': offersOriginMigration,
  '0065_offers_basic_quota': basicQuotaMigration,
};

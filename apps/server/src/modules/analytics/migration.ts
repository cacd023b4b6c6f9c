import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { analyticsPaymentsMigration } from './paymentsMigration.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's typed schema */

/**
 * Forgetting a deleted viewer in the analytics service (`src/modules/analytics/forget.ts`). A deleted
 * account keeps its row (soft deletion), so the row itself is the durable to-do: a viewer is still
 * to be forgotten while `deleted_at` is set and `analytics_forgotten_at` is not, whatever happened
 * to the process that deleted them. `analytics_forget_attempts` counts the calls made (the back-off
 * grows with it); `analytics_forget_next_at` is when the next may be made: a claim's lease while a
 * call is under way, so two instances never send the same one, then the back-off after a failure.
 * Accounts deleted before this migration are to be forgotten too: the service may hold their rows.
 * The partial index holds only the viewers still to forget, so the job's look costs nothing once
 * they are.
 */
export const analyticsForgetMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('users')
      .addColumn('analytics_forgotten_at', 'timestamptz')
      .addColumn('analytics_forget_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('analytics_forget_next_at', 'timestamptz')
      .execute();
    await sql`create index users_analytics_forget_pending on users (analytics_forget_next_at, id) where deleted_at is not null and analytics_forgotten_at is null`.execute(db);
  },
  async down(db: Kysely<any>) {
    await sql`drop index if exists users_analytics_forget_pending`.execute(db);
    for (const column of ['analytics_forgotten_at', 'analytics_forget_attempts', 'analytics_forget_next_at']) {
      await db.schema.alterTable('users').dropColumn(column).execute();
    }
  },
};

/** The analytics service's migrations, by the names databases in service ran them under. */
export const analyticsMigrations: Readonly<Record<string, Migration>> = {
  '0015_analytics_forget': analyticsForgetMigration,
  '0017_analytics_payments': analyticsPaymentsMigration,
};

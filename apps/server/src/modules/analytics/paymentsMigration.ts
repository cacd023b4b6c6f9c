import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's typed schema */

/**
 * Telling the analytics service about every settled charge (`src/modules/analytics/payments.ts`): its
 * reports' revenue comes from these only. A transaction that succeeded and has no
 * `analytics_reported_at` is a charge still to tell, whatever happened to the process that settled
 * it, so the transaction itself is the durable to-do (as a deleted account is for forgetting a
 * viewer). `analytics_report_attempts` counts the calls made (the back-off grows with it);
 * `analytics_report_next_at` is when the next may be made: a claim's lease while a call is under
 * way, then the back-off after a failure. Charges settled before this migration are told too: the
 * service stores each once. The partial index holds only the charges still to tell.
 */
export const analyticsPaymentsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('transactions')
      .addColumn('analytics_reported_at', 'timestamptz')
      .addColumn('analytics_report_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('analytics_report_next_at', 'timestamptz')
      .execute();
    await sql`create index transactions_analytics_pending on transactions (analytics_report_next_at, id) where status = 'succeeded' and analytics_reported_at is null`.execute(db);
  },
  async down(db: Kysely<any>) {
    await sql`drop index if exists transactions_analytics_pending`.execute(db);
    for (const column of ['analytics_reported_at', 'analytics_report_attempts', 'analytics_report_next_at']) {
      await db.schema.alterTable('transactions').dropColumn(column).execute();
    }
  },
};

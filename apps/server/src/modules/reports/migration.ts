import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's typed schema */

/**
 * The reports' channel settings: how subscription money is shared among schools and teams (by
 * watch time or in equal parts) and the percentage paid to them. One row per channel once an owner
 * saves them; until then the defaults (watch time, 10 %) apply. Who changed them last is kept here
 * and in the audit log.
 */
const reportSettings: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('report_settings')
      .addColumn('channel_id', 'integer', (c) => c.primaryKey().references('channels.id').onDelete('cascade'))
      .addColumn('share_rule', 'text', (c) => c.notNull().defaultTo('watch_time').check(sql`share_rule in ('watch_time', 'flat')`))
      .addColumn('share_percent', 'numeric(5, 2)', (c) => c.notNull().defaultTo(10).check(sql`share_percent >= 0 and share_percent <= 100`))
      .addColumn('changed_by', 'text')
      .addColumn('changed_at', 'timestamptz')
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('report_settings').ifExists().execute();
  },
};

/**
 * Clips shared: a clip's share link opened, counted per clip and UTC day (the share page's read),
 * so the reports tell clips made from clips people passed on. A count, not a log: no viewer or
 * address is kept.
 */
const clipShareOpens: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('clip_share_opens')
      .addColumn('clip_id', 'integer', (c) => c.notNull().references('clips.id').onDelete('cascade'))
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('day', 'date', (c) => c.notNull())
      .addColumn('opens', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('clip_share_opens_pkey', ['clip_id', 'day'])
      .execute();
    await db.schema.createIndex('clip_share_opens_channel_day').on('clip_share_opens').columns(['channel_id', 'day']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('clip_share_opens').ifExists().execute();
  },
};

/** The reports' migrations, by the names databases in service ran them under. */
export const reportsMigrations: Readonly<Record<string, Migration>> = {
  '0050_report_settings': reportSettings,
  '0051_clip_share_opens': clipShareOpens,
};

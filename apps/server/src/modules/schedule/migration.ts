import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's typed schema */

/** The tables a seed fills row by row and the control room points at (teams, schools, sports, venues, events). */
export const SEEDED_TABLES = ['event_categories', 'event_locations', 'participant_groups', 'participants', 'events'] as const;

/**
 * Events scheduled by the channel (spec §1, admin dashboard). An event is published or not (viewers
 * see only published ones), may be cancelled (kept, marked), may show prerolls or not, and names a
 * school of its own. Every row a seed can write carries where it comes from (`origin`: the seed or
 * the control room) and the seed's own reference (`seed_ref`, unique per channel), so a re-seed
 * updates its rows in place, keeps their ids (orders, clips, follows and the console's events point
 * at them) and never touches a row the control room made; an event an operator changed carries who
 * and when (`changed_by`, `changed_at`) and a re-seed leaves it alone too.
 */
const schedule: Migration = {
  async up(db: Kysely<any>) {
    for (const table of SEEDED_TABLES) {
      await db.schema
        .alterTable(table)
        .addColumn('origin', 'text', (c) => c.notNull().defaultTo('seed').check(sql`origin in ('seed', 'console')`))
        .addColumn('seed_ref', 'text')
        .execute();
      // NULLs are distinct: every console row has none, each seed row its own.
      await db.schema.createIndex(`${table}_seed_ref`).on(table).columns(['channel_id', 'seed_ref']).unique().execute();
    }
    await db.schema
      .alterTable('events')
      .addColumn('published', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('cancelled_at', 'timestamptz')
      .addColumn('prerolls', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('school_id', 'integer', (c) => c.references('participant_groups.id').onDelete('set null'))
      .addColumn('custom_name', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('changed_by', 'text')
      .addColumn('changed_at', 'timestamptz')
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema
      .alterTable('events')
      .dropColumn('published')
      .dropColumn('cancelled_at')
      .dropColumn('prerolls')
      .dropColumn('school_id')
      .dropColumn('custom_name')
      .dropColumn('changed_by')
      .dropColumn('changed_at')
      .execute();
    for (const table of SEEDED_TABLES) {
      await db.schema.dropIndex(`${table}_seed_ref`).ifExists().execute();
      await db.schema.alterTable(table).dropColumn('origin').dropColumn('seed_ref').execute();
    }
  },
};

/** The schedule's migrations, by the names databases in service ran them under. */
export const scheduleMigrations: Readonly<Record<string, Migration>> = {
  '0020_schedule': schedule,
};

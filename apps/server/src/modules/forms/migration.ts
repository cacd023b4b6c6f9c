import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { channelOwned } from '../../core/db/baseline.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's typed schema */

/**
 * What viewers send through a channel's custom forms (POST /custom-forms/:alias). Not demo data:
 * a re-seed keeps it, and it goes with its channel. The alias is kept as text, not a key to
 * custom_forms, because a re-seed recreates the forms while the submissions stay.
 */
const formSubmissions: Migration = {
  async up(db: Kysely<any>) {
    await channelOwned(db, 'form_submissions')
      .addColumn('form_alias', 'text', (c) => c.notNull())
      .addColumn('values', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('form_submissions_channel_alias').on('form_submissions').columns(['channel_id', 'form_alias', 'created_at']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('form_submissions').ifExists().execute();
  },
};
/** The forms' migrations, by the names databases in service ran them under. */
export const formsMigrations: Readonly<Record<string, Migration>> = {
  '0003_form_submissions': formSubmissions,
};

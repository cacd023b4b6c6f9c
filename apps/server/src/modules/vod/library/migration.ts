import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// Kysely<any> on purpose, as every migration: it must not depend on today's typed schema.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The library as the control room runs it (spec §1 admin dashboard, §3 Vod media item, Preroll):
 *
 * - items gain a status (`processing` while an upload is transcoded, `ready`, `failed`), the
 *   transcode's progress, a publish date (`published_at`: viewers see an item only once it is ready
 *   and its date has come; a seeded item is published when it is written, by the column's default)
 *   and their title and description in the site's other languages (`translations`);
 * - prerolls gain a title, a status and a progress the same way (an uploaded one plays once ready);
 * - `library_uploads`: one row per resumable upload (its tus id), with its channel (nobody else's
 *   operator reaches it), its declared size (the channel's upload quota adds these up while the
 *   file is on disk) and when it last moved (a stalled upload expires);
 * - `library_jobs`: the durable transcode queue, claimed as the clips' queue is (a claim and a
 *   lease renewed while ffmpeg runs, attempts counted).
 */
export const libraryMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('vod_media_items')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('ready').check(sql`status in ('processing', 'ready', 'failed')`))
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(100).check(sql`progress between 0 and 100`))
      .addColumn('failure_reason', 'text')
      .addColumn('published_at', 'timestamptz', (c) => c.defaultTo(sql`now()`))
      .addColumn('translations', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .alterTable('prerolls')
      .addColumn('title', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('ready').check(sql`status in ('processing', 'ready', 'failed')`))
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(100).check(sql`progress between 0 and 100`))
      .addColumn('failure_reason', 'text')
      .execute();

    await db.schema
      .createTable('library_uploads')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('video', 'preroll')`))
      .addColumn('filename', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull().check(sql`size >= 0`))
      .addColumn('actor_label', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('touched_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('finished_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('library_uploads_channel').on('library_uploads').columns(['channel_id', 'finished_at']).execute();

    await db.schema
      .createTable('library_jobs')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('upload_id', 'text', (c) => c.notNull().references('library_uploads.id').onDelete('cascade'))
      .addColumn('item_id', 'integer', (c) => c.references('vod_media_items.id').onDelete('cascade'))
      .addColumn('preroll_id', 'integer', (c) => c.references('prerolls.id').onDelete('cascade'))
      .addColumn('claim', 'text')
      .addColumn('lease_until', 'timestamptz')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('queued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('last_error', 'text')
      .addCheckConstraint('library_jobs_one_target', sql`(item_id is null) <> (preroll_id is null)`)
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('library_jobs').ifExists().execute();
    await db.schema.dropTable('library_uploads').ifExists().execute();
    for (const column of ['title', 'status', 'progress', 'failure_reason']) await db.schema.alterTable('prerolls').dropColumn(column).execute();
    for (const column of ['status', 'progress', 'failure_reason', 'published_at', 'translations', 'created_at']) await db.schema.alterTable('vod_media_items').dropColumn(column).execute();
  },
};

export const libraryMigrations: Readonly<Record<string, Migration>> = {
  '0040_library_uploads': libraryMigration,
};

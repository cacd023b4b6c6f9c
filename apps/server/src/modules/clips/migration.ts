import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { clipRequestsMigration } from './abuseMigration.ts';

// Kysely<any> on purpose, as every migration: it must not depend on today's typed schema.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Viewer clips (spec §3 Clip, §4 clip lifecycle, §6 counters). The clips table existed for the
 * /events/with_clip listing; it now carries the share id, why a clip failed, whether it was cut
 * from the live signal and when it became ready. Start and duration become fractional: a live
 * clip starts at a wall-clock second that is rarely whole.
 *
 * clip_jobs is the durable queue (architecture: background work is a job in the database): one
 * row per clip still to cut, claimed for a lease (`lease_until`, `claim`) with FOR UPDATE SKIP
 * LOCKED, so two processes never cut the same clip and a crashed process's job is claimed again
 * when its lease lapses. The row goes when its clip is settled (ready or failed).
 *
 * clip_downloads counts downloads per viewer and day (spec §6); it keeps its rows when the clip
 * or the event goes, since a download made stays made.
 */
export const clipsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('clips')
      .addColumn('uuid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
      .addColumn('failure_reason', 'text')
      .addColumn('live', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('ready_at', 'timestamptz')
      .execute();
    await sql`alter table clips alter column start_time type double precision, alter column duration type double precision`.execute(db);
    await db.schema.createIndex('clips_channel_user_created').on('clips').columns(['channel_id', 'user_id', 'created_at']).execute();

    await db.schema
      .createTable('clip_jobs')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('clip_id', 'integer', (c) => c.notNull().unique().references('clips.id').onDelete('cascade'))
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('claim', 'text')
      .addColumn('lease_until', 'timestamptz')
      .addColumn('last_error', 'text')
      .addColumn('queued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('clip_jobs_queued').on('clip_jobs').columns(['queued_at', 'id']).execute();
    await db.schema.createIndex('clip_jobs_channel_lease').on('clip_jobs').columns(['channel_id', 'lease_until']).execute();

    await db.schema
      .createTable('clip_downloads')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('clip_id', 'integer', (c) => c.references('clips.id').onDelete('set null'))
      .addColumn('event_id', 'integer', (c) => c.references('events.id').onDelete('set null'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('clip_downloads_user_created').on('clip_downloads').columns(['channel_id', 'user_id', 'created_at']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('clip_downloads').ifExists().execute();
    await db.schema.dropTable('clip_jobs').ifExists().execute();
    await db.schema.dropIndex('clips_channel_user_created').ifExists().execute();
    await sql`alter table clips alter column start_time type integer using round(start_time), alter column duration type integer using round(duration)`.execute(db);
    for (const column of ['uuid', 'failure_reason', 'live', 'ready_at']) await db.schema.alterTable('clips').dropColumn(column).execute();
  },
};

/** The clips' migrations, by the names databases in service ran them under. */
export const clipsMigrations: Readonly<Record<string, Migration>> = {
  '0012_clips': clipsMigration,
  '0016_clip_requests': clipRequestsMigration,
};

import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's typed schema */

/**
 * Channels as data (spec §1: a channel's look, menu, language and currency come from server
 * settings): a channel row carries its whole validated `channel.json` (`config`), a status (a
 * suspended channel hands out no stream) and when it last changed (the rendered pages' version);
 * its custom domains and the pictures its folder brought (logo, favicon, crests, slides) are rows
 * too, so a channel needs no folder on disk once imported. The platform owner is an operator flag.
 */
const channelsAsData: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('channels')
      .addColumn('config', 'jsonb')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`alter table channels add constraint channels_status check (status in ('active', 'suspended'))`.execute(db);
    await db.schema
      .createTable('channel_domains')
      .addColumn('hostname', 'text', (c) => c.primaryKey())
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addCheckConstraint('channel_domains_lower', sql`hostname = lower(hostname)`)
      .execute();
    await db.schema.createIndex('channel_domains_channel').on('channel_domains').columns(['channel_id']).execute();
    await db.schema
      .createTable('channel_files')
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('content', 'bytea', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('channel_files_pk', ['channel_id', 'path'])
      .execute();
    await db.schema.alterTable('operators').addColumn('is_platform_owner', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('operators').dropColumn('is_platform_owner').execute();
    await db.schema.dropTable('channel_files').ifExists().execute();
    await db.schema.dropTable('channel_domains').ifExists().execute();
    await sql`alter table channels drop constraint if exists channels_status`.execute(db);
    await db.schema.alterTable('channels').dropColumn('updated_at').dropColumn('status').dropColumn('config').execute();
  },
};

/**
 * What a channel row was last imported from (sha256 of its folder's files): a start that finds the
 * folder unchanged leaves the row, and the owner's edits made since in the control room, alone.
 */
const channelsSource: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('channels').addColumn('source_sha256', 'text').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('channels').dropColumn('source_sha256').execute();
  },
};

/** The channels' migrations, by the names databases in service run them under. */
export const channelsMigrations: Readonly<Record<string, Migration>> = {
  '0022_channels_as_data': channelsAsData,
  '0022_channels_source': channelsSource,
};

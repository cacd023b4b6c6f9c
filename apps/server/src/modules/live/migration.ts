import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's typed schema */

/**
 * An event's camera (modules/live): its stream key (hashed to find it, sealed to show it again),
 * where its signal is (idle, live, lost within the grace period, ending, ended), the publisher the
 * ingest accepted, and the packaging worker that holds it (any instance on the database may).
 */
const liveStreams: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('live_streams')
      .addColumn('event_id', 'integer', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('key_sealed', 'text', (c) => c.notNull())
      .addColumn('key_rotated_at', 'timestamptz')
      .addColumn('state', 'text', (c) => c.notNull().defaultTo('idle'))
      .addColumn('client_id', 'text')
      .addColumn('publisher_addr', 'text')
      .addColumn('client_since', 'timestamptz')
      .addColumn('started_at', 'timestamptz')
      .addColumn('lost_at', 'timestamptz')
      .addColumn('ended_at', 'timestamptz')
      .addColumn('packager_id', 'text')
      .addColumn('packager_seen_at', 'timestamptz')
      .addColumn('recording_ready_at', 'timestamptz')
      .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('live_streams_state').on('live_streams').columns(['state']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('live_streams').ifExists().execute();
  },
};

/** The live module's migrations, by the names databases run them under. */
export const liveMigrations: Readonly<Record<string, Migration>> = {
  '0021_live_streams': liveStreams,
};

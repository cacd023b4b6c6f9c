import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadChannelFolders } from '../channels/loadChannels.ts';
import { seedMissing, upsertChannels } from '../../modules/channels/seed.ts';
import { migrateToLatest } from '../../migrations.ts';
import { databaseUrl } from '../../../test/setup/postgres.ts';
import { FIXTURE_CHANNELS_DIR } from '../../../test/helper.ts';
import { type OpenedDatabase, openDatabase } from './connect.ts';
import { withStartupLock } from './startupLock.ts';

// Several instances started at once on a fresh database (a first deploy of N replicas): each
// imports the channel folders and seeds the demo data of channels that have none. They take turns.
describe('instances starting together on a fresh PostgreSQL database', () => {
  const adminUrl = inject('postgresAdminUrl');
  const name = `grandstand_startup_${randomBytes(4).toString('hex')}`;
  const opened: OpenedDatabase[] = [];

  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('all start, and the demo data is seeded once', async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    // Three instances, each with its own pool, as three processes.
    for (let i = 0; i < 3; i += 1) opened.push(await openDatabase({ kind: 'postgres', connectionString: databaseUrl(adminUrl, name) }));
    await migrateToLatest(opened[0]!.db);
    const folders = await loadChannelFolders(FIXTURE_CHANNELS_DIR);
    const starts = await Promise.allSettled(
      opened.map((database) =>
        withStartupLock(database, async () => {
          const channels = await upsertChannels(database.db, folders);
          return seedMissing(database.db, channels);
        }),
      ),
    );
    expect(starts.map((start) => (start.status === 'rejected' ? String(start.reason) : 'started'))).toEqual(['started', 'started', 'started']);
    // One of them seeded every channel; the others found it done.
    const seeded = starts.flatMap((start) => (start.status === 'fulfilled' ? start.value : []));
    expect(seeded.sort()).toEqual(folders.filter((folder) => folder.seed).map((folder) => folder.config.slug).sort());
  });
});

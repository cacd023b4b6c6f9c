import { join } from 'node:path';
import { loadChannelFolders } from '../../src/core/channels/loadChannels.ts';
import { seedChannel, upsertChannels } from '../../src/modules/channels/seed.ts';
import { migrateToLatest } from '../../src/migrations.ts';
import type { Database } from '../../src/core/db/schema.ts';

export const FIXTURE_CHANNELS_DIR = join(import.meta.dirname, '..', 'fixtures', 'channels');

/** Migrates and seeds the fixture channels: the database every test file starts from. */
export async function prepareTemplate(db: Database): Promise<void> {
  await migrateToLatest(db);
  const channels = await upsertChannels(db, await loadChannelFolders(FIXTURE_CHANNELS_DIR));
  for (const channel of channels) await seedChannel(db, channel);
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded PGlite data dir, closed, for each test file to copy (pglite project). */
    pgliteTemplateDir: string;
    /** Where the test files' copies of it go (removed with the run). */
    pgliteCopiesDir: string;
    /** Connection string of the server holding the template, and the template's name (postgres project). */
    postgresAdminUrl: string;
    postgresTemplate: string;
  }
}

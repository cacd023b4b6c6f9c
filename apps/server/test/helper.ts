import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type ChannelSettings, GetApiKeyResponse } from '@grandstand/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../src/app.ts';
import { loadChannelFolders } from '../src/core/channels/loadChannels.ts';
import type { ImportedChannel } from '../src/modules/channels/import.ts';
import { upsertChannels } from '../src/modules/channels/seed.ts';
import { openDatabase, type OpenedDatabase } from '../src/core/db/connect.ts';
import { databaseUrl } from './setup/postgres.ts';
import { FIXTURE_CHANNELS_DIR } from './setup/seedTemplate.ts';

export { FIXTURE_CHANNELS_DIR };
export type Engine = 'pglite' | 'postgres';
/** Which engine this run of the suite is on (one vitest project per engine). */
export const engine: Engine = process.env.GRANDSTAND_TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase extends OpenedDatabase {
  engine: Engine;
  /** PostgreSQL only: the database's URL, for another process (`DATABASE_URL`). */
  connectionString?: string;
}

/** A private copy of the seeded fixture database: a copy of PGlite's data dir, or a PostgreSQL template clone. */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const copy = await mkdtemp(join(inject('pgliteCopiesDir'), 'copy-'));
    await cp(inject('pgliteTemplateDir'), copy, { recursive: true });
    const opened = await openDatabase({ kind: 'pglite', dataDir: copy });
    return {
      ...opened,
      engine,
      close: async () => {
        await opened.close();
        await rm(copy, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = inject('postgresAdminUrl');
  const name = `grandstand_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  } finally {
    await admin.end();
  }
  const connectionString = databaseUrl(adminUrl, name);
  const opened = await openDatabase({ kind: 'postgres', connectionString });
  return {
    ...opened,
    engine,
    connectionString,
    close: async () => {
      await opened.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  channels: ImportedChannel[];
  channel(slug: 'alpha' | 'bravo' | string): ImportedChannel;
  /** A fresh api key of the channel, through the real key exchange. */
  keyFor(slug: string): Promise<string>;
  close(): Promise<void>;
}

/** Builds the app on a private seeded database for `app.inject`: tests go through the same plugins and routes as `serve`. */
export async function buildTestApp(options: Partial<Omit<BuildAppOptions, 'db' | 'channels'>> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const channels = await upsertChannels(database.db, await loadChannelFolders(FIXTURE_CHANNELS_DIR));
  // Account routes are rate limited (10 a minute, reset requests 3 an hour per address); a suite makes many calls from one address, so
  // tests get loose limits unless they test the limit itself (src/modules/accounts/auth-security.test.ts,
  // src/modules/accounts/password-reset-throttle.test.ts).
  const rateLimit = { max: 10_000, resetPerEmailMax: 10_000, resetPerClientMax: 10_000 };
  const app = await buildApp({ db: database.db, channels, logger: false, sitesDir: '/nonexistent-sites', rateLimit, ...options });
  await app.ready();
  const channel = (slug: string) => {
    const found = channels.find((c) => c.config.slug === slug);
    if (!found) throw new Error(`no fixture channel ${slug}`);
    return found;
  };
  return {
    app,
    database,
    channels,
    channel,
    async keyFor(slug) {
      const response = await app.inject({ method: 'POST', url: '/api/get_api_key', payload: { channel_key: channel(slug).config.channelKey } });
      if (response.statusCode !== 200) throw new Error(`get_api_key answered ${response.statusCode}: ${response.body}`);
      return GetApiKeyResponse.parse(response.json()).data.api_key;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export type { ChannelSettings };

import { KEY_INVALID_STATUS } from '@grandstand/contract';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../core/db/connect.ts';
import { pgliteNotices, registerNotices } from '../../core/db/notices.ts';
import type { Database, DatabaseSchema } from '../../core/db/schema.ts';
import { hashApiKey } from './apiKeyRepository.ts';
import { buildTestApp, engine, type TestApp } from '../../../test/helper.ts';

function secondPgliteHandle(pglite: PGlite): { db: Database; close(): Promise<void> } {
  const db = new Kysely<DatabaseSchema>({ dialect: new PGliteDialect({ pglite }) });
  registerNotices(db, pgliteNotices(pglite));
  // Destroying a PGlite dialect would close the engine the first handle still uses.
  return { db, close: async () => {} };
}

/** Polls until the key is refused; answers how long that took (ms), or fails after `limitMs`. */
async function refusedWithin(t: TestApp, key: string, limitMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if ((await t.app.inject({ url: `/api/menu?api_key=${key}` })).statusCode === KEY_INVALID_STATUS) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the ended key still worked after ${limitMs} ms`);
}

describe(`ended keys heard from the database (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // A long cache TTL: only the database's notice can make the cache drop a key in time.
    t = await buildTestApp({ apiKeyCache: { ttlMs: 600_000 } });
  });
  afterAll(async () => t.close());

  it('refuses a key deleted by hand within a second', async () => {
    const key = await t.keyFor('alpha');
    expect((await t.app.inject({ url: `/api/menu?api_key=${key}` })).statusCode).toBe(200);
    await t.database.db.deleteFrom('api_keys').where('key_hash', '=', hashApiKey(key)).execute();
    expect(await refusedWithin(t, key, 1000)).toBeLessThan(1000);
  });

  it('forgets a key re-bound to another user by hand, so its next call is the new user’s', async () => {
    const key = await t.keyFor('alpha');
    // A visitor's key: no profile yet, and the cache now holds it as a visitor's.
    expect((await t.app.inject({ url: `/api/profile?api_key=${key}` })).statusCode).toBe(401);
    const user = await t.database.db
      .insertInto('users')
      .values({ channel_id: t.channel('alpha').id, email: `rebound-${Date.now()}@example.com`, email_verified_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable('api_keys').set({ user_id: user.id }).where('key_hash', '=', hashApiKey(key)).execute();
    const started = Date.now();
    let status = 0;
    while (Date.now() - started < 1000 && status !== 200) {
      status = (await t.app.inject({ url: `/api/profile?api_key=${key}` })).statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(200);
  });

  it('refuses a logout of one app on another app on its own connection: the notice comes through the database, not memory', async () => {
    // PostgreSQL: a second pool. PGlite: a second handle on the one embedded engine (its "connection").
    const second = t.database.pglite ? secondPgliteHandle(t.database.pglite) : await openDatabase({ kind: 'postgres', connectionString: t.database.connectionString! });
    const other = await buildApp({ db: second.db, channels: t.channels, logger: false, sitesDir: '/nonexistent-sites', apiKeyCache: { ttlMs: 600_000 } });
    try {
      await other.ready();
      const key = await t.keyFor('alpha');
      expect((await other.inject({ url: `/api/menu?api_key=${key}` })).statusCode).toBe(200);
      await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { api_key: key } });
      const started = Date.now();
      let status = 200;
      while (Date.now() - started < 1000 && status !== KEY_INVALID_STATUS) {
        status = (await other.inject({ url: `/api/menu?api_key=${key}` })).statusCode;
        if (status !== KEY_INVALID_STATUS) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(status).toBe(KEY_INVALID_STATUS);
    } finally {
      await other.close();
      await second.close();
    }
  });
});

// PGlite has no connection to lose: its notices come from the engine in this process.
if (engine === 'postgres') describe('the notice connection to PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ apiKeyCache: { ttlMs: 600_000 } });
  });
  afterAll(async () => t.close());

  it('while lost, checks every key against the database, then listens again', async () => {
    const key = await t.keyFor('alpha');
    expect((await t.app.inject({ url: `/api/menu?api_key=${key}` })).statusCode).toBe(200);
    const terminated = await sql<{ pid: number }>`select pg_terminate_backend(pid) as pid from pg_stat_activity where datname = current_database() and query ilike 'LISTEN %'`.execute(t.database.db);
    expect(terminated.rows.length).toBeGreaterThanOrEqual(1);
    // Deleted while nobody listens, with triggers off: no notice will ever come for it.
    await t.database.db.transaction().execute(async (tx) => {
      await sql`set local session_replication_role = replica`.execute(tx);
      await tx.deleteFrom('api_keys').where('key_hash', '=', hashApiKey(key)).execute();
    });
    expect(await refusedWithin(t, key, 1000)).toBeLessThan(1000);
    // Listening again: a key deleted now is heard of.
    const next = await t.keyFor('alpha');
    let listening = false;
    for (let tries = 0; tries < 100 && !listening; tries += 1) {
      const found = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'LISTEN %'`.execute(t.database.db);
      listening = found.rows[0]!.n > 0;
      if (!listening) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(listening).toBe(true);
    expect((await t.app.inject({ url: `/api/menu?api_key=${next}` })).statusCode).toBe(200);
    await t.database.db.deleteFrom('api_keys').where('key_hash', '=', hashApiKey(next)).execute();
    expect(await refusedWithin(t, next, 1000)).toBeLessThan(1000);
  });
});

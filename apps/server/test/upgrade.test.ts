import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../src/core/db/connect.ts';
import type { Database } from '../src/core/db/schema.ts';
import { migrateToLatest, migrations } from '../src/migrations.ts';
import { databaseUrl } from './setup/postgres.ts';

// A database in service upgrades to the modules' migrations without loss: the same names in the
// same order, so nothing is pending and nothing is run twice, and the schema it ends with is the one
// a new database gets. The fixture is a dump of a database made before the split (see its header).
/** This run's engine (one vitest project per engine), as `test/helper.ts` reads it. */
const engine = process.env.GRANDSTAND_TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
const FIXTURE = join(import.meta.dirname, 'fixtures', 'upgrade', 'before-modules.sql');

const opened: OpenedDatabase[] = [];
afterAll(async () => {
  for (const database of opened) await database.close();
});

/** An empty database on this run's engine: PGlite in memory, or a new database on the test cluster. */
async function emptyDatabase(): Promise<OpenedDatabase & { load(text: string): Promise<void> }> {
  if (engine === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    opened.push(database);
    return { ...database, load: async (text) => void (await database.pglite!.exec(text)) };
  }
  const adminUrl = inject('postgresAdminUrl');
  const name = `grandstand_upgrade_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const connectionString = databaseUrl(adminUrl, name);
  const database = await openDatabase({ kind: 'postgres', connectionString });
  const dropping = {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
  opened.push(dropping);
  return {
    ...dropping,
    // One client of its own: the dump's session settings stay on it, not on the pool's connections.
    load: async (text) => {
      const client = new pg.Client({ connectionString });
      await client.connect();
      try {
        await client.query(text);
      } finally {
        await client.end();
      }
    },
  };
}

/** Every table's columns, every index, constraint, trigger and function of the schema, as text. */
async function schemaOf(db: Database): Promise<string[]> {
  const queries = [
    sql<{ line: string }>`select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') as line
      from information_schema.columns where table_schema = 'public'`,
    sql<{ line: string }>`select indexname || ' ' || indexdef as line from pg_indexes where schemaname = 'public'`,
    sql<{ line: string }>`select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) as line from pg_constraint where connamespace = 'public'::regnamespace`,
    sql<{ line: string }>`select tgrelid::regclass::text || ' ' || tgname as line from pg_trigger where not tgisinternal`,
    sql<{ line: string }>`select proname || '(' || pg_get_function_identity_arguments(oid) || ') ' || md5(prosrc) as line from pg_proc where pronamespace = 'public'::regnamespace`,
  ];
  const lines: string[] = [];
  for (const query of queries) for (const row of (await query.execute(db)).rows) lines.push(row.line);
  return lines.sort();
}

describe(`a database made before the modules, on ${engine}`, () => {
  it('upgrades by running only the migrations added since, keeps its rows and ends with the schema of a new database', async () => {
    const old = await emptyDatabase();
    await old.load(await readFile(FIXTURE, 'utf8'));

    // It ran every migration of its day under today's names (the list's first ones), so only the
    // migrations added since run, and a second run has nothing to do.
    const ran = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(old.db)).rows.map((row) => row.name);
    const all = Object.keys(migrations).sort();
    expect(ran).toEqual(all.slice(0, ran.length));
    expect(await migrateToLatest(old.db)).toEqual(all.slice(ran.length));
    expect(await migrateToLatest(old.db)).toEqual([]);

    // Its rows, from several areas' tables, are all still there.
    const viewer = await old.db.selectFrom('users').select(['id', 'first_name']).where('email', '=', 'kept@example.com').executeTakeFirstOrThrow();
    expect(viewer.first_name).toBe('Kept');
    expect(await old.db.selectFrom('favorites').select('favoritable_type').where('user_id', '=', viewer.id).execute()).toEqual([{ favoritable_type: 'participant' }]);
    expect(await old.db.selectFrom('clips').select(['name', 'status']).where('user_id', '=', viewer.id).execute()).toEqual([{ name: 'Kept clip', status: 'ready' }]);
    const order = await old.db.selectFrom('orders').select(['product_name', 'amount']).where('user_id', '=', viewer.id).executeTakeFirstOrThrow();
    expect([order.product_name, Number(order.amount)]).toEqual(['Kept game', 4.99]);
    expect((await sql<{ values: unknown }>`select values from form_submissions`.execute(old.db)).rows).toEqual([{ values: { message: 'kept' } }]);
    expect((await old.db.selectFrom('events').select('id').execute()).length).toBe(3);
    expect((await old.db.selectFrom('vod_media_items').select('id').execute()).length).toBe(2);

    // And the upgraded schema is the one the modules' migrations build on an empty database.
    const fresh = await emptyDatabase();
    expect((await migrateToLatest(fresh.db)).length).toBe(Object.keys(migrations).length);
    expect(await schemaOf(old.db)).toEqual(await schemaOf(fresh.db));
    // Two databases built from scratch: on PGlite, two engines started and every migration run.
  }, 90_000);
});

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { pgliteNotices, postgresNotices, registerNotices } from './notices.ts';
import type { Database, DatabaseSchema } from './schema.ts';

export type DatabaseTarget =
  | { kind: 'postgres'; connectionString: string }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export interface OpenedDatabase {
  db: Database;
  engine: 'postgres' | 'pglite';
  /** The embedded engine itself (to dump its data dir), when it is PGlite. */
  pglite?: PGlite;
  /** Closes the pool or the embedded engine. */
  close(): Promise<void>;
}

/**
 * Opens PostgreSQL (`DATABASE_URL`) or the embedded PGlite (architecture: embedded by default,
 * real engines at scale). With neither a data dir nor a dump, PGlite lives in memory.
 */
export async function openDatabase(target: DatabaseTarget): Promise<OpenedDatabase> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.connectionString, max: 10 });
    // An idle pooled connection can be ended by the server (a restart, a failover, an admin
    // shutdown). node-postgres then emits 'error' on the pool, which crashes the process when no one
    // listens; the pool drops that client and opens a new one on the next query.
    pool.on('error', (error) => {
      process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`, { code: 'GRANDSTAND_PG_IDLE' });
    });
    const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
    // Instances sharing this database tell each other of ended api keys (src/core/db/notices.ts).
    registerNotices(db, postgresNotices(target.connectionString));
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  const pglite = await PGlite.create({
    // The on-demand search's accent folding and typo tolerance (src/modules/vod/migration.ts).
    extensions: { pg_trgm, unaccent },
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
  });
  const db = new Kysely<DatabaseSchema>({ dialect: new PGliteDialect({ pglite }) });
  registerNotices(db, pgliteNotices(pglite));
  return {
    db,
    engine: 'pglite',
    pglite,
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

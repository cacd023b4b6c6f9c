import { sql } from 'kysely';
import type { OpenedDatabase } from './connect.ts';

/** The advisory lock's key: one per database, held while an instance writes what every instance's start writes. */
const STARTUP_LOCK = 'grandstand.serve-startup';

/**
 * Runs an instance's start-up writes (importing the channel folders, seeding the demo data of a
 * channel that has none) while no other instance on the database runs its own: instances started
 * together on a fresh database would each insert the same demo rows, and all but one crashed on
 * a unique key (architecture: stateless instances). PostgreSQL's session advisory lock, held on a
 * connection of the pool for the duration; the others wait, then find the work done. PGlite is one
 * process: nothing to wait for.
 */
export async function withStartupLock<T>(opened: Pick<OpenedDatabase, 'db' | 'engine'>, writes: () => Promise<T>): Promise<T> {
  if (opened.engine !== 'postgres') return writes();
  return opened.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext(${STARTUP_LOCK}))`.execute(connection);
    try {
      return await writes();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${STARTUP_LOCK}))`.execute(connection);
    }
  });
}

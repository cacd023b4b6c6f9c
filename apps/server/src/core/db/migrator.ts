import type { Migration, MigrationProvider } from 'kysely/migration';
import { Migrator } from 'kysely/migration';
import type { DataChangedBus } from '../buses.ts';
import type { Database } from './schema.ts';

/**
 * Every migration of the server, gathered from core and the modules. Kysely runs them in the order
 * of their names (`0001_…`, `0002_…`), whichever record they come from, and refuses a database that
 * ran one this list no longer has: a name is never changed once it has shipped. Two records naming
 * the same migration would make one of them silently lost, so that is refused here.
 */
export function gatherMigrations(...records: readonly Readonly<Record<string, Migration>>[]): Record<string, Migration> {
  const all: Record<string, Migration> = {};
  for (const record of records) {
    for (const [name, migration] of Object.entries(record)) {
      if (name in all) throw new Error(`two migrations are named ${name}`);
      all[name] = migration;
    }
  }
  return all;
}

/**
 * Applies every pending migration of `migrations` (in code, so `node src/cli.ts` needs no migration
 * folder on disk and both engines share them); a second run is a no-op. An app's `dataChanged`,
 * given, drops its caches when one was applied. The list comes from the composition root: core
 * imports no module.
 */
export async function migrateWith(db: Database, migrations: Readonly<Record<string, Migration>>, dataChanged?: DataChangedBus): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => ({ ...migrations }) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  if (applied.length > 0) dataChanged?.emit(null);
  return applied;
}

import type { Migration } from 'kysely/migration';
import type { DataChangedBus } from './core/buses.ts';
import { coreMigrations } from './core/db/baseline.ts';
import { gatherMigrations, migrateWith } from './core/db/migrator.ts';
import type { Database } from './core/db/schema.ts';
import { accountsMigrations } from './modules/accounts/migration.ts';
import { analyticsMigrations } from './modules/analytics/migration.ts';
import { channelsMigrations } from './modules/channels/migration.ts';
import { clipsMigrations } from './modules/clips/migration.ts';
import { engagementMigrations } from './modules/engagement/migration.ts';
import { commerceMigrations } from './modules/commerce/migration.ts';
import { favouritesMigrations } from './modules/favourites/migration.ts';
import { formsMigrations } from './modules/forms/migration.ts';
import { liveMigrations } from './modules/live/migration.ts';
import { mediaMigrations } from './modules/media/migration.ts';
import { operatorsMigrations } from './modules/operators/migration.ts';
import { paymentsMigrations } from './modules/payments/sandbox/migration.ts';
import { reportsMigrations } from './modules/reports/migration.ts';
import { scheduleMigrations } from './modules/schedule/migration.ts';
import { vodMigrations } from './modules/vod/migration.ts';

/**
 * The server's migrations: core's baseline and each module's own, gathered here, in the composition
 * root, because core imports no module. They run in the order of their names, the same names and
 * order as before the server had modules, so a database in service upgrades without a surprise
 * (test/upgrade.test.ts).
 */
export const migrations: Readonly<Record<string, Migration>> = gatherMigrations(
  coreMigrations,
  formsMigrations,
  accountsMigrations,
  paymentsMigrations,
  commerceMigrations,
  clipsMigrations,
  favouritesMigrations,
  vodMigrations,
  analyticsMigrations,
  operatorsMigrations,
  scheduleMigrations,
  liveMigrations,
  channelsMigrations,
  engagementMigrations,
  reportsMigrations,
  mediaMigrations,
);

/** Applies every pending migration; a second run is a no-op. An app's `dataChanged`, given, drops its caches when one was applied. */
export function migrateToLatest(db: Database, dataChanged?: DataChangedBus): Promise<string[]> {
  return migrateWith(db, migrations, dataChanged);
}

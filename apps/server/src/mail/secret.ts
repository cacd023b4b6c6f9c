import { dirname, join } from 'node:path';
import { serverPaths } from '../paths.ts';
import { loadOrCreateSecret } from '../secrets.ts';

/** The data directory: where PGlite keeps its files' parent (`.data` by default). */
export function dataDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return dirname(serverPaths(env).pgliteDataDir);
}

/**
 * `APP_SECRET`, else a random secret generated once into `<data dir>/app-secret`, so verification
 * and reset links mailed before a restart keep working after it (as the media secret does).
 */
export function loadOrCreateAppSecret(env: NodeJS.ProcessEnv = process.env): string {
  return loadOrCreateSecret(env.APP_SECRET, join(dataDirFromEnv(env), 'app-secret'));
}

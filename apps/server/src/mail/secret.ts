import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { serverPaths } from '../paths.ts';

/** The data directory: where PGlite keeps its files' parent (`.data` by default). */
export function dataDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return dirname(serverPaths(env).pgliteDataDir);
}

/**
 * `APP_SECRET`, else a random secret generated once into `<data dir>/app-secret`, so verification
 * and reset links mailed before a restart keep working after it (as the media secret does).
 */
export function loadOrCreateAppSecret(env: NodeJS.ProcessEnv = process.env): string {
  if (env.APP_SECRET) return env.APP_SECRET;
  const file = join(dataDirFromEnv(env), 'app-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch {
    // Not there yet: create it below.
  }
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

import { join, resolve } from 'node:path';
import { channelsDirFromEnv } from '@grandstand/contract/node';

/** The repository root, found from this file (apps/server/src/paths.ts). */
export const repoRoot = resolve(import.meta.dirname, '..', '..', '..');

export interface ServerPaths {
  channelsDir: string;
  sitesDir: string;
  pgliteDataDir: string;
}

/** Where the server reads channels and sites and keeps PGlite data; each overridable by env. */
export function serverPaths(env: NodeJS.ProcessEnv = process.env): ServerPaths {
  return {
    channelsDir: channelsDirFromEnv(env, join(repoRoot, 'channels')),
    sitesDir: resolve(env.SITES_DIR || join(repoRoot, 'apps', 'web', 'dist')),
    pgliteDataDir: resolve(env.PGLITE_DATA_DIR || join(repoRoot, '.data', 'pglite')),
  };
}

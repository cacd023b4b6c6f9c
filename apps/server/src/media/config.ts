import { join, resolve } from 'node:path';
import { repoRoot } from '../paths.ts';
import { dataDirFile, loadOrCreateSecret } from '../secrets.ts';

/** When the live test signals run: all at start-up, on a viewer's first request, or never. */
export type LiveMode = 'eager' | 'on-demand' | 'off';

export interface MediaConfig {
  /** Prepared recordings, prerolls and live output: `<dir>/vod`, `<dir>/prerolls`, `<dir>/live`. */
  dir: string;
  /** Signs stream addresses. Every instance behind one site needs the same secret. */
  secret: Uint8Array | string;
  live: LiveMode;
}

export function mediaDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.MEDIA_DIR || join(repoRoot, '.data', 'media'));
}

/** The secret's file sits beside the PGlite data (`.data/media-secret` by default). */
export function mediaSecretFile(env: NodeJS.ProcessEnv = process.env): string {
  return dataDirFile('media-secret', env);
}

/**
 * `MEDIA_SECRET`, else a random secret generated once and kept in a file, so stream addresses
 * handed out before a restart keep working after it.
 */
export function loadOrCreateMediaSecret(env: NodeJS.ProcessEnv = process.env): string {
  return loadOrCreateSecret(env.MEDIA_SECRET, mediaSecretFile(env));
}

export function liveModeFromEnv(env: NodeJS.ProcessEnv = process.env): LiveMode {
  const value = env.MEDIA_LIVE;
  if (value === 'on-demand' || value === 'off' || value === 'eager') return value;
  return 'eager';
}

/** What `serve` runs with: env and the stored secret. */
export function mediaConfigFromEnv(env: NodeJS.ProcessEnv = process.env): MediaConfig {
  return { dir: mediaDirFromEnv(env), secret: loadOrCreateMediaSecret(env), live: liveModeFromEnv(env) };
}

import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { repoRoot, serverPaths } from '../paths.ts';

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
  return join(dirname(serverPaths(env).pgliteDataDir), 'media-secret');
}

/**
 * `MEDIA_SECRET`, else a random secret generated once and kept in a file, so stream addresses
 * handed out before a restart keep working after it.
 */
export function loadOrCreateMediaSecret(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MEDIA_SECRET) return env.MEDIA_SECRET;
  const file = mediaSecretFile(env);
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

export function liveModeFromEnv(env: NodeJS.ProcessEnv = process.env): LiveMode {
  const value = env.MEDIA_LIVE;
  if (value === 'on-demand' || value === 'off' || value === 'eager') return value;
  return 'eager';
}

/** What `serve` runs with: env and the stored secret. */
export function mediaConfigFromEnv(env: NodeJS.ProcessEnv = process.env): MediaConfig {
  return { dir: mediaDirFromEnv(env), secret: loadOrCreateMediaSecret(env), live: liveModeFromEnv(env) };
}

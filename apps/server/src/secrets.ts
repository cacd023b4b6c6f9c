import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { serverPaths } from './paths.ts';

/** A file in the data directory, beside PGlite's own folder (`.data/<name>` by default). */
export function dataDirFile(name: string, env: NodeJS.ProcessEnv = process.env): string {
  return join(dirname(serverPaths(env).pgliteDataDir), name);
}

/**
 * The configured secret, else a random one generated once and kept in `file` (owner-only), so
 * what was signed before a restart (stream addresses, mailed links, webhooks) still verifies after it.
 * Several instances behind one site must be given the same value instead.
 */
export function loadOrCreateSecret(configured: string | undefined, file: string): string {
  if (configured) return configured;
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

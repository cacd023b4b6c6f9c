import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The configured secret, else a random one generated once and kept in `file` (owner-only), so a
 * session hash handed out before a restart still verifies after it. Several instances behind one
 * address must be given the same `ANALYTICS_SECRET` instead.
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

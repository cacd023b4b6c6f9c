import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** A kept secret shorter than this is not trusted (a truncated or hand-edited file): a new one replaces it. */
export const MIN_STORED_SECRET_LENGTH = 32;

/**
 * The configured secret, else a random one generated once and kept in `file` (owner-only), so what
 * was signed before a restart (stream addresses, mailed links, webhooks, session hashes) still
 * verifies after it. Several instances behind one address must be given the same configured value
 * instead: each would otherwise generate its own.
 */
export function loadOrCreateSecret(configured: string | undefined, file: string): string {
  if (configured) return configured;
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= MIN_STORED_SECRET_LENGTH) return stored;
  } catch {
    // Not there yet: create it below.
  }
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // Written aside, then linked into place only if no file is there: processes starting at once on
  // one folder (instances sharing a data dir) all keep the secret that got there first, and none
  // reads half a file.
  const aside = `${file}.${process.pid}-${randomBytes(6).toString('hex')}`;
  writeFileSync(aside, `${secret}\n`, { mode: 0o600 });
  try {
    linkSync(aside, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= MIN_STORED_SECRET_LENGTH) return stored;
    // One that was there but too short to trust is replaced, and narrowed to the owner.
    renameSync(aside, file);
    chmodSync(file, 0o600);
    return secret;
  } finally {
    rmSync(aside, { force: true });
  }
}

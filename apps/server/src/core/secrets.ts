import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ServerConfig } from '../config.ts';

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

/** The secrets `serve` signs with, each configured or generated once into the data dir. */
export interface ServerSecrets {
  /** `APP_SECRET` (`<data dir>/app-secret`): mailed links and the social login state. */
  app: string;
  /** `MEDIA_SECRET` (`<data dir>/media-secret`): stream addresses. */
  media: string;
  /** `SANDBOX_WEBHOOK_SECRET` (`<data dir>/sandbox-webhook-secret`): the sandbox's webhooks and portal links. */
  sandboxWebhook: string;
}

export function loadSecrets(config: Pick<ServerConfig, 'secrets' | 'paths'>): ServerSecrets {
  const file = (name: string) => join(config.paths.dataDir, name);
  return {
    app: loadOrCreateSecret(config.secrets.app, file('app-secret')),
    media: loadOrCreateSecret(config.secrets.media, file('media-secret')),
    sandboxWebhook: loadOrCreateSecret(config.secrets.sandboxWebhook, file('sandbox-webhook-secret')),
  };
}

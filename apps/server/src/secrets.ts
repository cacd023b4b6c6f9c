import { join } from 'node:path';
import { loadOrCreateSecret } from '@grandstand/service-kit';
import type { ServerConfig } from './config.ts';

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

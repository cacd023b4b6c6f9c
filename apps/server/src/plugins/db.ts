import fp from 'fastify-plugin';
import type { SessionOptions } from '../accounts/config.ts';
import { schedulePruning } from '../accounts/pruning.ts';
import { ChannelRegistry } from '../channels/registry.ts';
import type { LoadedChannel } from '../channels/loadChannels.ts';
import type { PublicOriginsOptions } from '../channels/publicOrigins.ts';
import type { Database } from '../db/schema.ts';
import { ApiKeyRepository, type ApiKeyCacheOptions, listenForEndedKeys } from '../repositories/apiKeyRepository.ts';
import { CatalogRepository } from '../repositories/catalogRepository.ts';

export interface DbPluginOptions {
  db: Database;
  channels: readonly LoadedChannel[];
  apiKeyCache?: ApiKeyCacheOptions;
  /** Session lifetimes and key pruning (accounts/config.ts). */
  sessions?: SessionOptions;
  publicOrigins?: PublicOriginsOptions;
}

/** The database, the known channels and the repositories built on them. The app owns none of them: the caller closes the database. */
export default fp<DbPluginOptions>(
  async (app, options) => {
    app.decorate('db', options.db);
    app.decorate('channels', new ChannelRegistry(options.channels, options.publicOrigins));
    const apiKeys = new ApiKeyRepository(options.db, app.keysForgotten, options.apiKeyCache, options.sessions);
    app.decorate('apiKeys', apiKeys);
    app.addHook('onClose', async () => apiKeys.dispose());
    schedulePruning(app, apiKeys.lifetimes.pruneIntervalMs);
    const endedKeys = listenForEndedKeys(options.db, apiKeys, app.log);
    if (endedKeys) {
      app.addHook('onClose', async () => endedKeys.close());
      // Not fatal: until the notices are heard, every key is checked against the database.
      await endedKeys.ready;
    }
    app.decorate('catalog', new CatalogRepository(options.db));
  },
  { name: 'db' },
);

import fp from 'fastify-plugin';
import { ChannelRegistry } from '../channels/registry.ts';
import type { LoadedChannel } from '../channels/loadChannels.ts';
import type { PublicOriginsOptions } from '../channels/publicOrigins.ts';
import type { Database } from '../db/schema.ts';
import { ApiKeyRepository, type ApiKeyCacheOptions } from '../repositories/apiKeyRepository.ts';
import { CatalogRepository } from '../repositories/catalogRepository.ts';

export interface DbPluginOptions {
  db: Database;
  channels: readonly LoadedChannel[];
  apiKeyCache?: ApiKeyCacheOptions;
  publicOrigins?: PublicOriginsOptions;
}

/** The database, the known channels and the repositories built on them. The app owns none of them: the caller closes the database. */
export default fp<DbPluginOptions>(
  async (app, options) => {
    app.decorate('db', options.db);
    app.decorate('channels', new ChannelRegistry(options.channels, options.publicOrigins));
    const apiKeys = new ApiKeyRepository(options.db, options.apiKeyCache);
    app.decorate('apiKeys', apiKeys);
    app.addHook('onClose', async () => apiKeys.dispose());
    app.decorate('catalog', new CatalogRepository(options.db));
  },
  { name: 'db' },
);

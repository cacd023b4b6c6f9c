import fp from 'fastify-plugin';
import { ChannelRegistry } from '../channels/registry.ts';
import type { LoadedChannel } from '../channels/loadChannels.ts';
import type { PublicOriginsOptions } from '../channels/publicOrigins.ts';
import type { Database } from './schema.ts';

export interface DbPluginOptions {
  db: Database;
  channels: readonly LoadedChannel[];
  publicOrigins?: PublicOriginsOptions;
}

/**
 * The database and the known channels, which every repository (each module's) is built on.
 * The app owns neither: the caller closes the database.
 */
export default fp<DbPluginOptions>(
  async (app, options) => {
    app.decorate('db', options.db);
    app.decorate('channels', new ChannelRegistry(options.channels, options.publicOrigins));
  },
  { name: 'db' },
);

import type { ChannelRegistry } from './channels/registry.ts';
import type { LoadedChannel } from './channels/loadChannels.ts';
import type { Database } from './db/schema.ts';
import type { Pictures } from './media/pictures.ts';

// What core decorates the app and its requests with. Each module declares its own decorations (its
// repository, its services) beside the code that makes them.
declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    channels: ChannelRegistry;
    /** The pictures of events, teams, schools and slides (core/media/picturesPlugin.ts). */
    pictures: Pictures;
  }
  interface FastifyRequest {
    /** The channel named by the Host header (site routes); null on /api, where the key decides. */
    hostChannel: LoadedChannel | null;
    // Set by the api key check (modules/accounts/apiKeyAuth.ts) on every /api request; core's rate
    // limits and CORS read them too.
    /** The channel the request's api key belongs to: every /api query is scoped by it. */
    channelId: number;
    /** The user the api key is bound to (the session is the key); null for a visitor. */
    userId: number | null;
    /** The api key's row id (a device code names the key it links). */
    apiKeyId: number;
  }
  interface FastifyContextConfig {
    /** false for the few routes that take no api key (spec §7: the key calls themselves). */
    apiKey?: boolean;
  }
}

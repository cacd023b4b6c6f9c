import type { SocialProvider } from '@grandstand/contract';
import type { ChannelRegistry } from './channels/registry.ts';
import type { LoadedChannel } from './channels/loadChannels.ts';
import type { Database } from './db/schema.ts';
import type { CatalogCache } from './plugins/catalog-cache.ts';
import type { OffersRepository } from './commerce/catalog/offers.ts';
import type { Pictures } from './media/pictures.ts';
import type { MediaPluginOptions, MediaService } from './plugins/media.ts';
import type { ApiKeyRepository } from './repositories/apiKeyRepository.ts';
import type { CatalogRepository } from './repositories/catalogRepository.ts';
import type { ClipsRepository } from './repositories/clipsRepository.ts';
import type { EventsRepository } from './repositories/eventsRepository.ts';
import type { FavouritesRepository } from './repositories/favouritesRepository.ts';
import type { VodRepository } from './repositories/vodRepository.ts';
import type { FormSubmissionsRepository } from './repositories/formSubmissionsRepository.ts';
import type { MediaEventRepository } from './repositories/mediaEventsRepository.ts';
import type { OrdersRepository } from './repositories/ordersRepository.ts';
import type { UsersRepository } from './repositories/usersRepository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    channels: ChannelRegistry;
    catalogCache: CatalogCache;
    // The repositories (src/repositories/): each built once by its plugin, on the app's database.
    apiKeys: ApiKeyRepository;
    catalogRepository: CatalogRepository;
    eventsRepository: EventsRepository;
    usersRepository: UsersRepository;
    offersRepository: OffersRepository;
    ordersRepository: OrdersRepository;
    formSubmissionsRepository: FormSubmissionsRepository;
    mediaEventsRepository: MediaEventRepository;
    clipsRepository: ClipsRepository;
    favouritesRepository: FavouritesRepository;
    vodRepository: VodRepository;
    /** The pictures of events, teams, schools and slides (plugins/pictures.ts). */
    pictures: Pictures;
    /** Signed stream addresses (plugins/media.ts). */
    media: MediaService;
    /** The social logins a channel has configured (social/index.ts); absent when social login is not registered. */
    socialProviders?: (channelId: number) => SocialProvider[];
  }
  interface FastifyRequest {
    /** The channel named by the Host header (site routes); null on /api, where the key decides. */
    hostChannel: LoadedChannel | null;
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
    /** Catalog answers are cached serialised per channel; this names the variant (query values). */
    catalog?: (request: FastifyRequest) => string;
  }
}

declare module './app.ts' {
  interface BuildAppOptions {
    /** Media directory, signing secret, live-signal mode and ffmpeg; `serve` passes them from `loadConfig().media`. */
    media?: MediaPluginOptions;
  }
}

import type { SocialProvider } from '@grandstand/contract';
import type { ChannelRegistry } from './core/channels/registry.ts';
import type { LoadedChannel } from './core/channels/loadChannels.ts';
import type { Database } from './core/db/schema.ts';
import type { CatalogCache } from './modules/catalog/cache.ts';
import type { OffersRepository } from './modules/commerce/catalog/offers.ts';
import type { Pictures } from './core/media/pictures.ts';
import type { MediaService } from './modules/media/plugin.ts';
import type { ApiKeyRepository } from './modules/accounts/apiKeyRepository.ts';
import type { CatalogRepository } from './modules/catalog/repository.ts';
import type { ClipsRepository } from './modules/clips/repository.ts';
import type { EventsRepository } from './modules/events/repository.ts';
import type { FavouritesRepository } from './modules/favourites/repository.ts';
import type { VodRepository } from './modules/vod/repository.ts';
import type { FormSubmissionsRepository } from './modules/forms/repository.ts';
import type { MediaEventRepository } from './modules/media/repository.ts';
import type { OrdersRepository } from './modules/commerce/orders/ordersRepository.ts';
import type { UsersRepository } from './modules/accounts/usersRepository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    channels: ChannelRegistry;
    catalogCache: CatalogCache;
    // The repositories (each module's): each built once by its plugin, on the app's database.
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
    /** The pictures of events, teams, schools and slides (core/media/picturesPlugin.ts). */
    pictures: Pictures;
    /** Signed stream addresses (modules/media/plugin.ts). */
    media: MediaService;
    /** The social logins a channel has configured (modules/social/index.ts); absent when social login is not registered. */
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

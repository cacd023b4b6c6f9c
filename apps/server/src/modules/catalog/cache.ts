import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';

export interface CatalogCacheOptions {
  /** How many serialised answers stay in memory across all channels. */
  max?: number;
  /** How long an answer is served from memory. */
  ttlMs?: number;
}

/**
 * Serialised catalog answers per channel. Catalog data changes only through a seed or a migration
 * (which notify in-process) or an operator's edit (seen within the TTL), so answering from memory
 * is safe and keeps reads far above what one embedded database round trip allows.
 */
export class CatalogCache {
  readonly #entries: LRUCache<string, string>;

  constructor(options: CatalogCacheOptions = {}) {
    this.#entries = new LRUCache<string, string>({ max: options.max ?? 2_000, ttl: options.ttlMs ?? 10_000 });
  }

  static key(channelId: number, variant: string): string {
    return `${channelId}\u0000${variant}`;
  }

  get(channelId: number, variant: string): string | undefined {
    return this.#entries.get(CatalogCache.key(channelId, variant));
  }

  set(channelId: number, variant: string, payload: string): void {
    this.#entries.set(CatalogCache.key(channelId, variant), payload);
  }

  /** Drops one channel's answers, or every answer when `channelId` is null. */
  invalidate(channelId: number | null): void {
    if (channelId === null) return this.#entries.clear();
    const prefix = `${channelId}\u0000`;
    for (const key of [...this.#entries.keys()]) if (key.startsWith(prefix)) this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}

const HIT = Symbol('catalog-cache-hit');
type Flagged = { [HIT]?: boolean };

/**
 * Routes that set `config.catalog` are answered from the cache when they can (after the key and
 * the query are validated), and their fresh 200 answers are stored as the exact bytes sent.
 */
export default fp<CatalogCacheOptions>(
  async (app, options) => {
    const cache = new CatalogCache(options);
    app.decorate('catalogCache', cache);
    const unsubscribe = app.dataChanged.on((channelId) => cache.invalidate(channelId));
    app.addHook('onClose', async () => unsubscribe());

    app.addHook('preHandler', async (request, reply) => {
      const variant = request.routeOptions.config.catalog;
      if (!variant) return;
      const payload = cache.get(request.channelId, variant(request));
      if (payload === undefined) return;
      (request as Flagged)[HIT] = true;
      return reply.type('application/json; charset=utf-8').send(payload);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const variant = request.routeOptions.config.catalog;
      if (variant && reply.statusCode === 200 && typeof payload === 'string' && !(request as Flagged)[HIT]) {
        cache.set(request.channelId, variant(request), payload);
      }
      return payload;
    });
  },
  { name: 'catalog-cache', dependencies: ['api-key-auth'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    catalogCache: CatalogCache;
  }
  interface FastifyContextConfig {
    /** Catalog answers are cached serialised per channel; this names the variant (query values). */
    catalog?: (request: FastifyRequest) => string;
  }
}

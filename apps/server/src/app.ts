import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { LoadedChannel } from './channels/loadChannels.ts';
import type { Database } from './db/schema.ts';
import { serverPaths } from './paths.ts';
import apiKeyAuth from './plugins/api-key-auth.ts';
import catalogCache, { type CatalogCacheOptions } from './plugins/catalog-cache.ts';
import channelByHost from './plugins/channel-by-host.ts';
import dbPlugin from './plugins/db.ts';
import errors from './plugins/errors.ts';
import security, { frameworkErrorHandler } from './plugins/security.ts';
import staticSites from './plugins/static-sites.ts';
import type { ApiKeyCacheOptions } from './repositories/apiKeyRepository.ts';
import channelRoutes from './routes/channel/index.ts';
import eventsRoutes from './routes/events/index.ts';
import geoRoutes from './routes/geo/index.ts';
import { geoPlugin } from './geo/index.ts';
import keysRoutes from './routes/keys/index.ts';
import participantsRoutes from './routes/participants/index.ts';
import profileRoutes from './routes/profile/index.ts';
import './types.ts';

export interface BuildAppOptions {
  db: Database;
  channels: LoadedChannel[];
  /** Built sites, one folder per channel slug. Default: apps/web/dist (or SITES_DIR). */
  sitesDir?: string;
  logger?: boolean | object;
  /** Honour X-Forwarded-* (request.ip, host) only when a trusted proxy is in front. */
  trustProxy?: boolean | string[];
  catalogCache?: CatalogCacheOptions;
  apiKeyCache?: ApiKeyCacheOptions;
}

/** Bodies are small JSON documents; anything larger is refused with 413. */
export const BODY_LIMIT = 64 * 1024;

/** Api keys are credentials: never write them to a log. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]api_key=)[^&#]*/gi, '$1[redacted]');
}

const requestSerializers = {
  req(request: { method: string; url: string; hostname?: string; ip?: string }) {
    return { method: request.method, url: redactUrl(request.url), host: request.hostname, remoteAddress: request.ip };
  },
};

function loggerOption(logger: boolean | object | undefined): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = logger === true ? {} : (logger as Record<string, unknown>);
  return { ...base, serializers: { ...(base.serializers as object | undefined), ...requestSerializers } };
}

/** The reference channel API and site server (architecture: apps/server). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  // Stripe's sources are in the policy only where Stripe takes the cards.
  const securityOptions = { stripe: options.payments?.defaultProvider === 'stripe' && Boolean(options.payments.stripe) };
  const app = Fastify({
    logger: loggerOption(options.logger),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: BODY_LIMIT,
    // Browsers and proxies send the odd trailing slash; treat /api/menu/ as /api/menu.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler(securityOptions),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errors);
  // First: its headers are on every answer, those of a request another hook refuses included.
  await app.register(security, securityOptions);
  await app.register(dbPlugin, { db: options.db, channels: options.channels, apiKeyCache: options.apiKeyCache });
  await app.register(channelByHost);
  await app.register(apiKeyAuth);
  await app.register(catalogCache, options.catalogCache ?? {});
  await app.register(geoPlugin);
  await app.register(import('./payments/plugin.ts'), options.payments ?? {});

  await app.register(import('./plugins/rate-limit.ts'), options.rateLimit ?? {});
  await app.register(keysRoutes);
  for (const routes of [channelRoutes, participantsRoutes, eventsRoutes, profileRoutes, geoRoutes]) {
    await app.register(routes, { prefix: '/api' });
  }
  await app.register(import('./plugins/media.ts'), options.media ?? {});
  await app.register(import('./routes/forms/index.ts'), { prefix: '/api' });
  await app.register(import('./social/index.ts'), options.social ?? {});
  await app.register(import('./routes/auth/index.ts'), { prefix: '/api' });
  await app.register(import('./routes/commerce-catalog/index.ts'), { prefix: '/api' });
  await app.register(import('./routes/commerce-orders/index.ts'), { prefix: '/api' });
  await app.register(import('./mail/plugin.ts'), options.mail ?? {});
  await app.register(staticSites, { sitesDir: options.sitesDir ?? serverPaths().sitesDir });
  return app;
}

export type { LoadedChannel } from './channels/loadChannels.ts';
export type { Database } from './db/schema.ts';

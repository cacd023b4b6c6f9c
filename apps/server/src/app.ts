import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionOptions } from './modules/accounts/config.ts';
import type { ClipsPluginOptions } from './modules/clips/plugin.ts';
import type { LibraryPluginOptions } from './modules/vod/library/plugin.ts';
import type { LoadedChannel } from './core/channels/loadChannels.ts';
import type { PublicOriginsOptions } from './core/channels/publicOrigins.ts';
import type { ModuleOptions } from './core/appOptions.ts';
import type { Database } from './core/db/schema.ts';
import { join } from 'node:path';
import { repoRoot } from './core/paths.ts';
import apiKeyAuth, { apiKeyGuard } from './modules/accounts/apiKeyAuth.ts';
import buses from './core/buses.ts';
import catalogCache, { type CatalogCacheOptions } from './modules/catalog/cache.ts';
import channelByHost from './core/channels/byHost.ts';
import cors from './core/cors.ts';
import dbPlugin from './core/db/plugin.ts';
import errors, { frameworkErrors } from './core/errors.ts';
import openapi from './core/openapi/plugin.ts';
import security, { frameworkErrorHandler, reportingOrigins } from './core/security.ts';
import siteRender from './modules/sites/render.ts';
import type { SiteRenderOptions } from './modules/sites/render.ts';
import staticSites from './modules/sites/static.ts';
import consoleSite from './modules/sites/console.ts';
import { geoPlugin } from './modules/geo/index.ts';
import apiKeysRepository, { type ApiKeyCacheOptions } from './modules/accounts/apiKeyRepository.ts';
import catalogRepository from './modules/catalog/repository.ts';
import clipsRepository from './modules/clips/repository.ts';
import eventsRepository from './modules/events/repository.ts';
import favouritesRepository from './modules/favourites/repository.ts';
import vodRepository from './modules/vod/repository.ts';
import formSubmissionsRepository from './modules/forms/repository.ts';
import mediaEventsRepository from './modules/media/repository.ts';
import offersRepository from './modules/commerce/catalog/offersRepository.ts';
import ordersRepository from './modules/commerce/orders/ordersRepository.ts';
import usersRepository from './modules/accounts/usersRepository.ts';
import authRoutes from './modules/accounts/routes.ts';
import authMailRoutes from './modules/accounts/mailRoutes.ts';
import channelRoutes from './modules/channels/routes.ts';
import { suspendedApiGuard } from './modules/channels/suspended.ts';
import { suspendedViewerGuard } from './modules/accounts/suspension.ts';
import clipsRoutes from './modules/clips/routes.ts';
import commerceCatalogRoutes from './modules/commerce/catalog/routes.ts';
import commerceOrdersRoutes from './modules/commerce/orders/routes.ts';
import eventsRoutes from './modules/events/routes.ts';
import favouritesRoutes, { calendarFeedRoute } from './modules/favourites/routes.ts';
import vodRoutes from './modules/vod/routes.ts';
import engagementViewerRoutes from './modules/engagement/viewerRoutes.ts';
import formsRoutes from './modules/forms/routes.ts';
import geoRoutes from './modules/geo/routes.ts';
import keysRoutes, { channelKeyFileRoute } from './modules/accounts/keysRoutes.ts';
import outboxRoutes from './modules/mail/routes.ts';
import mediaRoutes from './modules/media/routes.ts';
import prerollRoutes from './modules/media/prerollRoutes.ts';
import openapiRoutes from './core/openapi/routes.ts';
import participantsRoutes from './modules/catalog/participantsRoutes.ts';
import profileRoutes from './modules/profile/routes.ts';
import sandboxApiRoutes, { sandboxPageRoutes } from './modules/payments/sandbox/routes.ts';
import socialRoutes from './modules/social/routes.ts';
import { recordRoutes, requestSerializers } from './core/redaction.ts';
import './core/types.ts';

/** The composition's own options, and each module's (`ModuleOptions`, which the modules fill). */
export interface BuildAppOptions extends ModuleOptions {
  db: Database;
  /**
   * Not read: the app serves every channel of the database (the registry reads the rows at start and
   * follows their changes). Callers written before channels were data still pass what they imported.
   */
  channels?: readonly LoadedChannel[];
  /** Built sites, one folder per channel slug. Default: `<repo>/apps/web/dist`; `serve` passes `SITES_DIR`. */
  sitesDir?: string;
  /** The control room's one build, served at /console on every channel host. Default: `<repo>/apps/console/dist`; `serve` passes `CONSOLE_DIR`. */
  consoleDir?: string;
  /** How the sites' first screens are rendered (cache, time-out, renders at once). */
  siteRender?: SiteRenderOptions;
  logger?: boolean | object;
  /** `INSTANCE_ID`: this instance among several on one database, named by `GET /health`. */
  instanceId?: string;
  /** Honour X-Forwarded-* (request.ip, host) only when a trusted proxy is in front. */
  trustProxy?: boolean | string[];
  catalogCache?: CatalogCacheOptions;
  apiKeyCache?: ApiKeyCacheOptions;
  /** Session lifetimes and key pruning; `serve` passes `loadConfig().accounts.sessions`. */
  sessions?: SessionOptions;
  /** Each channel's public origin, the only base of mailed links and redirects; `serve` passes `servePreflight(…).publicOrigins`. */
  publicOrigins?: PublicOriginsOptions;
  /** Viewer clips: workers in this process (`CLIP_WORKERS`), the media part, the queue's timings. */
  clips?: ClipsPluginOptions;
  /** The control room's library: upload limits, the rendition ladder, transcode workers (`LIBRARY_*`). */
  library?: LibraryPluginOptions;
  /** The analytics service's public base URL (`ANALYTICS_PUBLIC_URL`), told to the site in the settings; null or unset: none. */
  analyticsUrl?: string | null;
  /** `CHANNEL_ERROR_DSNS`: slug → the channel's error DSN, over its seed's `error_dsn`. */
  errorDsns?: Readonly<Record<string, string>>;
}

/** Bodies are small JSON documents; anything larger is refused with 413. */
export const BODY_LIMIT = 64 * 1024;

// Addresses carry credentials (api keys, stream and calendar tokens, mailed links): the logs show
// them redacted, from one list (src/core/redaction.ts).
export { redactUrl } from './core/redaction.ts';

function loggerOption(logger: boolean | object | undefined): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = logger === true ? {} : (logger as Record<string, unknown>);
  return { ...base, serializers: { ...(base.serializers as object | undefined), ...requestSerializers } };
}

/** The reference channel API and site server (architecture: apps/server). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  // Stripe's sources are in the policy only where Stripe takes the cards.
  // The site may reach the analytics service and the channels' error report services (spec §7).
  // The channels whose sites load the tag manager (settings `google-analytics`), read once the
  // database is open: only their answers allow its script (core/security.ts).
  const tagManagerChannels = new Set<number>();
  const channelRows = await options.db.selectFrom('channels').select(['id', 'slug', 'settings']).execute();
  const securityOptions = {
    tagManager: (hostname: string) => {
      const channel = app.channels.byHostname(hostname);
      return channel ? tagManagerChannels.has(channel.id) : false;
    },
    stripe: options.payments?.defaultProvider === 'stripe' && Boolean(options.payments.stripe),
    connect: reportingOrigins(
      options.analyticsUrl ?? null,
      channelRows.map((row) => {
        const dsn = (row.settings as { error_dsn?: unknown } | null)?.error_dsn;
        return options.errorDsns?.[row.slug] ?? (typeof dsn === 'string' ? dsn : null);
      }),
    ),
  };
  const app = Fastify({
    logger: loggerOption(options.logger),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: BODY_LIMIT,
    // Browsers and proxies send the odd trailing slash; treat /api/menu/ as /api/menu.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A malformed address is refused before any hook: it still gets the security headers and the API's error body.
    frameworkErrors: frameworkErrorHandler(securityOptions, frameworkErrors),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before any route: the redaction list is checked against every route the app has (src/core/log-redaction.test.ts).
  recordRoutes(app);

  await app.register(errors);
  // This app's own notices (data changed, keys ended): another app in the process never hears them.
  await app.register(buses);
  // First: its headers are on every answer, those of a request another hook refuses included.
  await app.register(security, securityOptions);
  // Before every route: the document is made of the routes' own schemas.
  await app.register(openapi);
  await app.register(dbPlugin, { db: options.db, publicOrigins: options.publicOrigins });
  for (const row of channelRows) {
    const trackingId = (row.settings as { 'google-analytics'?: unknown } | null)?.['google-analytics'];
    if (typeof trackingId === 'string' && trackingId.trim() !== '') tagManagerChannels.add(row.id);
  }
  // The repositories (each module's): each built once on the database, before anything reads it.
  // Live thumbnails come from the cameras' packagers: none without an ingest.
  await app.register(import('./core/media/picturesPlugin.ts'), { dir: options.media?.dir, live: options.live?.ingest ?? 'off' });
  await app.register(apiKeysRepository, { cache: options.apiKeyCache, sessions: options.sessions });
  await app.register(catalogRepository, { analyticsUrl: options.analyticsUrl ?? null, errorDsns: options.errorDsns ?? {} });
  await app.register(eventsRepository);
  await app.register(usersRepository);
  await app.register(offersRepository);
  await app.register(ordersRepository);
  await app.register(formSubmissionsRepository);
  await app.register(mediaEventsRepository);
  await app.register(clipsRepository);
  // Calendar addresses are derived from the app secret, as the mailed links are signed with it.
  await app.register(favouritesRepository, { secret: options.mail?.secret });
  await app.register(vodRepository);
  await app.register(channelByHost);
  await app.register(apiKeyAuth);
  await app.register(catalogCache, options.catalogCache ?? {});
  await app.register(geoPlugin);
  await app.register(import('./modules/payments/plugin.ts'), options.payments ?? {});

  await app.register(import('./core/rateLimit/plugin.ts'), options.rateLimit ?? {});
  await app.register(import('./modules/media/plugin.ts'), options.media ?? {});
  // The download addresses are signed with the media secret, as the stream addresses.
  await app.register(import('./modules/clips/plugin.ts'), { ...options.clips });
  // GET /health, outside /api and the api key's scope: an operator's probe has no key.
  await app.register(import('./core/health.ts'), { instanceId: options.instanceId });
  await app.register(import('./modules/social/index.ts'), options.social ?? {});
  // Before every route: a channel's own app on another origin may call /api and read /media.
  await app.register(cors);
  await app.register(import('./modules/mail/plugin.ts'), options.mail ?? {});
  // The control room's identity and its calls under /api/console, outside the api key's scope:
  // operators sign in with their own session, tools with an integration token. TOTP secrets are
  // sealed with the app secret, as the mailed links are signed with it.
  // The analytics service checks its reports' sign-ins against the operators with the token both share.
  await app.register(import('./modules/operators/plugin.ts'), { secret: options.mail?.secret, checkToken: options.analyticsForget?.adminToken ?? null, ...options.operators });
  // Channels as data: the platform owner's and a channel owner's calls under /api/console, a
  // suspended channel's refusals, and `channels import` handed to this server (token from the app secret).
  await app.register(import('./modules/channels/plugin.ts'), { secret: options.mail?.secret });
  // The control room's schedule under /api/console/events, guarded by the operators' requireConsole.
  await app.register(import('./modules/schedule/index.ts'));
  // The library: resumable uploads, their transcode queue and the console's calls under /api/console/library.
  await app.register(import('./modules/vod/library/plugin.ts'), options.library ?? {});
  // Support's orders (refunds, comps) and viewers under /api/console/orders and /viewers.
  await app.register(import('./modules/profile/viewersConsole.ts'));
  // The owner's offers and promo codes under /api/console/offers and /promo-codes.
  await app.register(import('./modules/commerce/console/offersRoutes.ts'));
  // Polls and popups: the console's calls under /api/console, the viewers' in the /api scope below.
  await app.register(import('./modules/engagement/index.ts'), options.engagement ?? {});
  // Live from a camera: the ingest's callbacks, the lifecycle, the packaging worker, the demo cameras
  // and the event's live screen under /api/console. Stream keys are sealed with the app secret.
  await app.register(import('./modules/live/plugin.ts'), { secret: options.mail?.secret, mediaDir: options.media?.dir, ffmpegPath: options.media?.ffmpegPath, ...options.live });
  // Deleted viewers are forgotten in the analytics service (off unless it is configured).
  await app.register(import('./modules/analytics/forget.ts'), { options: options.analyticsForget ?? null });
  // Settled charges are told to it too: its revenue reports count nothing else.
  await app.register(import('./modules/analytics/payments.ts'), { options: options.analyticsForget ?? null });
  // The control room's reports under /api/console/reports: the server's own figures, and the analytics
  // service's (asked with the same token) when it is configured.
  await app.register(import('./modules/reports/index.ts'), {
    analytics: options.analyticsForget ? { url: options.analyticsForget.url, adminToken: options.analyticsForget.adminToken } : null,
    ...(options.analyticsForget?.timeoutMs === undefined ? {} : { analyticsTimeoutMs: options.analyticsForget.timeoutMs }),
  });

  // Outside /api, each with its own credential or none: the site's channel key file, the API
  // document (no key is needed to read how to get one), the media files (the signed address),
  // the card sandbox's pages (the link), the demo mail outbox (only when asked for) and a viewer's
  // calendar feed (the secret in its address).
  await app.register(channelKeyFileRoute);
  await app.register(openapiRoutes);
  await app.register(mediaRoutes);
  await app.register(sandboxPageRoutes);
  await app.register(outboxRoutes);
  await app.register(calendarFeedRoute);
  // Every /api route lives in this one scope, which checks the api key: a route is guarded because
  // of where it is registered, not because of how a request spells its URL.
  await app.register(
    async (api) => {
      await api.register(apiKeyGuard);
      // A suspended channel hands out no stream and takes no payment, whoever asks (modules/channels).
      await api.register(suspendedApiGuard);
      // A viewer suspended by support makes no clip and downloads nothing (modules/accounts).
      await api.register(suspendedViewerGuard);
      await api.register(keysRoutes);
      for (const routes of [channelRoutes, participantsRoutes, eventsRoutes, profileRoutes, geoRoutes, formsRoutes, authRoutes, commerceCatalogRoutes]) {
        await api.register(routes);
      }
      await api.register(commerceOrdersRoutes, options.commerce ?? {});
      await api.register(sandboxApiRoutes);
      await api.register(socialRoutes);
      await api.register(authMailRoutes);
      await api.register(clipsRoutes);
      await api.register(favouritesRoutes);
      await api.register(vodRoutes);
      await api.register(prerollRoutes);
      await api.register(engagementViewerRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(siteRender, options.siteRender ?? {});
  await app.register(staticSites, { sitesDir: options.sitesDir ?? join(repoRoot, 'apps', 'web', 'dist') });
  await app.register(consoleSite, { consoleDir: options.consoleDir ?? join(repoRoot, 'apps', 'console', 'dist') });
  return app;
}

export type { LoadedChannel } from './core/channels/loadChannels.ts';
export type { Database } from './core/db/schema.ts';

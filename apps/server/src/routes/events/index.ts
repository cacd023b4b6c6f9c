import {
  ApiErrorBody,
  EventCategoriesResponse,
  EventDetailResponse,
  EventLocationsResponse,
  EventsForHomepageResponse,
  EventsQuery,
  EventsResponse,
  IdParams,
} from '@grandstand/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { grantListingAccess, loadEntitlements } from '../../commerce/entitlements.ts';
import { geoBlockedAccess, withoutAccess } from '../../geo/index.ts';
import { ListingCache } from '../../repositories/eventsCache.ts';
import { type EventsListQuery, EventsRepository, type Viewer } from '../../repositories/eventsRepository.ts';

/**
 * Answers are kept as the JSON text sent, checked against the contract once when computed: a hit
 * is then a string copy, not a validation and serialisation of 24 events per request.
 */
function sendJson(reply: FastifyReply, payload: string): FastifyReply {
  // spec §3 Geo: the cached answer is everyone's; a viewer in a blocked country has access to none.
  if (reply.server.geo.viewer(reply.request).is_geo_blocked) payload = withoutAccess(payload);
  return reply.type('application/json; charset=utf-8').send(payload);
}

/**
 * The cache key of a listing: the channel and every validated query value in a fixed order, so two
 * spellings of one query share an answer. Listings differ per viewer only in has_access, which
 * depends on being logged in (register events) until purchases land, so there are two
 * variants per query: visitors' and users'. The channel leads the key (invalidation by prefix).
 */
function listingKey(name: string, request: FastifyRequest): string {
  const query = request.query as EventsListQuery;
  const keys = Object.keys(query).filter((k) => k !== 'api_key' && query[k as keyof EventsListQuery] !== undefined).sort();
  return `${request.channelId}:${viewerOf(request).loggedIn ? 'user' : 'visitor'}:${name}?${keys.map((k) => `${k}=${String(query[k as keyof EventsListQuery])}`).join('&')}`;
}

function viewerOf(request: FastifyRequest): Viewer {
  return { loggedIn: request.userId !== null };
}

/** The viewer with their purchases: for answers that are not cached for everyone. */
async function viewerWithPurchases(request: FastifyRequest): Promise<Viewer> {
  if (request.userId === null) return { loggedIn: false };
  return { loggedIn: true, entitlements: await loadEntitlements(request.server.db, request.channelId, request.userId) };
}

/** A cached listing, with has_access turned on where the user's purchases allow. */
async function withPurchases(request: FastifyRequest, payload: string): Promise<string> {
  if (request.userId === null) return payload;
  return grantListingAccess(payload, await loadEntitlements(request.server.db, request.channelId, request.userId));
}

/** spec §7 Events: listings, the homepage selection, one event, and the catalog parts (sports, venues). */
const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const events = new EventsRepository(app.db);
  // PGlite runs one query at a time on the event loop: more than one computation at once only
  // queues inside it. A PostgreSQL pool (10 connections) works beside the loop and can take a few.
  const { rows } = await sql<{ version: string }>`select version() as version`.execute(app.db);
  const embedded = /emscripten|pglite/i.test(rows[0]?.version ?? '');
  const listings = new ListingCache<string>({ concurrency: embedded ? 1 : 4 });
  const unsubscribe = app.dataChanged.on((channelId) => {
    events.invalidate(channelId);
    listings.invalidate(channelId === null ? null : `${channelId}:`);
  });
  app.addHook('onClose', async () => unsubscribe());

  app.get('/events-categories', { config: { catalog: () => 'categories' }, schema: { response: { 200: EventCategoriesResponse } } }, async (request) => ({
    data: await app.catalog.eventCategories(request.channelId),
  }));

  app.get('/events-locations', { config: { catalog: () => 'locations' }, schema: { response: { 200: EventLocationsResponse } } }, async (request) => ({
    data: await app.catalog.eventLocations(request.channelId),
  }));

  // The cached answer is every user's; each user's purchases are applied to it afterwards.
  const listing = async (request: FastifyRequest<{ Querystring: EventsListQuery }>, reply: FastifyReply, withClip: boolean) =>
    sendJson(
      reply,
      await withPurchases(
        request,
        await listings.get(listingKey(withClip ? 'with_clip' : 'events', request), async () => {
          const { data, total } = await events.list(request.channelId, request.query, { withClip, viewer: viewerOf(request) });
          return JSON.stringify(EventsResponse.parse({ data, meta: { total, offset: request.query.offset, limit: request.query.limit } }));
        }),
      ),
    );

  app.get('/events', { schema: { querystring: EventsQuery, response: { 200: EventsResponse } } }, async (request, reply) => listing(request, reply, false));

  // Clips are cut in a later issue; until then no event has one and the listing is honestly empty.
  app.get(
    '/events/with_clip',
    { schema: { querystring: EventsQuery, response: { 200: EventsResponse } } },
    async (request, reply) => listing(request, reply, true),
  );

  app.get(
    '/events-for-homepage',
    { schema: { response: { 200: EventsForHomepageResponse } } },
    async (request, reply) =>
      sendJson(
        reply,
        await withPurchases(
          request,
          await listings.get(`${request.channelId}:${viewerOf(request).loggedIn ? 'user' : 'visitor'}:homepage`, async () =>
            JSON.stringify(EventsForHomepageResponse.parse({ data: await events.homepage(request.channelId, viewerOf(request)) })),
          ),
        ),
      ),
  );

  // Not cached: the stream address is signed and expires, and access depends on the viewer's purchases.
  app.get('/events/:id', { schema: { params: IdParams, response: { 200: EventDetailResponse, 404: ApiErrorBody } } }, async (request, reply) => {
    const event = await events.detail(request.channelId, request.params.id, await viewerWithPurchases(request));
    // Another channel's event is as unknown as a missing one (architecture: multi-tenancy).
    if (!event) return reply.code(404).send({ message: 'Event not found.', field: 'id' });
    // spec §3 Geo: a viewer in a blocked country may not watch, whatever the access type.
    if (app.geo.viewer(request).is_geo_blocked) Object.assign(event, { access: geoBlockedAccess(), has_access: false });
    // spec §2: a stream address only for a viewer allowed to watch an event that has started.
    const stream =
      event.access.allowed && event.stream_status !== 'upcoming'
        ? { url: app.media.streamUrl({ channelId: request.channelId, eventId: event.id, live: event.stream_status === 'live' }), kind: 'hls' as const, live: event.stream_status === 'live' }
        : null;
    return { data: { ...event, stream } };
  });
};

export default eventsRoutes;

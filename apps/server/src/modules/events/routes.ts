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
import type { z } from 'zod';
import { suspendedRefusal, viewerSuspension } from '../accounts/suspension.ts';
import { grantListingAccess, holdsCapability, loadEntitlements, type Viewer } from '../commerce/entitlements.ts';
import { geoBlockedAccess, withoutAccess } from '../geo/index.ts';
import { prerollsFor } from '../media/prerolls.ts';
import { FrozenAnswer, ListingCache } from './cache.ts';
import type { EventsListQuery } from './repository.ts';

/** A listing answer (`/events`, `/events-for-homepage`, `/events/favorite`) as the contract outputs it. */
export type ListingBody = z.output<typeof EventsResponse> | z.output<typeof EventsForHomepageResponse>;

/**
 * Answers are kept parsed and frozen, checked against the contract once when computed. A viewer's
 * purchases and a blocked country are applied to that data (a copy where they change something),
 * and the answer is serialised once when sent; an unchanged answer's text is made once per entry.
 */
export async function sendListing(request: FastifyRequest, reply: FastifyReply, answer: FrozenAnswer<ListingBody>): Promise<FastifyReply> {
  let body = answer.body;
  // The cached answer is every user's; each user's purchases are applied to it. Only paid and ppv
  // events not open already can change: a page without one asks the database for no purchases.
  if (request.userId !== null && body.data.some(lockedForPurchase)) body = grantListingAccess(body, await loadEntitlements(request.server.db, request.channelId, request.userId));
  // spec §3 Geo: the cached answer is everyone's; a viewer in a blocked country, or whose account is geo-blocked, has access to none.
  if (await reply.server.geo.blocked(reply.request)) body = withoutAccess(body);
  return reply.type('application/json; charset=utf-8').send(answer.json(body));
}

/** An event only a purchase opens, not open in the answer: what `grantListingAccess` may open. */
function lockedForPurchase(event: ListingBody['data'][number]): boolean {
  return !event.has_access && (event.access_type === 'paid' || event.access_type === 'ppv');
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

/** spec §7 Events: listings, the homepage selection, one event, and the catalog parts (sports, venues). */
const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const events = app.eventsRepository;
  // PGlite runs one query at a time on the event loop: more than one computation at once only
  // queues inside it. A PostgreSQL pool (10 connections) works beside the loop and can take a few.
  const { rows } = await sql<{ version: string }>`select version() as version`.execute(app.db);
  const embedded = /emscripten|pglite/i.test(rows[0]?.version ?? '');
  const listings = new ListingCache<FrozenAnswer<ListingBody>>({ concurrency: embedded ? 1 : 4 });
  // The repository drops its own names and totals (modules/events/repository.ts).
  const unsubscribe = app.dataChanged.on((channelId) => listings.invalidate(channelId === null ? null : `${channelId}:`));
  app.addHook('onClose', async () => unsubscribe());

  app.get('/events-categories', { config: { catalog: () => 'categories' }, schema: { response: { 200: EventCategoriesResponse } } }, async (request) => ({
    data: await app.catalogRepository.eventCategories(request.channelId),
  }));

  app.get('/events-locations', { config: { catalog: () => 'locations' }, schema: { response: { 200: EventLocationsResponse } } }, async (request) => ({
    data: await app.catalogRepository.eventLocations(request.channelId),
  }));

  const listing = async (request: FastifyRequest<{ Querystring: EventsListQuery }>, reply: FastifyReply) =>
    sendListing(
      request,
      reply,
      await listings.get(listingKey('events', request), async () => {
        const { data, total } = await events.list(request.channelId, request.query, { viewer: viewerOf(request) });
        return new FrozenAnswer<ListingBody>(EventsResponse.parse({ data, meta: { total, offset: request.query.offset, limit: request.query.limit } }));
      }),
    );

  app.get('/events', { schema: { querystring: EventsQuery, response: { 200: EventsResponse } } }, async (request, reply) => listing(request, reply));

  // GET /events/with_clip lists the viewer's own clips' events: routes/clips.

  app.get(
    '/events-for-homepage',
    { schema: { response: { 200: EventsForHomepageResponse } } },
    async (request, reply) =>
      sendListing(
        request,
        reply,
        await listings.get(`${request.channelId}:${viewerOf(request).loggedIn ? 'user' : 'visitor'}:homepage`, async () =>
          new FrozenAnswer<ListingBody>(EventsForHomepageResponse.parse({ data: await events.homepage(request.channelId, viewerOf(request)) })),
        ),
      ),
  );

  // Not cached: the stream address is signed and expires, and access depends on the viewer's purchases.
  app.get('/events/:id', { schema: { params: IdParams, response: { 200: EventDetailResponse, 404: ApiErrorBody } } }, async (request, reply) => {
    const event = await events.detail(request.channelId, request.params.id, await viewerWithPurchases(request));
    // Another channel's event is as unknown as a missing one (architecture: multi-tenancy).
    if (!event) return reply.code(404).send({ message: 'Event not found.', field: 'id' });
    // spec §3 Geo: a viewer in a blocked country, or whose account is geo-blocked, may not watch, whatever the access type.
    if (await app.geo.blocked(request)) Object.assign(event, { access: geoBlockedAccess(), has_access: false });
    // A viewer suspended by the channel's support gets the event with no stream, and the reason
    // (modules/accounts/suspension.ts): read at every ask, so the player stops at its next renewal.
    const suspension = await viewerSuspension(app.db, request.channelId, request.userId);
    if (suspension) Object.assign(event, { access: { allowed: false, geo_blocked: false, options: [], refusal: suspendedRefusal(suspension) }, has_access: false });
    // spec §2: a stream address only for a viewer allowed to watch an event that has started (and is not called off).
    const live = event.stream_status === 'live';
    const stream =
      event.access.allowed && event.stream_status !== 'upcoming' && !event.cancelled
        ? {
            url: app.media.streamUrl({ channelId: request.channelId, eventId: event.id, live, sessionId: request.apiKeyId }),
            kind: 'hls' as const,
            live,
            expires_in: app.media.tokenTtlOf(request.channelId),
            // spec §4, §6: chosen here, so a viewer holding no_ads is handed none whatever the site asks.
            prerolls: await prerollsFor(
              app.db,
              {
                channelId: request.channelId,
                userId: request.userId,
                noAds: request.userId !== null && (await holdsCapability(app.db, request.channelId, request.userId, 'no_ads', app.channels.byId(request.channelId)?.config.clips?.grant ?? [])),
              },
              { kind: 'event', id: event.id, live, locationId: event.location_id, categoryId: event.event_category_id, prerolls: event.prerolls !== false },
            ),
          }
        : null;
    // A live event's camera (spec §8): the watch page shows the player, "waiting" or "back in a moment".
    const live_signal = event.stream_status === 'live' && !event.cancelled ? await app.live.signalOf(request.channelId, event.id) : undefined;
    return { data: { ...event, stream, ...(live_signal ? { live_signal } : {}) } };
  });
};

export default eventsRoutes;

import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import {
  ApiErrorBody,
  CalendarFeedResponse,
  CreateFavoriteBody,
  type Favorite,
  FavoriteEventsQuery,
  FavoriteResponse,
  FavoritesResponse,
  EventsResponse,
  IdParams,
  MessageResponse,
} from '@grandstand/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { calendarFeed } from './feed.ts';
import { calendarAddresses, FAVORITE_REFUSALS, FEED_EVENT_LIMIT, isCalendarToken } from './rules.ts';
import { FrozenAnswer, ListingCache } from '../events/cache.ts';
import type { EventFilter, FollowedListQuery } from '../events/repository.ts';
import type { FavoriteRow } from './repository.ts';
import { CHECKED_IN_HANDLER, fail } from '../accounts/helpers.ts';
import { type ListingBody, sendListing } from '../events/routes.ts';

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ApiErrorBody]));

function toFavorite(row: FavoriteRow): Favorite {
  return { ...row, created_at: row.created_at.toISOString() };
}

/** spec §5: viewing or making favourites needs a logged-in user (the message alone, as the spec words it). */
function mustBeLoggedIn(reply: FastifyReply) {
  return reply.code(401).send({ message: FAVORITE_REFUSALS.login } satisfies ApiErrorBody);
}

/**
 * A favourite events answer's cache key: the channel (invalidation by prefix), then a digest of the
 * resolved filter and the page. Keyed by what the viewer follows, not by who they are, so viewers
 * following the same teams share an answer, and following one more team is another key at once.
 */
function followedKey(channelId: number, filter: EventFilter, query: FollowedListQuery): string {
  const page = { offset: query.offset, limit: query.limit, sort_field: query.sort_field, sort_direction: query.sort_direction ?? null };
  const digest = createHash('sha256').update(JSON.stringify({ filter, page })).digest('base64url');
  return `${channelId}:user:favorite:${digest}`;
}

/**
 * spec §7 Favourites calls and `/events/favorite`, and the viewer's private calendar address. The
 * rules are in modules/favourites/; every call is scoped by the key's channel and the viewer.
 */
const favouritesRoutes: FastifyPluginAsyncZod = async (app) => {
  const favourites = app.favouritesRepository;
  // The favourite events are listings like /events (routes/events): answers kept per filter and
  // page for 10 s, computed one at a time on the embedded engine, dropped when a channel's data changes.
  const { rows } = await sql<{ version: string }>`select version() as version`.execute(app.db);
  const embedded = /emscripten|pglite/i.test(rows[0]?.version ?? '');
  const listings = new ListingCache<FrozenAnswer<ListingBody>>({ concurrency: embedded ? 1 : 4 });
  const unsubscribe = app.dataChanged.on((channelId) => listings.invalidate(channelId === null ? null : `${channelId}:`));
  app.addHook('onClose', async () => unsubscribe());

  app.get('/favorites', { schema: { response: { 200: FavoritesResponse, ...errors(401) } } }, async (request, reply) => {
    if (request.userId === null) return mustBeLoggedIn(reply);
    return { data: (await favourites.list(request.channelId, request.userId)).map(toFavorite) };
  });

  // The body is checked in the handler, so each problem answers 422 naming its field with the
  // spec §5 texts; the schema describes the valid body in the API document.
  app.post('/favorite', { ...CHECKED_IN_HANDLER, schema: { body: CreateFavoriteBody, response: { 200: FavoriteResponse, ...errors(401, 404, 422) } } }, async (request, reply) => {
    if (request.userId === null) return mustBeLoggedIn(reply);
    const parsed = CreateFavoriteBody.safeParse(request.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = typeof issue?.path[0] === 'string' ? issue.path[0] : 'body';
      return fail(reply, 422, field, issue?.message ?? 'The body is invalid.');
    }
    const { favoritable_type: type, favoritable_id: id } = parsed.data;
    const favourite = await favourites.add(request.channelId, request.userId, type, id);
    // Another channel's team, school or sport is as unknown as a missing one (architecture: multi-tenancy).
    if (!favourite) return fail(reply, 404, 'favoritable_id', FAVORITE_REFUSALS.thingNotFound);
    return { data: toFavorite(favourite) };
  });

  app.delete('/favorite/:id', { schema: { params: IdParams, response: { 200: MessageResponse, ...errors(401, 404) } } }, async (request, reply) => {
    if (request.userId === null) return mustBeLoggedIn(reply);
    if (!(await favourites.remove(request.channelId, request.userId, request.params.id))) return fail(reply, 404, 'id', FAVORITE_REFUSALS.favouriteNotFound);
    return { data: { message: FAVORITE_REFUSALS.removed } };
  });

  app.get('/events/favorite', { schema: { querystring: FavoriteEventsQuery, response: { 200: EventsResponse, ...errors(401) } } }, async (request, reply) => {
    if (request.userId === null) return mustBeLoggedIn(reply);
    const query = request.query;
    const filter = await app.eventsRepository.resolveFollowed(request.channelId, await favourites.follows(request.channelId, request.userId), query);
    const meta = { offset: query.offset, limit: query.limit };
    if (!filter) return sendListing(request, reply, new FrozenAnswer<ListingBody>(EventsResponse.parse({ data: [], meta: { total: 0, ...meta } })));
    // The cached answer is every user's with these follows (register events open); purchases and
    // a blocked country are applied per viewer by sendListing, as for /events.
    const answer = await listings.get(followedKey(request.channelId, filter, query), async () => {
      const { data, total } = await app.eventsRepository.page(request.channelId, filter, query, { viewer: { loggedIn: true } });
      return new FrozenAnswer<ListingBody>(EventsResponse.parse({ data, meta: { total, ...meta } }));
    });
    return sendListing(request, reply, answer);
  });

  const calendarAnswer = (request: FastifyRequest, token: string) => ({ data: calendarAddresses(app.channels.publicOrigin(request.channelId), token) });

  app.get('/favorites/calendar', { schema: { response: { 200: CalendarFeedResponse, ...errors(401) } } }, async (request, reply) => {
    if (request.userId === null) return mustBeLoggedIn(reply);
    return calendarAnswer(request, await favourites.calendarToken(request.channelId, request.userId));
  });

  app.post('/favorites/calendar', { schema: { response: { 200: CalendarFeedResponse, ...errors(401) } } }, async (request, reply) => {
    if (request.userId === null) return mustBeLoggedIn(reply);
    return calendarAnswer(request, await favourites.renewCalendarToken(request.channelId, request.userId));
  });
};

export default favouritesRoutes;

/** Feed fetches a minute per client address: a calendar app asks every few hours; a guesser gets nowhere fast. */
export const CALENDAR_FEED_RATE_LIMIT = 30;

const CalendarParams = z.object({ file: z.string() });

/**
 * GET /calendar/{token}.ics: the viewer's followed games as an iCalendar feed, outside /api with
 * no api key (a phone's calendar fetches it); the secret in the address is the credential, so the
 * route is throttled per client address like every secret-bearing input (in the shared store).
 * An unknown, renewed or deleted account's secret is a 404, the same as any other missing page.
 */
export const calendarFeedRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/calendar/:file',
    {
      config: { rateLimit: { max: CALENDAR_FEED_RATE_LIMIT, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => `calendar-feed|${normalizeIP(request.ip)}` } },
      // No response schema: the answer is iCalendar text, not JSON.
      schema: { params: CalendarParams },
    },
    async (request, reply) => {
      const token = request.params.file.endsWith('.ics') ? request.params.file.slice(0, -'.ics'.length) : '';
      const owner = isCalendarToken(token) ? await app.favouritesRepository.calendarOwner(token) : undefined;
      // Only on its own channel's host, as the address was handed out: another channel's site does
      // not serve this viewer's calendar, and answers as for any unknown address.
      if (!owner || owner.channelId !== request.hostChannel?.id) return fail(reply, 404, 'url', FAVORITE_REFUSALS.calendarNotFound);
      const follows = await app.favouritesRepository.follows(owner.channelId, owner.userId);
      const events = app.eventsRepository;
      const page = { sort_field: 'event_utc_ts', offset: 0, limit: FEED_EVENT_LIMIT } as const;
      // Live games first, then the next ones, soonest first (spec §3: a finished game is not ahead of anyone).
      const live = await events.page(owner.channelId, await events.resolveFollowed(owner.channelId, follows, { stream_status: 'live' }), { ...page, stream_status: 'live' });
      const upcoming = await events.page(owner.channelId, await events.resolveFollowed(owner.channelId, follows, { stream_status: 'upcoming' }), { ...page, stream_status: 'upcoming' });
      const body = calendarFeed({
        channelName: app.channels.byId(owner.channelId)?.config.name ?? 'Grandstand',
        publicOrigin: app.channels.publicOrigin(owner.channelId),
        events: [...live.data, ...upcoming.data].slice(0, FEED_EVENT_LIMIT),
      });
      // Private to its viewer: no shared cache keeps it (the address is the secret).
      return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, no-store').send(body);
    },
  );
};

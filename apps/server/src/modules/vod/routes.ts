import {
  ApiErrorBody,
  type Event,
  IdParams,
  type VodMediaItem,
  VodMediaCategoriesResponse,
  VodMediaItemResponse,
  VodMediaItemsQuery,
  VodMediaItemsResponse,
  VodRailsResponse,
  VodSearchQuery,
  VodSearchResponse,
} from '@grandstand/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { capabilitiesOf } from '../clips/rules.ts';
import { grantListingAccess, holdsCapability, loadEntitlements, type Viewer } from '../commerce/entitlements.ts';
import { ListingCache } from '../events/cache.ts';
import type { VodItemRow, VodSearchRows } from './repository.ts';
import { searchLanguageOf, VOD_VISITOR, type VodViewer, vodAssets, vodLock, vodViewerOf } from './rules.ts';
import { currentUser, fail } from '../accounts/helpers.ts';
import { suspendedRefusal, viewerSuspension } from '../accounts/suspension.ts';
import type { UserRow } from '../accounts/tables.ts';
import { prerollsFor } from '../media/prerolls.ts';
import { withoutAccess } from '../geo/index.ts';

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ApiErrorBody]));

export const VOD_NOT_FOUND = 'No such video.';

/**
 * spec §7 Vod calls: the on-demand library (items, categories, rails) and one search over it and
 * the channel's events, teams and schools. The rules are in modules/vod/; every read is scoped by the
 * key's channel, and an item's stream address is handed only to a viewer who may watch it (spec §6).
 */
const vodRoutes: FastifyPluginAsyncZod = async (app) => {
  const vod = app.vodRepository;
  const channelOf = (request: FastifyRequest) => app.channels.byId(request.channelId);
  const slugOf = (request: FastifyRequest) => channelOf(request)?.config.slug ?? '';

  // A search's matches are everyone's (who may watch is decided per viewer after, and the events
  // are read fresh per request): kept per channel, words and page, computed one at a time on the
  // embedded engine, dropped when a channel's data changes (the library changes only then), so a
  // popular search or the header box's repeated words cost the database once a minute at most.
  const { rows: version } = await sql<{ version: string }>`select version() as version`.execute(app.db);
  const embedded = /emscripten|pglite/i.test(version[0]?.version ?? '');
  const searches = new ListingCache<VodSearchRows>({ concurrency: embedded ? 1 : 4, ttlMs: 60_000, staleMs: 600_000 });
  // The events found, as the events listings show them to a visitor or to any logged-in viewer:
  // their status and access change with time, so kept 10 s as the listings are (routes/events).
  const foundEvents = new ListingCache<Event[]>({ concurrency: embedded ? 1 : 4 });
  const unsubscribe = app.dataChanged.on((channelId) => {
    searches.invalidate(channelId === null ? null : `${channelId}:`);
    foundEvents.invalidate(channelId === null ? null : `${channelId}:`);
  });
  app.addHook('onClose', async () => unsubscribe());

  /** Who is asking: a visitor, or a viewer with their capabilities and whether a pass of theirs ended. */
  const viewerOf = async (request: FastifyRequest): Promise<VodViewer> => {
    // One read of the account: its passes' capability, its suspension and its geo flag.
    const user = await currentUser(app, request);
    const viewer = await passHolderOf(request, user);
    // spec §6 `watch`: a viewer suspended by support watches nothing (read at every ask, never cached).
    if (user?.suspended_at) return { ...viewer, barred: 'suspended' };
    // spec §3 Geo: nor does one in a region the channel blocks, or whose account is geo-blocked.
    return app.geo.viewer(request).is_geo_blocked || user?.is_geo_blocked ? { ...viewer, barred: 'geo' } : viewer;
  };
  const passHolderOf = async (request: FastifyRequest, user: UserRow | undefined): Promise<VodViewer> => {
    if (!user) return VOD_VISITOR;
    const capabilities = capabilitiesOf(user, channelOf(request)?.config.clips);
    // A viewer with the capability on their account needs no look at their passes.
    if (capabilities.has('vod_media')) return { loggedIn: true, capabilities, passEnded: false };
    return vodViewerOf(capabilities, await vod.vodPasses(request.channelId, user.id), new Date());
  };

  const toItem = (row: VodItemRow, slug: string, viewer: VodViewer): VodMediaItem => ({
    id: row.id,
    title: row.title,
    date: row.date,
    description: row.description,
    category: row.category_id !== null && row.category_name !== null && row.category_alias !== null ? { id: row.category_id, name: row.category_name, alias: row.category_alias } : null,
    duration: row.duration,
    access: row.access,
    has_access: vodLock(row.access, viewer) === null,
    assets: vodAssets(slug, row.ref),
  });

  app.get('/vod-media-items', { schema: { querystring: VodMediaItemsQuery, response: { 200: VodMediaItemsResponse, ...errors(400) } } }, async (request) => {
    const { category_id: categoryId, offset, limit } = request.query;
    const [viewer, page] = await Promise.all([viewerOf(request), vod.items(request.channelId, { categoryId, offset, limit })]);
    const slug = slugOf(request);
    return { data: page.rows.map((row) => toItem(row, slug, viewer)), meta: { total: page.total, offset, limit } };
  });

  app.get('/vod-media-items/:id', { schema: { params: IdParams, response: { 200: VodMediaItemResponse, ...errors(400, 404) } } }, async (request, reply) => {
    const [viewer, row] = await Promise.all([viewerOf(request), vod.item(request.channelId, request.params.id)]);
    // Another channel's item is as unknown as a missing one (architecture: multi-tenancy).
    if (!row) return fail(reply, 404, 'id', VOD_NOT_FOUND);
    const locked = vodLock(row.access, viewer);
    const stream =
      locked === null
        ? {
            url: app.media.vodStreamUrl({ channelId: request.channelId, itemId: row.id, sessionId: request.apiKeyId }),
            kind: 'hls' as const,
            live: false,
            expires_in: app.media.tokenTtlOf(request.channelId),
            // spec §4, §6: chosen here, so a viewer holding no_ads is handed none whatever the site asks.
            prerolls: await prerollsFor(
              app.db,
              { channelId: request.channelId, userId: request.userId, noAds: request.userId !== null && (await holdsCapability(app.db, request.channelId, request.userId, 'no_ads', channelOf(request)?.config.clips?.grant ?? [])) },
              { kind: 'vod', id: row.id },
            ),
          }
        : null;
    // The reason support gave, for the page to say why instead of a player.
    const suspension = locked === 'suspended' ? await viewerSuspension(app.db, request.channelId, request.userId) : null;
    // The answer carries a signed address for this viewer alone: never kept by a shared cache.
    reply.header('cache-control', 'private, no-store');
    return { data: { ...toItem(row, slugOf(request), viewer), stream, locked, ...(suspension ? { refusal: suspendedRefusal(suspension) } : {}) } };
  });

  app.get('/vod-media-categories', { schema: { response: { 200: VodMediaCategoriesResponse } } }, async (request) => ({ data: await vod.categories(request.channelId) }));

  app.get('/vod-media-rails', { schema: { response: { 200: VodRailsResponse } } }, async (request) => {
    const [viewer, rails] = await Promise.all([viewerOf(request), vod.rails(request.channelId)]);
    const slug = slugOf(request);
    return { data: rails.map((rail) => ({ id: rail.id, title: rail.title, vod_media_items: rail.items.map((row) => toItem(row, slug, viewer)) })) };
  });

  app.get('/vod-media/search', { schema: { querystring: VodSearchQuery, response: { 200: VodSearchResponse, ...errors(400, 429) } } }, async (request, reply) => {
    const { title, offset, limit, sort_field: sortField } = request.query;
    const channel = channelOf(request);
    const language = searchLanguageOf(channel?.config.language ?? 'en');
    const key = `${request.channelId}:${JSON.stringify([language, title.normalize('NFC').toLowerCase(), offset, limit, sortField])}`;
    // Only words the cache does not hold cost the database: those are counted per client (shared store).
    if (!searches.has(key)) await app.searchTry(request, reply);
    const [viewer, found] = await Promise.all([
      viewerOf(request),
      searches.get(key, () => vod.search(request.channelId, { language, words: title, offset, limit, sortField })),
    ]);
    // The events as the events calls show them to this viewer: the visitors' or the users' variant,
    // with the access a viewer's purchases give.
    const loggedIn = viewer.loggedIn && request.userId !== null;
    const variant: Viewer = { loggedIn };
    const shared = await foundEvents.get(`${request.channelId}:${loggedIn ? 'user' : 'visitor'}:${found.eventIds.join(',')}`, async () => {
      const byId = await app.eventsRepository.byIds(request.channelId, found.eventIds, variant);
      return found.eventIds.flatMap((id) => {
        const event = byId.get(id);
        return event ? [event] : [];
      });
    });
    const granted = loggedIn && request.userId !== null ? grantListingAccess({ data: shared }, await loadEntitlements(app.db, request.channelId, request.userId)).data : shared;
    // spec §3 Geo, §6 watch: a barred viewer may watch none of the events found, as in the events listings.
    const events = viewer.barred ? withoutAccess({ data: granted }).data : granted;
    const slug = slugOf(request);
    const target = (kind: 'teams' | 'schools') => (row: { id: number; name: string; alias: string | null; color: string | null }) => ({
      id: row.id,
      name: row.name,
      alias: row.alias,
      crest: app.pictures.crestUrl(request.channelId, kind, row),
    });
    return {
      data: {
        videos: found.videos.map((row) => toItem(row, slug, viewer)),
        events,
        teams: found.teams.map(target('teams')),
        schools: found.schools.map(target('schools')),
      },
      meta: { total: found.total, offset, limit },
    };
  });
};

export default vodRoutes;

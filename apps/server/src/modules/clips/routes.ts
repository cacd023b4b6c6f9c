import {
  ApiErrorBody,
  type Clip,
  CLIP_MAX_SECONDS,
  CLIP_MIN_SECONDS,
  type ClipOptions,
  ClipOptionsResponse,
  ClipResponse,
  ClipsQuery,
  ClipsResponse,
  CreateClipBody,
  DownloadLinkResponse,
  type Event,
  EventsWithClipResponse,
  IdParam,
  IdParams,
  LIVE_CLIP_SECONDS,
  MessageResponse,
  SharedClipParams,
  SharedClipResponse,
} from '@grandstand/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadEntitlements, type Viewer } from '../commerce/entitlements.ts';
import { viewerLimits } from './limits.ts';
import { refuseClip } from './refusal.ts';
import { capabilitiesOf, checkClipBody, checkClipSpan, type ClipProblem, leftOf } from './rules.ts';
import { PAID_ACCESS, shareVerdict, signedClipStream } from './sharing.ts';
import type { UserRow } from '../accounts/tables.ts';
import { clipPicture, clipStreamUrl, removeClipMedia } from '../../core/media/clip.ts';
import type { ClipRow } from './repository.ts';
import { currentUser } from '../accounts/helpers.ts';
import { suspendedBody, type ViewerSuspension, viewerSuspension } from '../accounts/suspension.ts';
import { countShareOpen } from '../reports/index.ts';

/** The most events GET /events/with_clip lists. */
const WITH_CLIP_LIMIT = 100;

const ClipOptionsQuery = z.object({ event_id: IdParam.optional() });

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ApiErrorBody]));

/** A suspended viewer's refusal (403 `viewer_suspended`, with support's reason). */
function refuseSuspended(reply: FastifyReply, suspension: ViewerSuspension) {
  return reply.code(403).header('cache-control', 'no-store').send(suspendedBody(suspension));
}

function refuse(reply: FastifyReply, problem: ClipProblem) {
  return refuseClip(reply, problem.status, problem.field, problem.refusal);
}

/** A ready clip's HLS address as this viewer gets it; `expires_in` null for a public one. */
interface ClipStream {
  url: string;
  expires_in: number | null;
}

function toClip(row: ClipRow, event: Event, slug: string, stream: ClipStream | null): Clip {
  const ready = row.status === 'ready';
  return {
    id: row.id,
    uuid: row.uuid,
    event_id: row.event_id,
    name: row.name,
    start_time: row.start_time,
    duration: row.duration,
    tags: row.tags,
    status: row.status as Clip['status'],
    failure_reason: row.status === 'failed' ? row.failure_reason : null,
    live: row.live,
    created_at: row.created_at.toISOString(),
    ready_at: row.ready_at ? row.ready_at.toISOString() : null,
    stream_url: ready ? (stream?.url ?? null) : null,
    stream_expires_in: ready ? (stream?.expires_in ?? null) : null,
    poster: ready ? clipPicture(slug, row.uuid) : null,
    event,
  };
}

async function viewerOf(app: FastifyInstance, request: FastifyRequest): Promise<Viewer> {
  if (request.userId === null) return { loggedIn: false };
  return { loggedIn: true, entitlements: await loadEntitlements(app.db, request.channelId, request.userId) };
}

/**
 * spec §7 Clips: cut a moment of a game (live or on demand), list, share, download and delete
 * clips. The rules are in modules/clips/ (spec §5, §6); every read is scoped by the key's channel and
 * the viewer, so another channel's or another viewer's clip is not found (404).
 */
const clipsRoutes: FastifyPluginAsyncZod = async (app) => {
  const clips = app.clipsRepository;
  const channelOf = (request: FastifyRequest) => app.channels.byId(request.channelId);
  const clipsConfigOf = (request: FastifyRequest) => channelOf(request)?.config.clips;
  const slugOf = (request: FastifyRequest) => channelOf(request)?.config.slug ?? '';

  /**
   * A ready clip's HLS address for this viewer: a free game's is public and static, on the
   * channel's own host (routes/media). A paid or ppv game's (unless the channel shares those
   * publicly) is signed, short-lived and bound to this session, and only for a viewer who may watch
   * the game (`event` as this viewer sees it): one who may not gets none (src/modules/clips/sharing.ts).
   */
  const streamOf = (request: FastifyRequest, row: ClipRow, event: Event): ClipStream | null => {
    if (!signedClipStream(event.access_type, clipsConfigOf(request))) return { url: clipStreamUrl(slugOf(request), row.uuid), expires_in: null };
    if (request.userId === null || !event.has_access) return null;
    return { url: app.media.clipStreamUrl({ channelId: request.channelId, uuid: row.uuid, sessionId: request.apiKeyId }), expires_in: app.media.tokenTtlOf(request.channelId) };
  };

  /**
   * What bars the viewer from every clip's stream, whatever its game: a suspension by the
   * channel's support (they lack `watch`, spec §6) or their region (spec §3 Geo: the channel's
   * blocked countries or their account's flag). Read at every ask.
   */
  const barredFrom = async (request: FastifyRequest): Promise<{ suspension: ViewerSuspension } | { geo: true } | null> => {
    const suspension = await viewerSuspension(app.db, request.channelId, request.userId);
    if (suspension) return { suspension };
    return (await app.geo.blocked(request)) ? { geo: true } : null;
  };

  /** Clip rows as the contract's clips, each with its event as this viewer sees it; no stream for a barred viewer. */
  const answerClips = async (request: FastifyRequest, rows: readonly ClipRow[], barred: boolean): Promise<Clip[]> => {
    const events = await app.eventsRepository.byIds(request.channelId, rows.map((row) => row.event_id), await viewerOf(app, request));
    return rows.flatMap((row) => {
      const event = events.get(row.event_id);
      return event ? [toClip(row, event, slugOf(request), row.status === 'ready' && !barred ? streamOf(request, row, event) : null)] : [];
    });
  };

  /** The logged-in viewer and their capabilities, or the refusal already sent. */
  const loggedIn = async (request: FastifyRequest, reply: FastifyReply): Promise<{ user: UserRow; capabilities: Set<string> } | null> => {
    const user = await currentUser(app, request);
    if (!user) {
      void refuseClip(reply, 401, 'api_key', 'login');
      return null;
    }
    return { user, capabilities: capabilitiesOf(user, clipsConfigOf(request)) };
  };

  /** The event if the viewer may watch it (the same check as the stream address), or the refusal already sent. */
  const watchable = async (request: FastifyRequest, reply: FastifyReply, eventId: number, field: string) => {
    const event = await app.eventsRepository.detail(request.channelId, eventId, await viewerOf(app, request));
    if (!event) {
      void refuseClip(reply, 404, field, 'eventNotFound');
      return null;
    }
    // spec §3 Geo: a viewer in a blocked country, or whose account is geo-blocked, may not watch, whatever the access type.
    if (!event.access.allowed || (await app.geo.blocked(request))) {
      void refuseClip(reply, 403, field, 'notWatchable');
      return null;
    }
    return event;
  };

  app.post('/clip', { schema: { body: CreateClipBody, response: { 200: ClipResponse, ...errors(401, 403, 404, 422, 429, 503, 507) } } }, async (request, reply) => {
    // Counted before anything else is looked up: a flood costs one counter each.
    if (!(await app.clips.try(request, reply))) return reply;
    const viewer = await loggedIn(request, reply);
    if (!viewer) return reply;
    const config = clipsConfigOf(request);
    if (!config) return refuseClip(reply, 403, 'event_id', 'noClips');
    if (!viewer.capabilities.has('clipping')) return refuseClip(reply, 403, 'capabilities', 'clipping');
    // A clip costs a cut and disk: an account has to be somebody's (a confirmed address) first.
    if (viewer.user.email_verified_at === null) return refuseClip(reply, 403, 'email', 'emailUnverified');
    const body = request.body;
    const checked = checkClipBody(body, config);
    if ('status' in checked) return refuse(reply, checked);
    const event = await watchable(request, reply, body.event_id, 'event_id');
    if (!event) return reply;
    if (event.stream_status === 'upcoming') return refuseClip(reply, 422, 'event_id', 'notStarted');
    const media = app.clips.media;
    if (!media) return refuseClip(reply, 503, 'request', 'unavailable');
    const live = event.stream_status === 'live';
    const span = await media.clipWindow(app.media.dir, { channelSlug: slugOf(request), eventId: event.id, live, eventUtcTs: event.event_utc_ts });
    if (!span) return refuseClip(reply, 422, 'event_id', 'noRecording');
    const outside = checkClipSpan(body.start_time, body.duration, span);
    if (outside) return refuse(reply, outside);
    const storage = await app.clips.storage?.usage(request.channelId, slugOf(request));
    if (storage?.full) return refuseClip(reply, 507, 'request', 'storageFull');
    const limits = viewerLimits(config, app.clips.limits);
    const row = await clips.create(
      { channelId: request.channelId, userId: viewer.user.id, eventId: event.id, name: checked.name, startTime: body.start_time, duration: body.duration, tags: checked.tags, live },
      { clips: limits.clips, secondsPerDay: limits.secondsPerDay, perPaidEvent: PAID_ACCESS.has(event.access_type) ? config.shares_per_event : null },
    );
    if (row === 'clips') return refuseClip(reply, 403, 'clips', 'clipsLimit');
    if (row === 'seconds') return refuseClip(reply, 403, 'duration', 'clipSecondsLimit');
    if (row === 'event') return refuseClip(reply, 403, 'event_id', 'eventClipsLimit');
    app.clips.queue?.wake();
    // 200, not 201: spec §8, the client rejects any other success status.
    const [clip] = await answerClips(request, [row], false);
    return { data: clip! };
  });

  app.get(
    '/clips/event/:id',
    { schema: { params: IdParams, querystring: ClipsQuery, response: { 200: ClipsResponse, ...errors(401, 404) } } },
    async (request, reply) => {
      const viewer = await loggedIn(request, reply);
      if (!viewer) return reply;
      const known = await app.eventsRepository.byIds(request.channelId, [request.params.id]);
      if (!known.has(request.params.id)) return refuseClip(reply, 404, 'id', 'eventNotFound');
      const { offset, limit } = request.query;
      const { rows, total } = await clips.list(request.channelId, viewer.user.id, { eventId: request.params.id, offset, limit });
      return { data: await answerClips(request, rows, (await barredFrom(request)) !== null), meta: { total, offset, limit } };
    },
  );

  app.get('/clips/user', { schema: { querystring: ClipsQuery, response: { 200: ClipsResponse, ...errors(401) } } }, async (request, reply) => {
    const viewer = await loggedIn(request, reply);
    if (!viewer) return reply;
    const { offset, limit } = request.query;
    const { rows, total } = await clips.list(request.channelId, viewer.user.id, { offset, limit });
    return { data: await answerClips(request, rows, (await barredFrom(request)) !== null), meta: { total, offset, limit } };
  });

  // Public: anyone with the link sees a ready clip (a visitor's key will do), while its maker may
  // still watch its event; a paid or ppv event's clip only for viewers who may watch it, unless the
  // channel shares those publicly (src/modules/clips/sharing.ts), and under a short-lived address the
  // page renews (`stream_expires_in`).
  app.get('/shared-clip/:id', { schema: { params: SharedClipParams, response: { 200: SharedClipResponse, ...errors(403, 404) } } }, async (request, reply) => {
    const row = await clips.findShared(request.channelId, request.params.id);
    if (!row) return refuseClip(reply, 404, 'id', 'clipNotFound');
    const verdict = await shareVerdict(app.db, { channelId: request.channelId, userId: row.user_id, eventId: row.event_id }, clipsConfigOf(request), request.userId);
    if (verdict === 'gone') return refuseClip(reply, 404, 'id', 'clipNotFound');
    if (verdict === 'paid') return refuseClip(reply, 403, 'id', 'sharePaidEvent');
    const barred = await barredFrom(request);
    if (barred && 'suspension' in barred) return refuseSuspended(reply, barred.suspension);
    if (barred) return refuseClip(reply, 403, 'id', 'geoBlocked');
    const clip = (await answerClips(request, [row], false))[0];
    if (!clip || clip.stream_url === null || clip.poster === null) return refuseClip(reply, 404, 'id', 'clipNotFound');
    const { failure_reason: _hidden, ...shared } = clip;
    // Shared means opened by someone other than its maker: counted per clip and day for the reports.
    if (request.userId !== row.user_id) await countShareOpen(app.db, request.channelId, row.id).catch((error: unknown) => request.log.warn({ err: error }, 'a share open was not counted'));
    return { data: { ...shared, status: 'ready' as const, stream_url: clip.stream_url, poster: clip.poster } };
  });

  app.get('/clip/download/:id', { schema: { params: IdParams, response: { 200: DownloadLinkResponse, ...errors(401, 403, 404, 409) } } }, async (request, reply) => {
    const viewer = await loggedIn(request, reply);
    if (!viewer) return reply;
    if (!viewer.capabilities.has('download_clip')) return refuseClip(reply, 403, 'capabilities', 'downloadClip');
    const clip = await clips.find(request.channelId, viewer.user.id, request.params.id);
    if (!clip) return refuseClip(reply, 404, 'id', 'clipNotFound');
    if (clip.status !== 'ready') return refuseClip(reply, 409, 'id', 'notReady');
    // A paid game's clip downloads only while its maker may still watch the game (a refund, a lapsed pass: no copy to keep).
    if ((await shareVerdict(app.db, { channelId: request.channelId, userId: viewer.user.id, eventId: clip.event_id }, clipsConfigOf(request), undefined)) === 'gone') {
      return refuseClip(reply, 403, 'id', 'downloadNotWatchable');
    }
    const counted = await clips.recordDownload({ channelId: request.channelId, userId: viewer.user.id, kind: 'clip', clipId: clip.id, eventId: clip.event_id }, viewerLimits(clipsConfigOf(request), app.clips.limits).downloads);
    if (!counted) return refuseClip(reply, 403, 'downloads', 'downloadsLimit');
    return { data: app.media.clipDownload({ channelId: request.channelId, uuid: clip.uuid, name: clip.name }) };
  });

  app.get('/download-event/:id', { schema: { params: IdParams, response: { 200: DownloadLinkResponse, ...errors(401, 403, 404, 422) } } }, async (request, reply) => {
    const viewer = await loggedIn(request, reply);
    if (!viewer) return reply;
    if (!viewer.capabilities.has('download')) return refuseClip(reply, 403, 'capabilities', 'downloadEvent');
    const event = await watchable(request, reply, request.params.id, 'id');
    if (!event) return reply;
    // Only a finished event has a whole recording.
    if (event.stream_status !== 'finished') return refuseClip(reply, 422, 'id', 'noRecording');
    const counted = await clips.recordDownload({ channelId: request.channelId, userId: viewer.user.id, kind: 'event', eventId: event.id }, viewerLimits(clipsConfigOf(request), app.clips.limits).downloads);
    if (!counted) return refuseClip(reply, 403, 'downloads', 'downloadsLimit');
    return { data: app.media.eventDownload({ channelId: request.channelId, eventId: event.id, name: event.name }) };
  });

  app.delete('/clip/:id', { schema: { params: IdParams, response: { 200: MessageResponse, ...errors(401, 404) } } }, async (request, reply) => {
    const viewer = await loggedIn(request, reply);
    if (!viewer) return reply;
    const deleted = await clips.delete(request.channelId, viewer.user.id, request.params.id);
    if (!deleted) return refuseClip(reply, 404, 'id', 'clipNotFound');
    // A cut under way finds its job gone and writes nothing (modules/clips/queue.ts).
    await removeClipMedia(app.media.storage, slugOf(request), deleted.uuid);
    app.clips.storage?.forget(slugOf(request));
    return { data: { message: 'Your clip has been deleted.' } };
  });

  // The viewer's events with clips, newest clip first; a visitor has none.
  app.get('/events/with_clip', { schema: { response: { 200: EventsWithClipResponse } } }, async (request) => {
    if (request.userId === null) return { data: [] };
    const ids = await clips.eventIdsWithClips(request.channelId, request.userId, WITH_CLIP_LIMIT);
    const events = await app.eventsRepository.byIds(request.channelId, ids, await viewerOf(app, request));
    return { data: ids.flatMap((id) => events.get(id) ?? []) };
  });

  app.get('/clips/options', { schema: { querystring: ClipOptionsQuery, response: { 200: ClipOptionsResponse, ...errors(404) } } }, async (request, reply) => {
    if (request.query.event_id !== undefined) {
      const known = await app.eventsRepository.byIds(request.channelId, [request.query.event_id]);
      if (!known.has(request.query.event_id)) return refuseClip(reply, 404, 'event_id', 'eventNotFound');
    }
    const config = clipsConfigOf(request);
    const user = await currentUser(app, request);
    const capabilities = capabilitiesOf(user ?? null, config);
    const left = user ? leftOf(viewerLimits(config, app.clips.limits), await clips.usage(request.channelId, user.id)) : { clips: null, downloads: null };
    const unconfirmed = user ? user.email_verified_at === null : false;
    const canClip = Boolean(config) && capabilities.has('clipping') && !unconfirmed && left.clips !== 0;
    const reason: ClipOptions['reason'] = !user
      ? 'login'
      : !config || !capabilities.has('clipping')
        ? 'capability'
        : unconfirmed
          ? 'email'
          : left.clips === 0
            ? 'limit'
            : null;
    return {
      data: {
        tags: config?.tags ?? [],
        min_duration: CLIP_MIN_SECONDS,
        max_duration: CLIP_MAX_SECONDS,
        live_seconds: LIVE_CLIP_SECONDS,
        can_clip: Boolean(user) && canClip,
        can_download_clip: capabilities.has('download_clip') && left.downloads !== 0,
        can_download_event: capabilities.has('download') && left.downloads !== 0,
        reason,
        clips_left: left.clips,
        downloads_left: left.downloads,
      },
    };
  });
};

export default clipsRoutes;

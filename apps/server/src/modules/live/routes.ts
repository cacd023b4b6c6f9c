import { ApiErrorBody, ConsoleLive, IdParams, LIVE_ERROR_CODES, TrimRecordingBody } from '@grandstand/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readHealth, readRecording, TrimError, trimRecording } from '../../core/media/packager/index.ts';
import { requireConsole } from '../operators/index.ts';
import { SCHEDULE_WRITERS } from '../schedule/index.ts';
import { LiveProblem, type LiveRow, type LiveService } from './service.ts';

/** How the ingest's callbacks carry their fields: nginx posts a form. */
interface PublishForm {
  name?: unknown;
  clientid?: unknown;
  addr?: unknown;
}

function fail(reply: FastifyReply, status: number, field: string, code: string, message: string) {
  const body: ApiErrorBody = { message, field, code };
  return reply.code(status).header('cache-control', 'no-store').send(body);
}

/**
 * nginx's callbacks (`on_publish`, `on_publish_done`): no api key, the token nginx's configuration
 * carries (derived from the app secret). A 302 to the internal name accepts and renames the
 * stream; a 403 refuses it.
 */
export function ingestCallbackRoutes(service: LiveService): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const check = (request: { query: unknown; body: unknown }, reply: FastifyReply): { name: string; addr: string; clientid: string } | null => {
      const token = (request.query as { token?: unknown } | null)?.token;
      if (!service.keys.checkCallbackToken(token)) {
        void fail(reply, 403, 'token', 'FORBIDDEN', 'Not the ingest.');
        return null;
      }
      const form = (request.body ?? {}) as PublishForm;
      for (const field of ['name', 'clientid', 'addr'] as const) {
        const value = form[field];
        if (typeof value !== 'string' || value === '' || value.length > 512) {
          void fail(reply, 400, field, 'INVALID', `The ingest's ${field} is missing.`);
          return null;
        }
      }
      return { name: form.name as string, clientid: form.clientid as string, addr: form.addr as string };
    };
    app.post('/api/ingest/publish', { config: { apiKey: false } }, async (request, reply) => {
      const form = check(request, reply);
      if (!form) return reply;
      const answer = await service.publish({ key: form.name, clientId: form.clientid, address: form.addr });
      if (!answer.ok) return fail(reply, 403, 'name', answer.reason.toUpperCase(), 'Publishing refused.');
      // nginx-rtmp renames the stream to the Location of a 3xx answer to on_publish.
      return reply.code(302).header('location', answer.name).send();
    });
    app.post('/api/ingest/publish-done', { config: { apiKey: false } }, async (request, reply) => {
      const form = check(request, reply);
      if (!form) return reply;
      await service.publishDone(form.clientid);
      return reply.code(200).send({ ok: true });
    });
  };
}

export interface ConsoleLiveOptions {
  service: LiveService;
  publicUrl: string;
  mediaDir: string;
  ffmpegPath?: string;
}

/** The live screen's answer for one event. */
async function answerOf(app: FastifyInstance, options: ConsoleLiveOptions, row: LiveRow): Promise<ConsoleLive> {
  const channel = app.channels.byId(row.channel_id);
  const slug = channel?.config.slug ?? '';
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  const lostAt = row.state === 'lost' ? iso(row.lost_at) : null;
  let health: ConsoleLive['health'] = null;
  if (row.state === 'live' && channel) {
    const read = await readHealth(options.mediaDir, slug, row.event_id);
    if (read) health = { ...read, width: read.width === null ? null : Math.round(read.width), height: read.height === null ? null : Math.round(read.height), viewers: app.media.viewersOf(row.channel_id, row.event_id) };
  }
  let recording: ConsoleLive['recording'] = { status: 'none', durationS: null, trimStartS: null, trimEndS: null, posterUrl: null };
  if (row.state === 'ending') recording = { ...recording, status: 'processing' };
  if (row.state === 'ended' && row.recording_ready_at !== null && channel) {
    const info = await readRecording(options.mediaDir, slug, row.event_id);
    if (info) {
      const picture = app.pictures.eventPicture(row.channel_id, { id: row.event_id, name: '', stream_status: 'finished', teams: [] });
      recording = { status: 'ready', durationS: info.durationS, trimStartS: info.trimStartS, trimEndS: info.trimEndS, posterUrl: picture.kind === 'poster' ? picture.src : null };
    }
  }
  return {
    eventId: row.event_id,
    state: row.state,
    ingest: { server: options.publicUrl, streamKey: options.service.keyOf(row), srt: null },
    since: iso(row.started_at),
    lostAt,
    graceEndsAt: lostAt === null ? null : new Date(Date.parse(lostAt) + options.service.graceSeconds * 1000).toISOString(),
    health,
    recording,
  };
}

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody, 422: ApiErrorBody };

/**
 * The event's live screen under /api/console (spec §8): the ingest details (the key only for
 * owners and producers: it lets anyone publish in the channel's name), the signal's state and
 * health, the key's rotation, the end, and the recording's trim.
 */
export function consoleLiveRoutes(options: ConsoleLiveOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const write = requireConsole(SCHEDULE_WRITERS);
    const route = { apiKey: false };
    const { service } = options;
    app.setErrorHandler((error, _request, reply) => {
      if (error instanceof LiveProblem) return fail(reply, error.status, error.field, error.code, error.message);
      if (error instanceof TrimError) return fail(reply, error.code === 'not_finished' ? 409 : 422, error.field, error.code === 'not_finished' ? LIVE_ERROR_CODES.notFinished : LIVE_ERROR_CODES.trimOutOfRange, error.message);
      throw error;
    });
    const eventOf = async (channelId: number, id: number) => {
      const event = await app.db.selectFrom('events').select(['id', 'name']).where('channel_id', '=', channelId).where('id', '=', id).executeTakeFirst();
      // Another channel's event is as unknown as a missing one (architecture: multi-tenancy).
      if (!event) throw new LiveProblem(404, 'id', 'NOT_FOUND', 'Event not found.');
      return event;
    };
    const schema = { tags: ['console'], params: IdParams, response: { 200: ConsoleLive, ...errors } };

    app.get('/events/:id/live', { config: route, preHandler: write, schema }, async (request) => {
      await eventOf(request.channelId, request.params.id);
      return answerOf(app, options, await service.ensure(request.channelId, request.params.id));
    });

    app.post('/events/:id/live/key', { config: route, preHandler: write, schema }, async (request) => {
      await eventOf(request.channelId, request.params.id);
      return answerOf(app, options, await service.rotate(request.channelId, request.params.id, request.consoleActor!));
    });

    app.post('/events/:id/live/end', { config: route, preHandler: write, schema }, async (request) => {
      await eventOf(request.channelId, request.params.id);
      await service.ensure(request.channelId, request.params.id);
      return answerOf(app, options, await service.end(request.channelId, request.params.id, request.consoleActor!));
    });

    app.post('/events/:id/recording/trim', { config: route, preHandler: write, schema: { ...schema, body: TrimRecordingBody } }, async (request) => {
      await eventOf(request.channelId, request.params.id);
      const row = await service.ensure(request.channelId, request.params.id);
      if (row.state !== 'ended' || row.recording_ready_at === null) throw new LiveProblem(409, 'id', LIVE_ERROR_CODES.notFinished, 'The recording is not ready yet.');
      const slug = app.channels.byId(request.channelId)!.config.slug;
      const before = await readRecording(options.mediaDir, slug, row.event_id);
      const after = await trimRecording(options.mediaDir, slug, row.event_id, request.body, options.ffmpegPath);
      await service.audit({ actor: request.consoleActor!, action: 'live.recording_trimmed', subject: `event:${row.event_id}`, before: before && { trimStartS: before.trimStartS, trimEndS: before.trimEndS }, after: { trimStartS: after.trimStartS, trimEndS: after.trimEndS } });
      app.dataChanged.emit(request.channelId);
      return answerOf(app, options, row);
    });
  };
}

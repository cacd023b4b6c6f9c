import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ApiErrorBody,
  CreateLibraryRailBody,
  IdParams,
  LIBRARY_ERROR_CODES,
  LibraryDeleted,
  LibraryItemResponse,
  type LibraryLanguage,
  LibraryPosterBody,
  LibraryPrerollResponse,
  LibraryPrerollsResponse,
  LibraryRailOrderBody,
  LibraryRailsResponse,
  LibraryResponse,
  type OperatorRole,
  POSTER_UPLOAD_MAX_BYTES,
  UpdateLibraryItemBody,
  UpdateLibraryPrerollBody,
  UpdateLibraryRailBody,
} from '@grandstand/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { layout } from '../../../core/media/library.ts';
import { FRAME_COUNT, writePoster } from '../../../core/media/transcode.ts';
import { requireConsole } from '../../operators/index.ts';
import { LibraryProblem, type LibraryRepository } from './repository.ts';
import type { UploadLimits } from './uploads.ts';

/** The library is run by owners and producers (spec §1); support and analysts have no part in it. */
export const LIBRARY_ROLES: readonly OperatorRole[] = ['owner', 'producer'];

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody, 422: ApiErrorBody };
const route = { apiKey: false };
const guard = requireConsole(LIBRARY_ROLES);
const FrameQuery = z.object({ n: z.coerce.number().int().min(1).max(FRAME_COUNT) });
/** A poster picture's body: the base64 of 2 MB and the JSON around it. */
const POSTER_BODY_LIMIT = Math.ceil((POSTER_UPLOAD_MAX_BYTES * 4) / 3) + 4096;
const PICTURE = /^data:image\/(jpeg|png|webp);base64,([A-Za-z0-9+/]+={0,2})$/;

export interface LibraryRoutesOptions {
  repository: LibraryRepository;
  mediaDir: string;
  limits: UploadLimits;
  ffmpegPath?: string;
}

function refuse(reply: FastifyReply, problem: LibraryProblem) {
  const body: ApiErrorBody = { message: problem.message, field: problem.field, code: problem.code, errors: { [problem.field]: [problem.message] } };
  return reply.code(problem.status).send(body);
}

/**
 * The control room's library under /api/console/library (spec §1, §3): the items with their
 * transcode's progress, their texts per language, category, access and publish date; the poster
 * picked from frames or uploaded; the rails and their order; the prerolls and their targeting.
 */
export function libraryRoutes(options: LibraryRoutesOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const library = options.repository;
    app.setErrorHandler((error, _request, reply) => {
      if (error instanceof LibraryProblem) return refuse(reply, error);
      throw error;
    });
    const channelOf = (request: FastifyRequest) => app.channels.byId(request.channelId);
    const languageOf = (request: FastifyRequest): LibraryLanguage => (channelOf(request)?.config.language === 'fr' ? 'fr' : 'en');
    const slugOf = (request: FastifyRequest) => channelOf(request)?.config.slug ?? '';
    const uploads = async (channelId: number) => ({ maxBytes: options.limits.maxBytes, quotaBytes: options.limits.quotaBytes, usedBytes: await library.usedBytes(channelId) });
    const itemOf = async (request: FastifyRequest, id: number) => {
      const row = await library.item(request.channelId, id);
      if (!row) throw new LibraryProblem('id', LIBRARY_ERROR_CODES.notFound, 'No such video.', 404);
      return row;
    };

    app.get('/library', { config: route, preHandler: guard, schema: { tags: ['console'], response: { 200: LibraryResponse, ...errors } } }, async (request) => {
      const [items, rails, categories, limits] = await Promise.all([library.items(request.channelId), library.rails(request.channelId), library.categories(request.channelId), uploads(request.channelId)]);
      const language = languageOf(request);
      return { items: items.map((row) => library.toItem(row, slugOf(request), language)), rails, categories, language, uploads: limits };
    });

    app.get('/library/items/:id', { config: route, preHandler: guard, schema: { tags: ['console'], params: IdParams, response: { 200: LibraryItemResponse, ...errors } } }, async (request) => ({
      item: library.toItem(await itemOf(request, request.params.id), slugOf(request), languageOf(request)),
    }));

    app.patch(
      '/library/items/:id',
      { config: route, preHandler: guard, schema: { tags: ['console'], params: IdParams, body: UpdateLibraryItemBody, response: { 200: LibraryItemResponse, ...errors } } },
      async (request) => {
        const language = languageOf(request);
        const row = await library.updateItem(request.consoleActor!, request.params.id, request.body, language);
        return { item: library.toItem(row, slugOf(request), language) };
      },
    );

    app.delete('/library/items/:id', { config: route, preHandler: guard, schema: { tags: ['console'], params: IdParams, response: { 200: LibraryDeleted, ...errors } } }, async (request) => {
      const row = await library.deleteItem(request.consoleActor!, request.params.id);
      await rm(join(options.mediaDir, layout.recordingDir(slugOf(request), row.ref)), { recursive: true, force: true });
      return { deleted: true as const };
    });

    // A candidate frame, for the poster picker: the operator's own (no shared cache).
    app.get(
      '/library/items/:id/frame',
      { config: route, preHandler: guard, schema: { tags: ['console'], params: IdParams, querystring: FrameQuery, response: { 200: z.any(), ...errors } } },
      async (request, reply) => {
        const row = await itemOf(request, request.params.id);
        if (row.status !== 'ready' || !row.ref.startsWith('upload-')) throw new LibraryProblem('id', LIBRARY_ERROR_CODES.notReady, 'This video has no frames to pick from.', 409);
        const folder = join(options.mediaDir, layout.recordingDir(slugOf(request), row.ref));
        return reply.header('content-type', 'image/jpeg').header('cache-control', 'private, max-age=60').sendFile(`frame-${request.query.n}.jpg`, folder, { cacheControl: false });
      },
    );

    app.post(
      '/library/items/:id/poster',
      { config: route, preHandler: guard, bodyLimit: POSTER_BODY_LIMIT, schema: { tags: ['console'], params: IdParams, body: LibraryPosterBody, response: { 200: LibraryItemResponse, ...errors } } },
      async (request) => {
        const row = await itemOf(request, request.params.id);
        if (row.status !== 'ready') throw new LibraryProblem('id', LIBRARY_ERROR_CODES.notReady, 'The video is still being processed.', 409);
        const folder = join(options.mediaDir, layout.recordingDir(slugOf(request), row.ref));
        const body = request.body;
        if ('frame' in body) {
          if (!row.ref.startsWith('upload-') || body.frame > FRAME_COUNT) throw new LibraryProblem('frame', LIBRARY_ERROR_CODES.badPoster, 'No such frame.', 422);
          await writePoster(join(folder, `frame-${body.frame}.jpg`), folder, { ffmpegPath: options.ffmpegPath });
        } else {
          const match = PICTURE.exec(body.image);
          const bytes = match ? Buffer.from(match[2]!, 'base64') : null;
          if (!bytes || bytes.length === 0 || bytes.length > POSTER_UPLOAD_MAX_BYTES) {
            throw new LibraryProblem('image', LIBRARY_ERROR_CODES.badPoster, 'A poster is a JPEG, PNG or WebP picture of 2 MB at most.', 422);
          }
          const work = await mkdtemp(join(tmpdir(), 'grandstand-poster-'));
          try {
            const file = join(work, `upload.${match![1]}`);
            await writeFile(file, bytes);
            await writePoster(file, folder, { ffmpegPath: options.ffmpegPath }).catch(() => {
              throw new LibraryProblem('image', LIBRARY_ERROR_CODES.badPoster, 'This picture could not be read.', 422);
            });
          } finally {
            await rm(work, { recursive: true, force: true });
          }
        }
        await library.posterChanged(request.consoleActor!, row.id, 'frame' in body ? `frame ${body.frame}` : 'upload');
        return { item: library.toItem(row, slugOf(request), languageOf(request)) };
      },
    );

    app.get('/library/rails', { config: route, preHandler: guard, schema: { tags: ['console'], response: { 200: LibraryRailsResponse, ...errors } } }, async (request) => ({
      rails: await library.rails(request.channelId),
    }));
    app.post('/library/rails', { config: route, preHandler: guard, schema: { tags: ['console'], body: CreateLibraryRailBody, response: { 200: LibraryRailsResponse, ...errors } } }, async (request) => ({
      rails: await library.createRail(request.consoleActor!, request.body.title),
    }));
    app.post('/library/rails/order', { config: route, preHandler: guard, schema: { tags: ['console'], body: LibraryRailOrderBody, response: { 200: LibraryRailsResponse, ...errors } } }, async (request) => ({
      rails: await library.orderRails(request.consoleActor!, request.body.railIds),
    }));
    app.patch(
      '/library/rails/:id',
      { config: route, preHandler: guard, schema: { tags: ['console'], params: IdParams, body: UpdateLibraryRailBody, response: { 200: LibraryRailsResponse, ...errors } } },
      async (request) => ({ rails: await library.updateRail(request.consoleActor!, request.params.id, request.body) }),
    );
    app.delete('/library/rails/:id', { config: route, preHandler: guard, schema: { tags: ['console'], params: IdParams, response: { 200: LibraryRailsResponse, ...errors } } }, async (request) => ({
      rails: await library.deleteRail(request.consoleActor!, request.params.id),
    }));

    app.get('/library/prerolls', { config: route, preHandler: guard, schema: { tags: ['console'], response: { 200: LibraryPrerollsResponse, ...errors } } }, async (request) => {
      const [prerolls, sports, limits] = await Promise.all([library.prerolls(request.channelId), library.sports(request.channelId), uploads(request.channelId)]);
      return { prerolls, sports, uploads: limits };
    });
    app.patch(
      '/library/prerolls/:id',
      { config: route, preHandler: guard, schema: { tags: ['console'], params: IdParams, body: UpdateLibraryPrerollBody, response: { 200: LibraryPrerollResponse, ...errors } } },
      async (request) => ({ preroll: await library.updatePreroll(request.consoleActor!, request.params.id, request.body) }),
    );
    app.delete('/library/prerolls/:id', { config: route, preHandler: guard, schema: { tags: ['console'], params: IdParams, response: { 200: LibraryDeleted, ...errors } } }, async (request) => {
      await library.deletePreroll(request.consoleActor!, request.params.id);
      return { deleted: true as const };
    });
  };
}

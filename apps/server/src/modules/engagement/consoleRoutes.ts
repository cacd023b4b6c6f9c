import {
  ApiErrorBody,
  ConsolePollResponse,
  ConsolePollsResponse,
  ConsolePopupResponse,
  ConsolePopupsResponse,
  CreatePopupBody,
  DeletedPopupResponse,
  IdParams,
  OpenPollBody,
  type OperatorRole,
  UpdatePopupBody,
} from '@grandstand/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireConsole } from '../operators/index.ts';
import { EngagementProblem } from './repository.ts';

/** Polls and popups are the producers' (and owners'): support and analysts neither see nor change them. */
export const ENGAGEMENT_ROLES: readonly OperatorRole[] = ['owner', 'producer'];

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody, 422: ApiErrorBody };
const guard = requireConsole(ENGAGEMENT_ROLES);
const route = { apiKey: false };

/**
 * The control room's live engagement under /api/console: an event's polls (open, close, results)
 * and the channel's popups (spec §7). Every change is audited in its own transaction; POSTs answer
 * 200, as the console's api-client takes no other success status (spec §8).
 */
const engagementConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const engagement = app.engagement;
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof EngagementProblem) return reply.code(error.status).send({ message: error.message, field: error.field, code: error.code, errors: { [error.field]: [error.message] } } satisfies ApiErrorBody);
    throw error;
  });

  app.get('/events/:id/polls', { config: route, preHandler: guard, schema: { tags: ['console'], params: IdParams, response: { 200: ConsolePollsResponse, ...errors } } }, async (request) => ({
    polls: await engagement.pollsOf(request.channelId, request.params.id),
  }));

  app.post('/events/:id/polls', { config: route, preHandler: guard, schema: { tags: ['console'], params: IdParams, body: OpenPollBody, response: { 200: ConsolePollResponse, ...errors } } }, async (request) => ({
    poll: await engagement.openPoll(request.consoleActor!, request.params.id, request.body),
  }));

  app.post('/polls/:id/close', { config: route, preHandler: guard, schema: { tags: ['console'], params: IdParams, response: { 200: ConsolePollResponse, ...errors } } }, async (request) => ({
    poll: await engagement.closePoll(request.consoleActor!, request.params.id),
  }));

  app.get('/popups', { config: route, preHandler: guard, schema: { tags: ['console'], response: { 200: ConsolePopupsResponse, ...errors } } }, async (request) => engagement.popupsOf(request.channelId));

  app.post('/popups', { config: route, preHandler: guard, schema: { tags: ['console'], body: CreatePopupBody, response: { 200: ConsolePopupResponse, ...errors } } }, async (request) => ({
    popup: await engagement.createPopup(request.consoleActor!, request.body),
  }));

  app.patch('/popups/:id', { config: route, preHandler: guard, schema: { tags: ['console'], params: IdParams, body: UpdatePopupBody, response: { 200: ConsolePopupResponse, ...errors } } }, async (request) => ({
    popup: await engagement.updatePopup(request.consoleActor!, request.params.id, request.body),
  }));

  app.delete('/popups/:id', { config: route, preHandler: guard, schema: { tags: ['console'], params: IdParams, response: { 200: DeletedPopupResponse, ...errors } } }, async (request) => {
    await engagement.deletePopup(request.consoleActor!, request.params.id);
    return { id: request.params.id };
  });
};

export default engagementConsoleRoutes;

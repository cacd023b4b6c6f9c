import {
  ApiErrorBody,
  ENGAGEMENT_CODES,
  IdParams,
  PollVoteBody,
  PollVoteResponse,
  PopupDismissResponse,
  PopupsQuery,
  PopupsResponse,
  ViewerPollResponse,
} from '@grandstand/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EngagementProblem } from './repository.ts';

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ApiErrorBody]));

/** Votes a minute per viewer: one per poll is all that counts; this bounds what a script's retries cost. */
export const VOTE_RATE_LIMIT = 30;

function refuse(reply: FastifyReply, problem: EngagementProblem) {
  return reply.code(problem.status).send({ message: problem.message, field: problem.field, code: problem.code, errors: { [problem.field]: [problem.message] } } satisfies ApiErrorBody);
}

/**
 * The viewers' side of live engagement: an event's poll and the vote (logged-in viewers, once; a
 * visitor sees the question and the results and is asked to log in), and the channel's popups
 * (spec §7 "a popups call exists") with a logged-in viewer's dismissal. The site asks for the poll
 * and the popups again every few seconds while its page is shown (see ./index.ts for why).
 */
const engagementViewerRoutes: FastifyPluginAsyncZod = async (app) => {
  const engagement = app.engagement;
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof EngagementProblem) return refuse(reply, error);
    throw error;
  });
  const loggedIn = (request: FastifyRequest): number => {
    if (request.userId === null) throw new EngagementProblem(401, 'api_key', ENGAGEMENT_CODES.loginRequired, 'user must be logged in');
    return request.userId;
  };

  app.get('/events/:id/poll', { schema: { params: IdParams, response: { 200: ViewerPollResponse, ...errors(404) } } }, async (request, reply) => {
    // Every page asks every few seconds: the answer may be kept by the browser for a moment only, and by no shared cache (it names the viewer's vote).
    reply.header('cache-control', 'private, max-age=1');
    return { data: await engagement.viewerPoll(request.channelId, request.params.id, request.userId) };
  });

  app.post(
    '/polls/:id/vote',
    {
      config: { rateLimit: { max: VOTE_RATE_LIMIT, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => `poll-vote|${request.channelId}|${request.userId ?? request.ip}` } },
      schema: { params: IdParams, body: PollVoteBody, response: { 200: PollVoteResponse, ...errors(401, 404, 409, 422) } },
    },
    async (request) => ({ data: await engagement.vote(request.channelId, loggedIn(request), request.params.id, request.body.answer) }),
  );

  app.get('/popups', { schema: { querystring: PopupsQuery, response: { 200: PopupsResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, max-age=1');
    return { data: await engagement.viewerPopups(request.channelId, request.userId, request.query.page) };
  });

  app.post('/popups/:id/dismiss', { schema: { params: IdParams, response: { 200: PopupDismissResponse, ...errors(401, 404) } } }, async (request) => {
    await engagement.dismiss(request.channelId, loggedIn(request), request.params.id);
    return { data: { id: request.params.id, dismissed: true as const } };
  });
};

export default engagementViewerRoutes;

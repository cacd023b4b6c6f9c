import { ApiErrorBody, PrerollSeenBody, PrerollSeenResponse, UNAUTHENTICATED_MESSAGE } from '@grandstand/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hidePreroll, subjectKey } from './prerolls.ts';

function fail(reply: FastifyReply, status: number, field: string, message: string, code: string) {
  return reply.code(status).send({ message, field, code } satisfies ApiErrorBody);
}

/**
 * POST /api/prerolls/seen (spec §4): a logged-in viewer's played preroll is hidden for them and
 * that event or on-demand item on every device; the stream answers (events/:id, vod-media-items/:id)
 * leave it out of their prerolls until the preroll time has passed. A visitor keeps the hiding in
 * their browser, so this call needs a user.
 */
const prerollRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/prerolls/seen',
    { schema: { body: PrerollSeenBody, response: { 200: PrerollSeenResponse, 400: ApiErrorBody, 401: ApiErrorBody, 404: ApiErrorBody } } },
    async (request, reply) => {
      const userId = request.userId;
      if (userId === null) return fail(reply, 401, 'api_key', UNAUTHENTICATED_MESSAGE, 'unauthenticated');
      const { preroll_id: prerollId, event_id: eventId, vod_id: vodId } = request.body;
      if ((eventId === undefined) === (vodId === undefined)) return fail(reply, 400, 'event_id', 'Name the event (event_id) or the video (vod_id) the preroll played before, one of the two.', 'preroll_subject');
      const channelId = request.channelId;
      // Another channel's event or video is as unknown as a missing one (architecture: multi-tenancy).
      const known =
        eventId !== undefined
          ? await app.db.selectFrom('events').select('id').where('channel_id', '=', channelId).where('id', '=', eventId).executeTakeFirst()
          : await app.db.selectFrom('vod_media_items').select('id').where('channel_id', '=', channelId).where('id', '=', vodId!).executeTakeFirst();
      if (!known) return fail(reply, 404, eventId !== undefined ? 'event_id' : 'vod_id', eventId !== undefined ? 'Event not found.' : 'No such video.', 'not_found');
      const subject = subjectKey(eventId !== undefined ? { kind: 'event', id: eventId } : { kind: 'vod', id: vodId! });
      const hiddenUntil = await hidePreroll(app.db, { channelId, userId, prerollId, subject });
      if (hiddenUntil === null) return fail(reply, 404, 'preroll_id', 'No such preroll.', 'not_found');
      return { data: { hidden_until: hiddenUntil.toISOString() } };
    },
  );
};

export default prerollRoutes;

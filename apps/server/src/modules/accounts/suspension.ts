import { type AccessRefusal, type ApiErrorBody, SUPPORT_ERROR_CODES } from '@grandstand/contract';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../core/db/schema.ts';

/** What a suspended viewer is told, before support's own reason. */
export const VIEWER_SUSPENDED_MESSAGE = 'Your account is suspended: you cannot watch or make clips until the channel restores it.';

export interface ViewerSuspension {
  since: Date;
  reason: string | null;
}

/**
 * Whether the channel's support suspended this viewer (migration 0036). Read from the database on
 * every call that hands out a stream or makes a clip, never cached: a suspension or a restore made
 * on one instance holds on every other at the viewer's next request (architecture: stateless instances).
 */
export async function viewerSuspension(db: Database, channelId: number, userId: number | null): Promise<ViewerSuspension | null> {
  if (userId === null) return null;
  const row = await db.selectFrom('users').select(['suspended_at', 'suspended_reason']).where('channel_id', '=', channelId).where('id', '=', userId).executeTakeFirst();
  if (!row?.suspended_at) return null;
  return { since: new Date(row.suspended_at), reason: row.suspended_reason };
}

/** The event's access refusal the watch page shows instead of the player (its text in the site's words). */
export function suspendedRefusal(suspension: ViewerSuspension): AccessRefusal {
  return { code: SUPPORT_ERROR_CODES.viewerSuspended, message: VIEWER_SUSPENDED_MESSAGE, reason: suspension.reason };
}

export function suspendedBody(suspension: ViewerSuspension): ApiErrorBody {
  const message = suspension.reason ? `${VIEWER_SUSPENDED_MESSAGE} ${suspension.reason}` : VIEWER_SUSPENDED_MESSAGE;
  return { message, field: 'user', code: SUPPORT_ERROR_CODES.viewerSuspended };
}

function refuse(reply: FastifyReply, suspension: ViewerSuspension) {
  return reply.code(403).header('cache-control', 'no-store').send(suspendedBody(suspension));
}

/**
 * The /api calls that make a clip or hand out a file to keep: a suspended viewer's are answered
 * 403 `viewer_suspended`. An event's stream address (GET /api/events/:id) is withheld by the event
 * route itself, which still answers the event with the refusal in its access, so the watch page
 * can say why instead of failing.
 */
const SUSPENDABLE_BY_VIEWER = new Set(['POST /api/clip', 'GET /api/clip/download/:id', 'GET /api/download-event/:id']);

/** In the /api scope after the api key's check (which names the user), before the route's own checks. */
export const suspendedViewerGuard = fp(
  async (api) => {
    api.addHook('preValidation', async (request, reply) => {
      const url = request.routeOptions.url;
      if (url === undefined || request.userId === null || !SUSPENDABLE_BY_VIEWER.has(`${request.method} ${url}`)) return;
      const suspension = await viewerSuspension(api.db, request.channelId, request.userId);
      if (suspension) return refuse(reply, suspension);
    });
  },
  { name: 'viewer-suspended-api', dependencies: ['api-key-guard'] },
);

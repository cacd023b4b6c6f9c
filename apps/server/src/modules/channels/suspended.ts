import { type ApiErrorBody, CHANNEL_ERROR_CODES } from '@grandstand/contract';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The /api calls that hand out a stream (an event's or a video's signed address, a download, a
 * clip) or take a payment: a suspended channel answers them 403 `channel_suspended` (spec §1: the
 * platform owner suspends a channel; its viewers then get no stream and buy nothing). Its other
 * calls (listings, settings) still answer, so its site can say it is suspended in its own words.
 */
const SUSPENDABLE_API = new Set([
  'GET /api/events/:id',
  'GET /api/vod-media-items/:id',
  'GET /api/download-event/:id',
  'GET /api/clip/download/:id',
  'POST /api/clip',
  'POST /api/:provider/buy',
  'POST /api/:provider/setup-intent',
]);

/** Whether a route hands out media (everything under /media/ except the public pictures). */
const isMedia = (url: string) => url.startsWith('/media/') && !url.startsWith('/media/pictures/');

function refuse(reply: FastifyReply) {
  const body: ApiErrorBody = { message: 'This channel is suspended.', field: 'channel', code: CHANNEL_ERROR_CODES.suspended };
  return reply.code(403).header('cache-control', 'no-store').send(body);
}

/**
 * In the /api scope, right after the api key's check (which names the channel), before the
 * route's own checks and its body's validation: a suspended channel's answer does not depend on
 * who asks or what they send.
 */
export const suspendedApiGuard = fp(
  async (api) => {
    api.addHook('preValidation', async (request, reply) => {
      const url = request.routeOptions.url;
      if (url === undefined || !SUSPENDABLE_API.has(`${request.method} ${url}`)) return;
      if (api.channels.byId(request.channelId)?.status === 'suspended') return refuse(reply);
    });
  },
  { name: 'channel-suspended-api', dependencies: ['api-key-guard'] },
);

/** The media routes answer for the channel of the host they are asked on (after `channel-by-host` found it). */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      const url = request.routeOptions.url;
      if (url === undefined || !isMedia(url)) return;
      if (request.hostChannel?.status === 'suspended') return refuse(reply);
    });
  },
  { name: 'channel-suspended-media', dependencies: ['db', 'channel-by-host'] },
);

import { ApiErrorBody, CHANNEL_KEY_FILE, ChannelKeyFile, GetApiKeyBody, GetApiKeyResponse, KEY_INVALID_STATUS } from '@grandstand/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keyInvalidBody } from './apiKeyAuth.ts';

/** spec §7 Keys: the site's channel key file (at the site's root, outside /api). */
export const channelKeyFileRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(CHANNEL_KEY_FILE, { config: { apiKey: false }, schema: { response: { 200: ChannelKeyFile, 404: ApiErrorBody } } }, async (request, reply) => {
    const channel = request.hostChannel;
    if (!channel) return reply.code(404).send({ message: 'No channel is served here.', field: 'host' });
    reply.header('cache-control', 'no-cache');
    return { channel_key: channel.config.channelKey };
  });
};

/** spec §7 Keys: the channel key's exchange for an api key (in the /api scope; it takes no key). */
const keysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/get_api_key',
    { config: { apiKey: false }, attachValidation: true, schema: { body: GetApiKeyBody, response: { 200: GetApiKeyResponse, [KEY_INVALID_STATUS]: ApiErrorBody } } },
    async (request, reply) => {
      if (request.validationError) {
        // A body that is not an object is a malformed request; a missing or malformed channel_key
        // is an invalid channel key, which the client recovers from by re-reading the key file (spec §8).
        const body: unknown = request.body;
        if (body === null || typeof body !== 'object' || Array.isArray(body)) throw request.validationError;
        return reply.code(KEY_INVALID_STATUS).send(keyInvalidBody('channel_key'));
      }
      const channel = app.channels.byChannelKey(request.body.channel_key);
      if (!channel) return reply.code(KEY_INVALID_STATUS).send(keyInvalidBody('channel_key'));
      return { data: { api_key: await app.apiKeys.issue(channel.id) } };
    },
  );
};

export default keysRoutes;

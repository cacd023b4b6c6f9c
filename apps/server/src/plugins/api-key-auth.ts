import { type ApiErrorBody, KEY_INVALID_MESSAGE, KEY_INVALID_STATUS, type KeyField } from '@grandstand/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** spec §8: the one answer the client recognises as "refresh this key and retry". */
export function keyInvalidBody(field: KeyField): ApiErrorBody {
  const message = field === 'api_key' ? 'The api key is invalid.' : 'The channel key is invalid.';
  return { message: KEY_INVALID_MESSAGE, field, errors: { [field]: [message] } };
}

export function sendKeyInvalid(reply: FastifyReply, field: KeyField) {
  return reply.code(KEY_INVALID_STATUS).send(keyInvalidBody(field));
}

/** spec §7: the key travels in the query string for GET and DELETE, in the JSON body otherwise. */
function keyOf(request: FastifyRequest): unknown {
  const source = request.method === 'GET' || request.method === 'HEAD' || request.method === 'DELETE' ? request.query : request.body;
  return source !== null && typeof source === 'object' ? (source as Record<string, unknown>).api_key : undefined;
}

/**
 * Every /api route but the key exchange needs a valid api key; its channel scopes every query and
 * its user (null for a visitor) is the session (issue 4)
 * (architecture: multi-tenancy is enforced on the server). Runs before schema validation so a
 * bad key is reported as a key problem, which the client knows how to recover from.
 */
export default fp(
  async (app) => {
    app.decorateRequest('channelId', 0);
    app.decorateRequest('userId', null);
    app.decorateRequest('apiKeyId', 0);
    app.addHook('preValidation', async (request, reply) => {
      if (!request.url.startsWith('/api/') || request.routeOptions.config.apiKey === false || request.is404) return;
      const resolved = await app.apiKeys.resolveKey(keyOf(request));
      if (resolved === null) return sendKeyInvalid(reply, 'api_key');
      request.channelId = resolved.channelId;
      request.userId = resolved.userId;
      request.apiKeyId = resolved.keyId;
    });
  },
  { name: 'api-key-auth', dependencies: ['db'] },
);

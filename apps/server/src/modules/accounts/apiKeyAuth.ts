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

/** The request decorations every plugin reads (`channelId`, `userId`, `apiKeyId`), set by `apiKeyGuard`. */
export default fp(
  async (app) => {
    app.decorateRequest('channelId', 0);
    app.decorateRequest('userId', null);
    app.decorateRequest('apiKeyId', 0);
  },
  { name: 'api-key-auth' },
);

/**
 * Every route registered inside this scope needs a valid api key (spec §7), but those that say
 * `config: { apiKey: false }` (the key exchange, provider callbacks and webhooks); the key's
 * channel scopes every query and its user (null for a visitor) is the session (architecture:
 * multi-tenancy is enforced on the server). A route is guarded because of where it is
 * registered, never because of how its URL is spelled: `/%61pi/geo` reaches the same route and
 * the same check. Runs before schema validation so a bad key is reported as a key problem, which
 * the client knows how to recover from.
 */
export const apiKeyGuard = fp(
  async (api) => {
    api.addHook('preValidation', async (request, reply) => {
      // An unknown /api path reaches this scope's not-found answer, which has no data to guard.
      if (request.routeOptions.config.apiKey === false || request.is404) return;
      const resolved = await api.apiKeys.resolveKey(keyOf(request));
      if (resolved === null) return sendKeyInvalid(reply, 'api_key');
      request.channelId = resolved.channelId;
      request.userId = resolved.userId;
      request.apiKeyId = resolved.keyId;
    });
  },
  { name: 'api-key-guard', dependencies: ['api-key-auth', 'api-keys-repository'] },
);

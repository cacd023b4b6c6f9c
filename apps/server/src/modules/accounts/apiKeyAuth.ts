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
 * spec §7: the public calls that need no key (settings, menu, pages, faq, colour settings, slides,
 * locations, subscriptions, packages, participants, participant groups, delete-account
 * confirmation), by method and registered route (never by how a request spells its URL).
 * Without a key their channel is the one the Host header names, as for the site's own pages, and
 * the caller is a visitor; a key, when given, is checked as anywhere else (an invalid one answers
 * the key-invalid error the site recovers from) and decides the channel and the user.
 * What this opens costs nothing a key did not already buy: a visitor's key is free to mint and
 * serves any number of calls, every route here answers a visitor's data only (the catalog from
 * its cache, the offers without purchases), and the limits on these routes (the password check
 * of the deletion, per client address and channel) count unkeyed calls against the host's channel
 * the same way. The deletion itself needs a session, which is a key: without one it answers 401.
 */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set(
  [
    'GET /api/settings',
    'GET /api/menu',
    'GET /api/pages',
    'GET /api/pages/:id',
    'GET /api/faq',
    'GET /api/color-settings/web',
    'GET /api/slides/web',
    'GET /api/events-locations',
    'GET /api/subscriptions',
    'GET /api/subscriptions/:id',
    'GET /api/packages',
    'GET /api/packages/:id',
    'GET /api/participants',
    'GET /api/participant-groups',
    'POST /api/delete-account-confirm',
  ].flatMap((route) => (route.startsWith('GET ') ? [route, route.replace(/^GET /, 'HEAD ')] : [route])),
);

function isPublic(request: FastifyRequest): boolean {
  return PUBLIC_ROUTES.has(`${request.method} ${request.routeOptions.url ?? ''}`);
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
 * `config: { apiKey: false }` (the key exchange, provider callbacks and webhooks) and the public
 * calls of PUBLIC_ROUTES, which take one when it is given; the key's
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
      const key = keyOf(request);
      if (key === undefined && isPublic(request)) {
        // A public call without a key: the site's channel, for a visitor (see PUBLIC_ROUTES).
        const channel = api.channels.byHostname(request.hostname);
        if (!channel) return sendKeyInvalid(reply, 'api_key');
        request.channelId = channel.id;
        return;
      }
      const resolved = await api.apiKeys.resolveKey(key);
      if (resolved === null) return sendKeyInvalid(reply, 'api_key');
      request.channelId = resolved.channelId;
      request.userId = resolved.userId;
      request.apiKeyId = resolved.keyId;
    });
  },
  { name: 'api-key-guard', dependencies: ['api-key-auth', 'api-keys-repository'] },
);

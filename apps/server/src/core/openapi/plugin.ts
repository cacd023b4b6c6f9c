import fastifySwagger from '@fastify/swagger';
import { ApiErrorBody, EventCategory, Participant } from '@grandstand/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Where the API describes itself (public: a client reads it before it has a key). */
export const OPENAPI_PATH = '/api/openapi.json';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown>; required?: string[] };
type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions };

/**
 * The recursive schemas (a team's child teams, a sport's sub-sports) are named components: inline,
 * their reference to themselves would point at nothing in the document.
 */
for (const [schema, id] of [
  [Participant, 'Participant'],
  [EventCategory, 'EventCategory'],
] as const) {
  if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
}

const errorSchema = z.toJSONSchema(ApiErrorBody, { target: 'draft-2020-12', io: 'output' }) as JsonSchema;
delete errorSchema.$schema;
const error = (description: string): JsonSchema => ({ ...errorSchema, description });

/** The control room's calls (`modules/operators`): their own credentials, described as security schemes. */
const CONSOLE_PREFIX = '/api/console/';

/** spec §7: the key travels in the query string for GET and DELETE, in the JSON body otherwise. */
const API_KEY = { type: 'string', minLength: 1, description: 'The api key from POST /api/get_api_key (a visitor) or from a login (a session): it names the channel and the user.' };

/**
 * Which routes the document leaves out, and why:
 * - everything outside /api but the channel key file: the channel's site (HTML and its assets),
 *   the logo, the media files (HLS playlists and segments behind a signed address), the card
 *   processor's own HTML pages (/sandbox/...) and the mail outbox pages. None is JSON, none is a call
 *   a client makes with an api key.
 * - the card provider's webhook: the provider's own call, signed over the raw bytes of its body
 *   (the signature header is the credential), not a call of the channel API.
 * - the ingest's callbacks (`/api/ingest/…`): nginx's own calls, with the token of its
 *   configuration in their address, not calls of the channel API.
 * - this document itself.
 */
function documented(url: string): boolean {
  // The ingest's callbacks and the installation's own calls (a CLI handing a channel import to the
  // running server) are not the channel API: loopback or token-guarded, never a client's.
  if (url === OPENAPI_PATH || url === '/api/:provider/webhook' || url.startsWith('/api/ingest/') || url.startsWith('/api/internal/')) return false;
  return url.startsWith('/api/') || url === '/channel-key.json';
}

function objectSchema(schema: unknown): JsonSchema {
  return schema && typeof schema === 'object' ? (schema as JsonSchema) : { type: 'object', properties: {} };
}

function withApiKey(schema: unknown): JsonSchema {
  const object = objectSchema(schema);
  return { ...object, type: 'object', properties: { ...object.properties, api_key: API_KEY }, required: [...new Set([...(object.required ?? []), 'api_key'])] };
}

/**
 * The zod schemas of each route become JSON Schema (fastify-type-provider-zod), then what every
 * route shares is added where the server adds it: the api key (not a security scheme: it is a
 * query parameter or a body field, spec §7), the key-invalid 403 (spec §8), 400 for a bad value (any call),
 * 413/415 for a body too large or not JSON, 414 for a path parameter too long, and 429 on the rate-limited routes.
 */
function transform(input: TransformInput) {
  if (!documented(input.url)) return { schema: { hide: true }, url: input.url };
  const result = jsonSchemaTransform(input);
  const schema = { ...(result.schema as Record<string, unknown>) };
  const { route } = input;
  const method = String(route.method);
  const keyed = route.config?.apiKey !== false && input.url.startsWith('/api/');
  const inQuery = method === 'GET' || method === 'DELETE' || method === 'HEAD';
  if (keyed) {
    if (inQuery) schema.querystring = withApiKey(schema.querystring);
    else schema.body = withApiKey(schema.body);
  }
  const responses = { ...(schema.response as Record<string, unknown> | undefined) };
  const add = (status: number, description: string) => {
    responses[status] ??= error(description);
  };
  const hasBody = !inQuery;
  // Any call can carry a bad value: a wrong type, a NUL character, a broken %-escape in the address.
  add(400, 'A value is invalid: the error names the field.');
  if (schema.params) {
    // Over 200 characters a path parameter matches no route: 414 where nothing else could match,
    // the API's 404 for GET (the site's catch-all route answers every other GET address).
    add(414, 'A path parameter is longer than 200 characters.');
    if (method === 'GET') add(404, 'No such item, or a path parameter longer than 200 characters.');
  }
  if (keyed) add(403, 'The api key is missing, malformed or unknown (spec §8: fetch a fresh key and retry).');
  // The control room's calls carry an operator's session cookie or an integration token, not an api key.
  if (input.url.startsWith(CONSOLE_PREFIX) && route.preHandler) {
    schema.security = [{ consoleSession: [] }, { consoleToken: [] }];
    add(401, 'No console session or integration token (code CONSOLE_SIGNED_OUT).');
    add(403, 'Another channel’s session or token, a role that may not, a cookie-session write from another origin, or TOTP to set up first (`code` says which).');
  }
  if (hasBody) {
    add(413, 'The body is larger than 64 KB.');
    add(415, 'The body is not JSON.');
  }
  if (route.config && 'rateLimit' in route.config && route.config.rateLimit !== false) add(429, 'Too many attempts: wait a minute (Retry-After).');
  schema.response = responses;
  return { schema, url: result.url };
}

/**
 * The OpenAPI 3.1 document of the API, generated from the routes' zod schemas (the contract).
 * Registered before the routes so it sees each of them; the document is served by `core/openapi/routes.ts`.
 */
export default fp(
  async (app: FastifyInstance) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Grandstand channel API',
          version: '1',
          description:
            'Every /api call but the key exchange and the control room’s (/api/console) carries `api_key` (query string for GET and DELETE, JSON body otherwise). The control room’s calls carry an operator’s session cookie (from POST /api/console/session; writes must come from the same origin) or an integration token as `Authorization: Bearer gsc_...`. Errors are `ApiErrorBody`: `{ message, field, code, errors }`.',
        },
        components: {
          securitySchemes: {
            consoleSession: { type: 'apiKey', in: 'cookie', name: 'grandstand_console', description: 'An operator’s control-room session (POST /api/console/session), valid on the channel of the host it was opened on.' },
            consoleToken: { type: 'http', scheme: 'bearer', description: 'An integration token (`gsc_...`) an owner created for the channel and a role (POST /api/console/tokens).' },
          },
        },
      },
      transform: transform as typeof jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
  },
  { name: 'openapi' },
);

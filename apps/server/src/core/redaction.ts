import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * What a request log must never carry: the credentials some addresses hold. One list for the
 * whole server; src/core/log-redaction.test.ts walks every registered route against it, so a route
 * that takes a secret in its address cannot be added without being listed here.
 */

/**
 * Addresses whose next path segment is the credential: a stream grant (`/media/s/<token>/…`), a
 * signed download (`/media/download/<token>/<name>`), a viewer's calendar feed
 * (`/calendar/<token>.ics`) and the card sandbox's pages (the portal session, the payment to
 * approve), and an operator's invitation link (`/console/invitation/<token>`) and its calls.
 */
export const SECRET_PATH_PREFIXES: readonly string[] = [
  '/media/s/',
  '/media/download/',
  '/calendar/',
  '/sandbox/portal/',
  '/sandbox/authenticate/',
  // An operator's invitation: the control room's page the mail links to, and its calls.
  '/console/invitation/',
  '/api/console/invitations/',
];

/**
 * Query keys whose value is a credential or personal data: the api key, a mailed link's address
 * and signature (verification and password-reset pages), an identity provider's code and sealed
 * state, and any token or password a client puts in an address.
 */
export const SECRET_QUERY_KEYS: readonly string[] = ['api_key', 'channel_key', 'signature', 'email', 'token', 'access_token', 'id_token', 'code', 'state', 'password'];

const REDACTED = '[redacted]';
const secretKeys = new Set(SECRET_QUERY_KEYS);

function decodedKey(raw: string): string {
  let key = raw.replaceAll('+', ' ');
  try {
    key = decodeURIComponent(key);
  } catch {
    // A malformed escape stays as it is; it is compared as written.
  }
  // `email[]=` is read as `email` by some parsers: the bracket part does not hide it.
  return key.trim().toLowerCase().replace(/\[.*$/, '');
}

function redactPath(path: string): string {
  const lower = path.toLowerCase();
  for (const prefix of SECRET_PATH_PREFIXES) {
    if (!lower.startsWith(prefix)) continue;
    const end = path.indexOf('/', prefix.length);
    return `${path.slice(0, prefix.length)}${REDACTED}${end === -1 ? '' : path.slice(end)}`;
  }
  return path;
}

/** The address as a log may show it: every secret path segment and query value replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const redactedPath = redactPath(path);
  if (queryAt === -1) return redactedPath;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const key = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && secretKeys.has(decodedKey(key)) ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
  return `${redactedPath}?${query}`;
}

/** The request as the logs show it (Fastify's `req` serializer): never a secret of its address. */
export const requestSerializers = {
  req(request: { method: string; url: string; hostname?: string; ip?: string }) {
    return { method: request.method, url: redactUrl(request.url), host: request.hostname, remoteAddress: request.ip };
  },
};

export type RegisteredRoute = Pick<RouteOptions, 'method' | 'url' | 'schema'>;

const registered = new WeakMap<object, RegisteredRoute[]>();

/** Keeps the list of the app's routes as they are added (before any is), for the redaction check. */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  registered.set(app, routes);
  app.addHook('onRoute', (route) => {
    routes.push({ method: route.method, url: route.url, schema: route.schema });
  });
}

/** Every route the app registered (full paths, prefixes included). */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registered.get(app) ?? [];
}

import type { ApiErrorBody } from '@grandstand/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { LoadedChannel } from './channels/loadChannels.ts';

/**
 * Cross-origin calls (CORS) to /api and /media, for a channel's own app served from another origin
 * (its CDN, a partner's site). A request is granted only when its `Origin` is exactly a site origin
 * of the channel the request is for (`ChannelRegistry.isSiteOrigin`: the public origin and the
 * configured `siteOrigins`); every other origin gets no grant, and its preflight a 403.
 *
 * The channel a request is for is the one the server serves it for:
 * - /api: the api key's channel (query or body, as `apiKeyGuard` reads it), else the channel key's
 *   (the key exchange), else, with no key that names a channel, the host's channel (its configured
 *   public host, `<slug>.localhost`, else the default channel). A key of one channel never borrows
 *   the site origins of the host's: a page of channel B cannot read channel A's data with A's key.
 * - /media: the signed address's channel, else the host's (pictures, clips and on-demand posters
 *   belong to the channel of the host they are asked on).
 * A preflight carries no body: it is decided on what it has (a key in the query, the host), and
 * the answer to the real request is decided again on its key.
 *
 * No credentials mode: the api key travels in the query or the body, never in a cookie.
 * @fastify/cors is not used: its decision is taken before the body (where a POST's key is) is read,
 * and every answer, a refused key's included, needs the same decision.
 */

/** What the api client sends (api-client's HttpMethod) and the headers it sets. */
const API_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const API_HEADERS = 'Accept, Content-Type';
/** The player reads playlists, segments and posters, and may ask for a range of a file. */
const MEDIA_METHODS = 'GET, HEAD';
const MEDIA_HEADERS = 'Range';
/** How long a browser may keep a granted preflight: a site origin removed from the config stops being granted within it. */
export const PREFLIGHT_MAX_AGE_S = 600;

type Area = 'api' | 'media';

/** The area of a request by its address; anything else (the sites, their key file) gets no grant. */
function areaOf(url: string): Area | null {
  const path = url.split('?', 1)[0] ?? '';
  if (path === '/api' || path.startsWith('/api/')) return 'api';
  if (path.startsWith('/media/')) return 'media';
  return null;
}

function fieldOf(source: unknown, name: string): unknown {
  return source !== null && typeof source === 'object' && !Array.isArray(source) ? (source as Record<string, unknown>)[name] : undefined;
}

/** `/media/s/<token>/events/…` or `/media/s/<token>/vod/…`: the signed address's channel, or null when it is no valid one. */
function signedMediaChannel(app: FastifyInstance, url: string): number | null | undefined {
  const match = /^\/media\/s\/([^/?]+)\/(events|vod)\//.exec(url);
  if (!match) return undefined;
  const token = match[1]!;
  const grant = match[2] === 'events' ? app.media.verify(token) : app.media.verifyVod(token);
  return grant?.channelId ?? null;
}

async function channelFor(app: FastifyInstance, request: FastifyRequest, area: Area): Promise<LoadedChannel | null | undefined> {
  const host = () => app.channels.byHostname(request.hostname);
  if (area === 'media') {
    const signed = signedMediaChannel(app, request.url);
    // A forged or expired address belongs to nobody, whatever host it is asked on.
    if (signed !== undefined) return signed === null ? null : app.channels.byId(signed);
    return host();
  }
  if (request.channelId > 0) return app.channels.byId(request.channelId);
  for (const source of [request.query, request.body]) {
    const apiKey = fieldOf(source, 'api_key');
    if (apiKey !== undefined) {
      const resolved = await app.apiKeys.resolveKey(apiKey);
      if (resolved) return app.channels.byId(resolved.channelId);
    }
    const channelKey = fieldOf(source, 'channel_key');
    if (typeof channelKey === 'string') {
      const channel = app.channels.byChannelKey(channelKey);
      if (channel) return channel;
    }
  }
  return host();
}

/** Adds Origin to the answer's Vary, keeping what another part of the server put there. */
function varyOnOrigin(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? '')).split(',').map((v) => v.trim()).filter((v) => v !== '');
  if (values.some((v) => v === '*' || v.toLowerCase() === 'origin')) return;
  reply.header('vary', [...values, 'Origin'].join(', '));
}

const PREFLIGHT = Symbol('cors-preflight');
declare module 'fastify' {
  interface FastifyRequest {
    [PREFLIGHT]?: boolean;
  }
}

export default fp(
  async (app) => {
    // Preflights are answered here, before routing reaches a route or the not-found answer.
    app.addHook('onRequest', async (request, reply) => {
      const area = areaOf(request.url);
      if (area === null) return;
      const origin = request.headers.origin;
      if (request.method !== 'OPTIONS' || !origin || request.headers['access-control-request-method'] === undefined) return;
      request[PREFLIGHT] = true;
      varyOnOrigin(reply);
      const channel = await channelFor(app, request, area);
      if (!channel || !app.channels.isSiteOrigin(channel.id, origin)) {
        const body: ApiErrorBody = { message: 'This origin may not call this channel from a browser.', field: 'origin' };
        return reply.code(403).header('cache-control', 'no-store').send(body);
      }
      return reply
        .code(204)
        .header('access-control-allow-origin', origin)
        .header('access-control-allow-methods', area === 'api' ? API_METHODS : MEDIA_METHODS)
        .header('access-control-allow-headers', area === 'api' ? API_HEADERS : MEDIA_HEADERS)
        .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_S))
        .send();
    });

    // Every answer of /api and /media, errors and refused keys included: the grant, and a cache
    // key that keeps one origin's answer from being served to another.
    app.addHook('onSend', async (request, reply, payload) => {
      const area = areaOf(request.url);
      if (area === null || request[PREFLIGHT]) return payload;
      varyOnOrigin(reply);
      const origin = request.headers.origin;
      // A same-origin call (no Origin) to /api can get no grant: nothing to look up on the hot path.
      if (!origin && area === 'api') return payload;
      const channel = await channelFor(app, request, area);
      if (!channel) return payload;
      if (origin && app.channels.isSiteOrigin(channel.id, origin)) reply.header('access-control-allow-origin', origin);
      // An <img> or a <video poster> asks without Origin (no-cors), so no grant can name the page:
      // the media of a channel with other site origins may be shown across origins, as public
      // pictures and signed addresses are meant to be.
      if (area === 'media' && app.channels.hasOtherSiteOrigins(channel.id)) reply.header('cross-origin-resource-policy', 'cross-origin');
      return payload;
    });
  },
  { name: 'cors', dependencies: ['db', 'api-keys-repository', 'api-key-auth'] },
);

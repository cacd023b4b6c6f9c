import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type CountryLookup, loadCountryDatabase, lookupCountry, normaliseIp } from './countryDatabase.ts';

/** Where the caller is, and whether the channel of their api key blocks that country. */
export interface ViewerGeo extends CountryLookup {
  ip: string;
  is_geo_blocked: boolean;
}

export interface GeoService {
  lookup(ip: string): CountryLookup;
  /** Whether the channel's settings list the country (ISO 3166-1 alpha-2) in `blocked_countries`. */
  isBlocked(channelId: number, countryCode: string | null): boolean;
  /** The caller's address, country and block on the request's channel (an /api request). */
  viewer(request: FastifyRequest): ViewerGeo;
  /**
   * Whether the caller may be handed nothing of the channel (spec §3 Geo, §6 "A geo-blocked flag
   * restricts access"): their country is blocked by the request's channel, or their account carries
   * `is_geo_blocked` (read at every ask, so a flag set by support holds at the viewer's next request).
   */
  blocked(request: FastifyRequest): Promise<boolean>;
  /** Re-reads every channel's blocked countries (done by itself after a seed). */
  refresh(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    geo: GeoService;
  }
}

/**
 * The client's address: the socket's, or the nearest untrusted X-Forwarded-For entry when the
 * socket is a trusted proxy (Fastify's `trustProxy`, from TRUST_PROXY). A forwarded value that is
 * not an address is not believed: the socket's address stands.
 */
export function clientIp(request: FastifyRequest): string {
  const ip = normaliseIp(request.ip ?? '');
  if (isIP(ip) !== 0) return ip;
  return normaliseIp(request.socket?.remoteAddress ?? '');
}

function blockedList(settings: unknown): Set<string> {
  const list = (settings as { blocked_countries?: unknown } | null)?.blocked_countries;
  return new Set(Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string').map((c) => c.toUpperCase()) : []);
}

/**
 * spec §3 Geo: country from an offline database, blocked countries per channel. The lists live in
 * the channel's settings (seed.json `settings.blocked_countries`) and are held in memory, so a
 * check costs no query; a seed in this process reloads them.
 */
export default fp(
  async (app) => {
    loadCountryDatabase();
    let blocked = new Map<number, Set<string>>();
    const refresh = async () => {
      const rows = await app.db.selectFrom('channels').select(['id', 'settings']).execute();
      blocked = new Map(rows.map((row) => [row.id, blockedList(row.settings)]));
    };
    await refresh();
    const unsubscribe = app.dataChanged.on(() => {
      refresh().catch((error: unknown) => app.log.error({ err: error }, 'geo: reloading blocked countries failed'));
    });
    app.addHook('onClose', async () => unsubscribe());

    const isBlocked = (channelId: number, countryCode: string | null) => countryCode !== null && (blocked.get(channelId)?.has(countryCode) ?? false);
    const viewer = (request: FastifyRequest): ViewerGeo => {
      const ip = clientIp(request);
      const country = lookupCountry(ip);
      return { ...country, ip, is_geo_blocked: isBlocked(request.channelId, country.country_code) };
    };
    app.decorate('geo', {
      lookup: lookupCountry,
      isBlocked,
      viewer,
      async blocked(request) {
        if (viewer(request).is_geo_blocked) return true;
        if (request.userId === null) return false;
        const user = await app.db.selectFrom('users').select('is_geo_blocked').where('channel_id', '=', request.channelId).where('id', '=', request.userId).executeTakeFirst();
        return user?.is_geo_blocked === true;
      },
      refresh,
    } satisfies GeoService);
  },
  { name: 'geo', dependencies: ['db'] },
);

/** spec §3 Geo: what a viewer in a blocked country is told about any event of the channel. */
export function geoBlockedAccess(): { allowed: false; geo_blocked: true; options: [] } {
  return { allowed: false, geo_blocked: true, options: [] };
}

/** A listing with has_access false on every event (a geo-blocked viewer may watch none): a copy, the cached listing is shared. */
export function withoutAccess<Body extends { readonly data: readonly { readonly has_access: boolean }[] }>(body: Body): Body {
  return { ...body, data: body.data.map((event) => ({ ...event, has_access: false })) };
}

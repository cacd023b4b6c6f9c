import { GeoResponse } from '@grandstand/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * spec §3 Geo: the caller's address (the socket's, or X-Forwarded-For only from a proxy named in
 * TRUST_PROXY), its country from the offline database, and whether the key's channel blocks it.
 */
const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/geo', { schema: { response: { 200: GeoResponse } } }, async (request) => ({
    // A logged-in viewer whose account carries the flag is blocked wherever they are (spec §3 User `is_geo_blocked`).
    data: { ...app.geo.viewer(request), is_geo_blocked: await app.geo.blocked(request) },
  }));
};

export default geoRoutes;

import { GeoResponse } from '@grandstand/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * spec §3 Geo: the caller's address (the socket's, or X-Forwarded-For only from a proxy named in
 * TRUST_PROXY), its country from the offline database, and whether the key's channel blocks it.
 */
const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/geo', { schema: { response: { 200: GeoResponse } } }, async (request) => ({ data: app.geo.viewer(request) }));
};

export default geoRoutes;

import { GeoResponse } from '@grandstand/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * spec §3 Geo. The address is the socket's, or the proxy's X-Forwarded-For only when the app was
 * built with `trustProxy`. Country lookup needs a geo database, which comes later: null until then.
 */
const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/geo', { schema: { response: { 200: GeoResponse } } }, async (request) => ({
    data: { country: null, country_code: null, ip: request.ip, is_geo_blocked: false },
  }));
};

export default geoRoutes;

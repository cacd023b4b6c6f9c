import type { FastifyInstance } from 'fastify';
import { OPENAPI_PATH } from './plugin.ts';

/** GET /api/openapi.json: public, like the key exchange (no api key needed to read how to get one). */
export default async function openapiRoutes(app: FastifyInstance) {
  app.get(OPENAPI_PATH, { config: { apiKey: false } }, async (_request, reply) => reply.header('cache-control', 'no-cache').send(app.swagger()));
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody, UNAUTHENTICATED_MESSAGE } from '@grandstand/contract';

/**
 * spec §7 Auth: GET /profile. Accounts come later, so every caller is a visitor: 401, which the
 * client tolerates on this call (spec §8). The api key is still checked first.
 */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/profile', { schema: { response: { 401: ApiErrorBody } } }, async (_request, reply) => reply.code(401).send({ message: UNAUTHENTICATED_MESSAGE }));
};

export default profileRoutes;

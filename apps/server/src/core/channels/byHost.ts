import type { ApiErrorBody } from '@grandstand/contract';
import fp from 'fastify-plugin';

/**
 * Site routes belong to the channel named by the Host header (architecture: one server, many
 * sites): `<slug>.localhost` is that channel, any other host the default one. An unknown
 * `<x>.localhost` answers 404. /api ignores the host: there the api key decides the channel.
 */
export default fp(
  async (app) => {
    app.decorateRequest('hostChannel', null);
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith('/api/') || request.url === '/api') return;
      const channel = app.channels.byHostname(request.hostname);
      if (channel === undefined) {
        const body: ApiErrorBody = { message: `No channel is served at ${request.hostname}.`, field: 'host' };
        return reply.code(404).send(body);
      }
      request.hostChannel = channel;
    });
  },
  { name: 'channel-by-host', dependencies: ['db'] },
);

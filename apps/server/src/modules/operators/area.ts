import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/**
 * Registers a module's console calls under /api/console. Every answer there is an operator's own
 * (their channel's events, people, tokens): no shared cache keeps one.
 */
export async function registerConsoleRoutes(app: FastifyInstance, routes: readonly FastifyPluginAsync[]): Promise<void> {
  await app.register(
    async (console) => {
      console.addHook('onSend', async (_request, reply, payload) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        return payload;
      });
      // The console's screens call through the site's api-client, which puts the visitor api key in
      // every JSON body (spec §7). The session or token is the credential here, so the key is dropped
      // before the strict bodies are read; any other unknown field is still refused.
      console.addHook('preValidation', async (request) => {
        const body = request.body;
        if (body !== null && typeof body === 'object' && !Array.isArray(body) && 'api_key' in body) delete (body as Record<string, unknown>).api_key;
      });
      for (const plugin of routes) await console.register(plugin);
    },
    { prefix: '/api/console' },
  );
}

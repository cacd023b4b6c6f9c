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
      for (const plugin of routes) await console.register(plugin);
    },
    { prefix: '/api/console' },
  );
}

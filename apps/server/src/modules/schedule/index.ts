import fp from 'fastify-plugin';
import scheduleRoutes from './routes.ts';

// The schedule: the control room's events (spec §1, admin dashboard) under /api/console/events.
export { SCHEDULE_READERS, SCHEDULE_WRITERS } from './routes.ts';
export { ensureSingleOffer, needsSingleOffer, ScheduleRepository } from './repository.ts';
export type { ScheduleActor } from './repository.ts';
export { scheduleMigrations, SEEDED_TABLES } from './migration.ts';

/**
 * The schedule's calls, beside the operators' under /api/console and guarded by their
 * `requireConsole` (a session or an integration token, never the viewers' api key).
 */
export default fp(
  async (app) => {
    await app.register(
      async (console) => {
        // An operator's answers: no shared cache keeps them.
        console.addHook('onSend', async (_request, reply, payload) => {
          if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
          return payload;
        });
        await console.register(scheduleRoutes);
      },
      { prefix: '/api/console' },
    );
  },
  { name: 'schedule', dependencies: ['db', 'buses', 'operators'] },
);

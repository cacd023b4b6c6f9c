import fp from 'fastify-plugin';
import { noticesOf } from '../../core/db/notices.ts';
import { registerConsoleRoutes } from '../operators/index.ts';
import { SCHEDULE_CHANGED_CHANNEL } from './repository.ts';
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
    // Another instance's change of a channel's schedule drops this one's caches too, within moments.
    const listen = noticesOf(app.db);
    if (listen) {
      const subscription = listen(SCHEDULE_CHANGED_CHANNEL, {
        notice: (payload) => {
          const channelId = Number(payload);
          if (Number.isSafeInteger(channelId)) app.dataChanged.emit(channelId);
        },
        // Until it listens (or while the connection is lost), caches age out as before: 10 s fresh, 20 s stale at most.
        live: () => {},
        error: (error) => app.log.warn({ err: error }, "not hearing of other instances' schedule changes until the connection is back"),
      });
      app.addHook('onClose', async () => subscription.close());
      await subscription.ready;
    }
    await registerConsoleRoutes(app, [scheduleRoutes]);
  },
  { name: 'schedule', dependencies: ['db', 'buses', 'operators'] },
);

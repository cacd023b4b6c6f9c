import fp from 'fastify-plugin';
import { registerConsoleRoutes } from '../operators/index.ts';
import engagementConsoleRoutes from './consoleRoutes.ts';
import { EngagementRepository } from './repository.ts';

export { ENGAGEMENT_ROLES } from './consoleRoutes.ts';
export { engagementMigrations } from './migration.ts';
export { EngagementProblem, EngagementRepository } from './repository.ts';
export { default as engagementViewerRoutes, VOTE_RATE_LIMIT } from './viewerRoutes.ts';

/** How long an instance keeps an event's poll or a channel's popups before reading them again. */
export const DEFAULT_ENGAGEMENT_CACHE_MS = 1_000;

export interface EngagementOptions {
  /** Milliseconds an instance answers the poll and popups reads from memory. Default 1000. */
  cacheMs?: number;
}

declare module '../../core/appOptions.ts' {
  interface ModuleOptions {
    engagement?: EngagementOptions;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    engagement: EngagementRepository;
  }
}

/**
 * Live engagement: an event's polls and the channel's popups (spec §1 admin dashboard, spec §7).
 *
 * How a page learns of them within 5 s: by asking again (polling), not by server-sent events.
 * - The watch page already asks for its live event every 3 s while it is shown (the events
 *   feature's livePolling); the poll is asked for on the same beat, and only while the page is
 *   visible, so a background tab costs nothing.
 * - Each instance answers from memory for a second (`MomentCache`): a crowd on one event costs one
 *   database read per instance a second, whatever its size and however many share an address; a
 *   flood of reads from one address costs no more. A held connection per viewer would instead be
 *   an open socket per viewer on some instance, to count and cap per address, to keep alive through
 *   proxies that close idle or buffer streams, and to fan out to through the database's notices.
 * - Instances stay stateless: what any instance answers comes from the shared database and is at
 *   most a second old, so a vote counted on one instance shows on every other within that second.
 * The bound: a page asks every 3 s (ENGAGEMENT_POLL_MS) and an answer is at most 1 s old, so a
 * poll opened, a vote, a close or a popup reaches an open page within 4 s and the request's time.
 */
export default fp<EngagementOptions>(
  async (app, options) => {
    app.decorate('engagement', new EngagementRepository(app.db, options.cacheMs ?? DEFAULT_ENGAGEMENT_CACHE_MS));
    await registerConsoleRoutes(app, [engagementConsoleRoutes]);
  },
  { name: 'engagement', dependencies: ['db', 'operators'] },
);

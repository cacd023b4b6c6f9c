import type { FastifyInstance } from 'fastify';
import { schedulePeriodic } from '@grandstand/service-kit';

/**
 * Runs the key pruning job (`app.apiKeys.prune`: stale visitor keys, expired sessions) every
 * `intervalMs` while the server is up (0 turns it off); runs never overlap. Scheduled like the
 * renewal job. Each instance runs it; the deletes are idempotent, so several instances only repeat
 * cheap work.
 */
export function schedulePruning(app: FastifyInstance, intervalMs: number): void {
  schedulePeriodic(
    app,
    intervalMs,
    async () => {
      const summary = await app.apiKeys.prune();
      if (summary.visitorKeys + summary.sessions > 0) app.log.info(summary, 'pruned api keys');
    },
    'api key pruning failed',
  );
}

import type { FastifyInstance } from 'fastify';

/**
 * Runs the key pruning job (`app.apiKeys.prune`: stale visitor keys, expired sessions) every
 * `intervalMs` while the server is up (0 turns it off); runs never overlap. Scheduled like the
 * renewal job. Each instance runs it; the deletes are idempotent, so several instances only repeat
 * cheap work.
 */
export function schedulePruning(app: FastifyInstance, intervalMs: number): void {
  if (!(intervalMs > 0)) return;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return;
      running = app.apiKeys
        .prune()
        .then((summary) => {
          if (summary.visitorKeys + summary.sessions > 0) app.log.info(summary, 'pruned api keys');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'api key pruning failed'))
        .finally(() => {
          running = null;
        });
    }, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    // The caller closes the database after the app: let a run in progress finish first.
    await running;
  });
}

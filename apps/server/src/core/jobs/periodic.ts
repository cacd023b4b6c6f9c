import type { FastifyInstance } from 'fastify';

/**
 * Runs `run` every `intervalMs` while the server is up (0 or less turns it off). Runs never
 * overlap: a tick that finds the last run still going is skipped. A failed run is logged with
 * `failure`; closing the app waits for a run in progress, since the caller closes the database
 * after the app.
 */
export function schedulePeriodic(app: FastifyInstance, intervalMs: number, run: () => Promise<void>, failure: string): void {
  if (!(intervalMs > 0)) return;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return;
      running = run()
        .catch((error: unknown) => app.log.error({ err: error }, failure))
        .finally(() => {
          running = null;
        });
    }, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}

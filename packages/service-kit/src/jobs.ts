import type { FastifyInstance } from 'fastify';

export interface PeriodicOptions {
  /** Run once when the app is ready too (it is ready once that run is over), not only after the first interval. */
  atReady?: boolean;
}

/**
 * Runs `run` every `intervalMs` while the app is up (0 or less: no interval). Runs never overlap:
 * a tick that finds the last run still going is skipped. A failed run is logged with `failure` and
 * the next tick runs again. Closing the app waits for a run in progress, since the caller closes
 * its database or store after the app.
 */
export function schedulePeriodic(app: FastifyInstance, intervalMs: number, run: () => Promise<void>, failure: string, options: PeriodicOptions = {}): void {
  const atReady = options.atReady ?? false;
  if (!(intervalMs > 0) && !atReady) return;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const tick = (): Promise<void> =>
    (running ??= Promise.resolve()
      .then(run)
      .catch((error: unknown) => app.log.error({ err: error }, failure))
      .finally(() => {
        running = null;
      }));
  app.addHook('onReady', async () => {
    if (atReady) await tick();
    if (!(intervalMs > 0)) return;
    timer = setInterval(() => void tick(), intervalMs);
    // A timer alone never keeps the process up: it stops with the app.
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}

import type { FastifyContextConfig, FastifyInstance } from 'fastify';

export interface HealthRouteOptions<T> {
  /** Where a probe asks (`/health`, `/healthz`). */
  path: string;
  /** The answer: what an operator should act on before users notice. Nothing of any user. */
  report: () => T | Promise<T>;
  /** The route's config (a service's own guards read it, e.g. to leave the route unkeyed). */
  config?: FastifyContextConfig;
}

/**
 * A probe's `GET` route: the service answers, with `report()`'s figures. `Cache-Control: no-store`:
 * a probe must see this moment, never a cache's copy of an earlier one. A `report` that fails
 * answers the error handler's 500, which a probe counts as down.
 */
export function healthRoute<T>(app: FastifyInstance, options: HealthRouteOptions<T>): void {
  app.get(options.path, { config: options.config ?? {} }, async (_request, reply) => reply.header('Cache-Control', 'no-store').send(await options.report()));
}

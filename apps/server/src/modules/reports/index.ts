import fp from 'fastify-plugin';
import { registerConsoleRoutes } from '../operators/index.ts';
import { audienceSource, DEFAULT_AUDIENCE_TIMEOUT_MS } from './audience.ts';
import reportsRoutes from './routes.ts';

// The reports: the control room's figures (spec §1, admin dashboard: reports) under /api/console/reports.
export { REPORT_READERS, REPORT_WRITERS } from './routes.ts';
export { countShareOpen } from './repository.ts';
export { reportsMigrations } from './migration.ts';

export interface ReportsOptions {
  /** The analytics service (`ANALYTICS_URL`, `ANALYTICS_ADMIN_TOKEN`); null: its figures are "not configured". */
  analytics: { url: string; adminToken: string } | null;
  /** How long the reports wait for the analytics service before leaving its figures out. */
  analyticsTimeoutMs?: number;
}

/**
 * The reports' calls, beside the operators' under /api/console and guarded by their
 * `requireConsole` (a session or an integration token, never the viewers' api key).
 */
export default fp<ReportsOptions>(
  async (app, options) => {
    const audience = audienceSource(options.analytics, app.log, options.analyticsTimeoutMs ?? DEFAULT_AUDIENCE_TIMEOUT_MS);
    await registerConsoleRoutes(app, [async (scope) => scope.register(reportsRoutes, { audience })]);
  },
  { name: 'reports', dependencies: ['db', 'operators'] },
);

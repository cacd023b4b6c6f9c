import type { RequestErrorReport } from '@grandstand/api-client';

/** Reports sent at most from one page: a failing call in a loop must not flood the service. */
export const MAX_REPORTS_PER_PAGE = 20;

export type ErrorReporter = (report: RequestErrorReport) => void;

/** The lazy chunk's one function: sends a report, resolving whether the service took it. */
export type SendErrorReport = (dsn: string, report: RequestErrorReport) => Promise<boolean>;

/**
 * The request error reporter of spec §7 for the channel's `error_dsn`, or null when there is none
 * (nothing is ever sent then). The Sentry code loads with the first report, in its own chunk.
 * Reports are for observability only: a failure to send one is swallowed.
 *
 * @example client.onRequestError(createErrorReporter(settings.error_dsn) ?? (() => {}))
 */
export function createErrorReporter(dsn: string | null, load: () => Promise<{ sendErrorReport: SendErrorReport }> = () => import('./sentry.ts')): ErrorReporter | null {
  if (!dsn) return null;
  let sent = 0;
  return (report) => {
    if (sent >= MAX_REPORTS_PER_PAGE) return;
    sent += 1;
    load()
      .then(({ sendErrorReport }) => sendErrorReport(dsn, report))
      .catch(() => undefined);
  };
}

import type { ApiError } from './ApiError.ts';

export interface RequestErrorReport {
  /** ISO date of the failure. */
  date: string;
  status: number | null;
  message: string;
  requestData: unknown;
  url: string;
}

/** Reports a failure (spec §7) and raises the crash error when its status is one of `crashCodes`. */
export type Fail = (error: ApiError, requestData: unknown, crashCodes: readonly string[] | undefined) => void;

export interface ErrorReports {
  /** Hands the failure's report to every reporter; false when it is not reported (canceled, or reported before). */
  report(error: ApiError, requestData: unknown): boolean;
  /** Adds a reporter; returns its removal. */
  subscribe(listener: (report: RequestErrorReport) => void): () => void;
}

export interface ErrorReportsOptions {
  now: () => number;
  /** The reporter the client starts with. */
  reporter?: ((report: RequestErrorReport) => void) | undefined;
}

/** spec §7: the request error reports, one per failure, never for a canceled request. */
export function createErrorReports(options: ErrorReportsOptions): ErrorReports {
  const reporters = new Set<(report: RequestErrorReport) => void>();
  if (options.reporter) reporters.add(options.reporter);
  const reported = new WeakSet<ApiError>();
  return {
    report(error, requestData) {
      if (error.kind === 'canceled' || reported.has(error)) return false;
      reported.add(error);
      const report: RequestErrorReport = { date: new Date(options.now()).toISOString(), status: error.status, message: error.message, requestData, url: error.url };
      for (const reporter of [...reporters]) {
        try {
          reporter(report);
        } catch {
          // Reports are for observability only; a failing reporter never changes the outcome.
        }
      }
      return true;
    },
    subscribe(listener) {
      // A wrapper, so the same function added twice is two subscriptions, each removed on its own.
      const entry = (report: RequestErrorReport) => listener(report);
      reporters.add(entry);
      return () => {
        reporters.delete(entry);
      };
    },
  };
}

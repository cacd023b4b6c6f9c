import type { DuckDBConnection } from '@duckdb/node-api';
import { z } from 'zod';
import { MAX_DAYS, type Period } from './period.ts';
import { ReportQueries, type ReportQueriesOptions } from './queries.ts';
import type { Summary } from './summary.ts';

/**
 * The figures the channel server's control room reads (`POST /admin/report`, the admin token):
 * one channel's audience for a period, as JSON. Revenue is not among them: the control room counts
 * the server's own settled charges, and the funnel's `purchase_success` (a browser's claim, with
 * whatever amount it sent) is a step count here and never money.
 */

const DAY_MS = 86_400_000;

const instant = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time' }).transform((value) => new Date(value));

/** `{ channel, from, to }`: [from, to), at most MAX_DAYS long. */
export const ReportBody = z.object({ channel: z.string().min(1).max(64), from: instant, to: instant }).superRefine((body, context) => {
  // A date that was not read is already named by its own issue.
  if (!(body.from instanceof Date) || !(body.to instanceof Date)) return;
  const from = body.from.getTime();
  const to = body.to.getTime();
  if (from >= to) context.addIssue({ code: 'custom', path: ['to'], message: 'must be after from' });
  else if (to - from > MAX_DAYS * DAY_MS) context.addIssue({ code: 'custom', path: ['from'], message: `must be at most ${MAX_DAYS} days before to` });
});
export type ReportBody = z.output<typeof ReportBody>;

export interface AdminReport {
  channel: string;
  from: string;
  to: string;
  generated_at: string;
  live_viewers: number;
  views: number;
  unique_viewers: number;
  watch_seconds: number;
  watch_time: Summary['watch_time'];
  funnel: Summary['funnel']['steps'];
  /** Seconds watched of every event in the period (not only the top ones): the revenue share's weights. */
  event_seconds: Array<{ stream_id: number; seconds: number }>;
}

const EVENT_SECONDS_SQL = `
SELECT stream_id, sum(viewing_seconds)::DOUBLE AS seconds
FROM events
WHERE channel = $1 AND received_at >= $2::TIMESTAMPTZ AND received_at < $3::TIMESTAMPTZ
  AND kind = 'viewing' AND stream_id IS NOT NULL
GROUP BY stream_id
ORDER BY stream_id`;

/** The admin report over a connection of its own (reads only), with its own rollup of closed days. */
export class AdminReports {
  readonly #connection: DuckDBConnection;
  readonly #queries: ReportQueries;

  constructor(connection: DuckDBConnection, options: ReportQueriesOptions = {}) {
    this.#connection = connection;
    this.#queries = new ReportQueries(connection, options);
  }

  async report(channel: string, period: Period, now: Date): Promise<AdminReport> {
    const summary = await this.#queries.summary(channel, period, now);
    const reader = await this.#connection.runAndReadAll(EVENT_SECONDS_SQL, [channel, period.from.toISOString(), period.to.toISOString()]);
    const rows = reader.getRowObjectsJS() as Array<{ stream_id: unknown; seconds: unknown }>;
    return {
      channel,
      from: summary.from,
      to: summary.to,
      generated_at: summary.generated_at,
      live_viewers: summary.live_viewers,
      views: summary.views,
      unique_viewers: summary.unique_viewers,
      watch_seconds: summary.watch_seconds,
      watch_time: summary.watch_time,
      funnel: summary.funnel.steps,
      event_seconds: rows.map((row) => ({ stream_id: Number(row.stream_id), seconds: Number(row.seconds) })),
    };
  }
}

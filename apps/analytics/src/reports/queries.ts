import type { DuckDBConnection } from '@duckdb/node-api';
import type { Period } from './period.ts';
import { FIGURE_SOURCES, FUNNEL_STEPS, TOP, type Summary, type WatchRow } from './summary.ts';

/**
 * The operator's reports, as SQL over the one `events` table.
 *
 * Speed over ten million rows comes from three things:
 * - every scan of `events` filters on `channel` and a `received_at` range first: rows are appended
 *   in time order, so DuckDB skips whole row groups by their min/max and reads only the columns
 *   named (never `extras`: ingest has copied what a report needs into columns);
 * - distinct counts run on 64-bit hashes of the ids rather than the strings (a collision among
 *   millions of ids has odds below one in a million, and can only lower a count by one);
 * - whole UTC days that are over never change (`received_at` is the service's own clock), so their
 *   figures are rolled up once into small per-day tables (`reports_rollup_<n>`, an in-memory database
 *   attached to the connection: the store's file is only read). A report reads the rolled-up days
 *   and scans `events` only for the partial days at either end of its period. Distinct counts stay
 *   exact across days because the rollup keeps each day's distinct ids, not their count.
 *
 * A report rolls up the days it needs that were never rolled up; `refresh` (the plugin calls it when
 * the app is ready and then every `ttlMs`, default an hour) rolls up the missing ones and rebuilds
 * those older than `ttlMs`, a month at a time, so a viewer erased from `events` leaves the figures
 * of past days within about that time and no report waits for a long rebuild.
 */

export { FUNNEL_STEPS, TOP } from './summary.ts';
export type { EventWatchRow, FunnelStep, Summary, WatchRow } from './summary.ts';

const LIVE_WINDOW_SECONDS = 60;
const DAY_MS = 86_400_000;
/** A day is rolled up once it has been over this long: the last group commits have landed. */
const CLOSE_MARGIN_MS = 5 * 60_000;
/** The rollup database's name in the SQL below; each ReportQueries attaches its own. */
const R = 'reports_rollup';
let attached = 0;

const FUNNEL_LIST = FUNNEL_STEPS.map((step) => `'${step}'`).join(', ');
/** The site's own events the reports count beside the funnel: page views and logins. */
const SITE_LIST = `'visit_page', 'login'`;
/** The streams that are not an event's (spec §7 video calls from the on-demand library and clips). */
const OTHER_STREAMS = `'vod_media', 'clip'`;
const VIEW_STARTED = `kind = 'video' AND event IN ('first_frame', 'start') AND video_view_uuid IS NOT NULL`;
const FIRST_FRAME = `kind = 'video' AND event = 'first_frame' AND ttff_ms IS NOT NULL`;

/**
 * The rows of `events` a report scans itself: parameters $1 channel, $2 from, $3 to, and [$4, $5)
 * the span read from the rollup instead (empty when $4 = $5 = $3). Two plain ranges rather than
 * one range with a hole, so each keeps its row-group skipping.
 */
function raw(columns: string, where: string, table = 'events', time = 'received_at'): string {
  const day = `(${time} AT TIME ZONE 'UTC')::DATE AS day`;
  return `
    SELECT ${columns}, ${day} FROM ${table}
    WHERE channel = $1 AND ${time} >= $2::TIMESTAMPTZ AND ${time} < $4::TIMESTAMPTZ AND ${where}
    UNION ALL
    SELECT ${columns}, ${day} FROM ${table}
    WHERE channel = $1 AND ${time} >= $5::TIMESTAMPTZ AND ${time} < $3::TIMESTAMPTZ AND ${where}`;
}
/** The rolled-up days a report reads: [$6, $7). */
const ROLLED = `channel = $1 AND day >= $6::DATE AND day < $7::DATE`;

// The rows each statement scans, once: a statement's shapes all read the same `src`.
const SOURCES = {
  video: () => raw('kind, event, user_id, session_uuid, video_view_uuid, ttff_ms, viewing_seconds', `kind IN ('video', 'viewing')`),
  // Watch time by event counts the events' streams (live and their recordings): a library video's
  // or a clip's id is not an event's, so theirs count in the totals and the tags only.
  watch: () => raw(`CASE WHEN stream_type IN (${OTHER_STREAMS}) THEN NULL ELSE stream_id END AS stream_id, stream_title, sport, school, team, viewing_seconds`, `kind = 'viewing'`),
  // The site's events: the purchase funnel, page views and logins (one scan, counted per event).
  funnel: () =>
    raw('event, session_uuid, reason', `kind = 'event' AND event IN (${FUNNEL_LIST}, ${SITE_LIST})`),
  // Revenue: the channel server's own settled charges (`payments`), by when they were paid. The
  // browsers' purchase_success events count in the funnel only: anyone holding the public profile
  // key can send one, with any amount.
  payments: () => raw('currency, product_type, product_id, product_name, amount', 'TRUE', 'payments', 'paid_at'),
} as const;

// Each shape is what one rollup table holds per day, computed from the rows of its source `src`.
const SHAPES = {
  viewers: {
    source: 'video',
    columns: 'day DATE, h UBIGINT',
    select: `SELECT DISTINCT day, hash(coalesce(user_id::VARCHAR, session_uuid)) AS h FROM src`,
  },
  views: {
    source: 'video',
    columns: 'day DATE, h UBIGINT',
    select: `SELECT DISTINCT day, hash(video_view_uuid) AS h FROM src WHERE ${VIEW_STARTED}`,
  },
  ttff: {
    source: 'video',
    columns: 'day DATE, ttff_ms DOUBLE',
    select: `SELECT day, ttff_ms FROM src WHERE ${FIRST_FRAME}`,
  },
  sums: {
    source: 'video',
    columns: 'day DATE, errors BIGINT, watch_seconds DOUBLE',
    select: `
      SELECT day, count(*) FILTER (WHERE kind = 'video' AND event = 'error') AS errors,
             coalesce(sum(viewing_seconds) FILTER (WHERE kind = 'viewing'), 0)::DOUBLE AS watch_seconds
      FROM src GROUP BY day`,
  },
  watch: {
    source: 'watch',
    columns: 'day DATE, dim VARCHAR, stream_id BIGINT, tag VARCHAR, title VARCHAR, seconds DOUBLE',
    select: `
      SELECT day,
        CASE WHEN GROUPING(stream_id) = 0 THEN 'event' WHEN GROUPING(sport) = 0 THEN 'sport'
             WHEN GROUPING(school) = 0 THEN 'school' ELSE 'team' END AS dim,
        stream_id, coalesce(sport, school, team) AS tag, max(stream_title) AS title,
        sum(viewing_seconds)::DOUBLE AS seconds
      FROM src
      GROUP BY GROUPING SETS ((day, stream_id), (day, sport), (day, school), (day, team))
      HAVING GROUPING(stream_id) = 1 OR stream_id IS NOT NULL`,
  },
  funnel_sessions: {
    source: 'funnel',
    columns: 'day DATE, event VARCHAR, h UBIGINT',
    select: `SELECT DISTINCT day, event, hash(session_uuid) AS h FROM src`,
  },
  funnel: {
    source: 'funnel',
    columns: 'day DATE, event VARCHAR, reason VARCHAR, events BIGINT',
    select: `
      SELECT day, event, CASE WHEN event = 'purchase_failed' THEN coalesce(reason, 'unknown') END AS reason, count(*) AS events
      FROM src GROUP BY ALL`,
  },
  revenue: {
    source: 'payments',
    columns: 'day DATE, currency VARCHAR, product_type VARCHAR, product_id BIGINT, product_name VARCHAR, amount DECIMAL(38, 2), purchases BIGINT',
    select: `
      SELECT day, currency, product_type, product_id, max(product_name) AS product_name,
             coalesce(sum(amount), 0)::DECIMAL(38, 2) AS amount, count(*) AS purchases
      FROM src GROUP BY day, currency, product_type, product_id`,
  },
} as const;
type ShapeName = keyof typeof SHAPES;

/** A statement's scan of `events`, read once however many shapes use it. */
function source(name: keyof typeof SOURCES): string {
  return `src AS MATERIALIZED (${SOURCES[name]()})`;
}

/** A shape's rows over the report's period: the rolled-up days, then the scanned partial days. */
function part(name: ShapeName, columns: string, from = 'src'): string {
  return `
    SELECT ${columns} FROM ${R}.${name} WHERE ${ROLLED}
    UNION ALL
    SELECT ${columns} FROM (${SHAPES[name].select.replaceAll('FROM src', `FROM ${from}`)})`;
}

export const LIVE_SQL = `
SELECT count(DISTINCT session_uuid) AS live
FROM events
WHERE channel = $1
  AND received_at > $2::TIMESTAMPTZ - INTERVAL ${LIVE_WINDOW_SECONDS} SECOND
  AND received_at <= $2::TIMESTAMPTZ
  AND kind IN ('video', 'viewing')`;

export const PLAYBACK_SQL = `
WITH ${source('video')},
viewers AS (${part('viewers', 'h')}),
views AS (${part('views', 'h')}),
ttff AS (${part('ttff', 'ttff_ms')}),
sums AS (${part('sums', 'errors, watch_seconds')})
SELECT
  (SELECT count(DISTINCT h) FROM views) AS views,
  (SELECT count(DISTINCT h) FROM viewers) AS unique_viewers,
  (SELECT quantile_cont(ttff_ms, [0.5, 0.9]) FROM ttff) AS ttff,
  (SELECT coalesce(sum(errors), 0) FROM sums) AS errors,
  (SELECT coalesce(sum(watch_seconds), 0)::DOUBLE FROM sums) AS watch_seconds`;

export const WATCH_SQL = `
WITH ${source('watch')},
parts AS (${part('watch', 'dim, stream_id, tag, title, seconds')}),
totals AS (
  SELECT dim, stream_id, tag, max(title) AS title, sum(seconds)::DOUBLE AS seconds
  FROM parts GROUP BY dim, stream_id, tag
)
SELECT dim, stream_id, tag, title, seconds
FROM totals
QUALIFY row_number() OVER (PARTITION BY dim ORDER BY seconds DESC, stream_id, tag NULLS LAST) <= ${TOP}
ORDER BY dim, seconds DESC, stream_id, tag NULLS LAST`;

export const COMMERCE_SQL = `
WITH ${source('funnel')},
pay AS MATERIALIZED (${SOURCES.payments()}),
sessions AS (${part('funnel_sessions', 'event, h')}),
counts AS (${part('funnel', 'event, reason, events')}),
revenue AS (${part('revenue', 'day, currency, product_type, product_id, product_name, amount, purchases', 'pay')}),
steps AS (
  SELECT c.event, c.events, s.sessions
  FROM (SELECT event, sum(events) AS events FROM counts GROUP BY event) c
  LEFT JOIN (SELECT event, count(DISTINCT h) AS sessions FROM sessions GROUP BY event) s USING (event)
)
SELECT 'step' AS dim, event AS label, NULL::VARCHAR AS cur, NULL::VARCHAR AS product_type, NULL::BIGINT AS product_id,
       events, sessions, NULL::DOUBLE AS amount
FROM steps
UNION ALL
SELECT 'reason', reason, NULL, NULL, NULL, sum(events), NULL, NULL
FROM counts WHERE event = 'purchase_failed' GROUP BY reason
UNION ALL
SELECT 'day', strftime(day, '%Y-%m-%d'), currency, NULL, NULL, sum(purchases), NULL, sum(amount)::DOUBLE
FROM revenue GROUP BY day, currency
UNION ALL
SELECT 'product', max(product_name), currency, product_type, product_id, sum(purchases), NULL, sum(amount)::DOUBLE
FROM revenue GROUP BY product_type, product_id, currency
UNION ALL
SELECT 'total', NULL, currency, NULL, NULL, sum(purchases), NULL, sum(amount)::DOUBLE
FROM revenue GROUP BY currency`;

type Row = Record<string, unknown>;

function num(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  return 0;
}
function numOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : num(value);
}
function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
function dayStart(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}
function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export interface SummaryTimings {
  rollup: number;
  live: number;
  playback: number;
  watch: number;
  commerce: number;
}

export interface ReportQueriesOptions {
  /** Roll up closed days (default true); off, every report scans `events` for its whole period. */
  rollups?: boolean;
  /** How long a rolled-up day is trusted before `refresh` rebuilds it (default an hour). */
  ttlMs?: number;
}

/** The reports over one DuckDB connection, with the rollup of closed days it keeps. */
export class ReportQueries {
  readonly #connection: DuckDBConnection;
  readonly #rollups: boolean;
  readonly #ttlMs: number;
  /** channel → day start (ms) → when it was rolled up (ms) */
  readonly #built = new Map<string, Map<number, number>>();
  #ready: Promise<void> | undefined;
  /** This instance's rollup database: two instances on one DuckDB never share (or race on) one. */
  readonly rollupDatabase = `${R}_${++attached}`;
  readonly #sql: { playback: string; watch: string; commerce: string };
  /** Rollup rebuilds and the reports reading them take turns, so none reads a half-built day. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(connection: DuckDBConnection, options: ReportQueriesOptions = {}) {
    this.#connection = connection;
    this.#rollups = options.rollups ?? true;
    this.#ttlMs = options.ttlMs ?? 60 * 60_000;
    const own = (sql: string) => sql.replaceAll(`${R}.`, `${this.rollupDatabase}.`);
    this.#sql = { playback: own(PLAYBACK_SQL), watch: own(WATCH_SQL), commerce: own(COMMERCE_SQL) };
  }

  #init(): Promise<void> {
    this.#ready ??= (async () => {
      await this.#connection.run(`ATTACH IF NOT EXISTS ':memory:' AS ${this.rollupDatabase}`);
      for (const [name, shape] of Object.entries(SHAPES)) {
        await this.#connection.run(`CREATE TABLE IF NOT EXISTS ${this.rollupDatabase}.${name} (channel VARCHAR NOT NULL, ${shape.columns})`);
      }
    })();
    return this.#ready;
  }

  /** Rolls up the closed whole days inside `period` that are missing or stale; returns the span covered. */
  async #cover(channel: string, period: Period, now: Date, rebuildStale = false): Promise<{ from: number; to: number } | null> {
    if (!this.#rollups) return null;
    const first = dayStart(period.from.getTime() + DAY_MS - 1);
    const end = Math.min(dayStart(period.to.getTime()), dayStart(now.getTime() - CLOSE_MARGIN_MS));
    if (end <= first) return null;
    let built = this.#built.get(channel);
    if (!built) this.#built.set(channel, (built = new Map()));
    let missingFrom = Infinity;
    let missingTo = -Infinity;
    for (let day = first; day < end; day += DAY_MS) {
      const at = built.get(day);
      if (at === undefined || (rebuildStale && at + this.#ttlMs <= now.getTime())) {
        missingFrom = Math.min(missingFrom, day);
        missingTo = Math.max(missingTo, day + DAY_MS);
      }
    }
    if (missingTo > missingFrom) {
      const span = [channel, new Date(missingFrom).toISOString(), new Date(missingTo).toISOString()];
      const scan = [...span, span[2] as string, span[2] as string];
      for (const [name, shape] of Object.entries(SHAPES)) {
        await this.#connection.run(`DELETE FROM ${this.rollupDatabase}.${name} WHERE channel = $1 AND day >= $2::DATE AND day < $3::DATE`, [
          channel,
          isoDay(missingFrom),
          isoDay(missingTo),
        ]);
        await this.#connection.run(`INSERT INTO ${this.rollupDatabase}.${name} WITH src AS (${SOURCES[shape.source]()}) SELECT $1, * FROM (${shape.select})`, scan);
      }
      for (let day = missingFrom; day < missingTo; day += DAY_MS) built.set(day, now.getTime());
    }
    return { from: first, to: end };
  }

  async #rows(sql: string, values: string[]): Promise<Row[]> {
    const reader = await this.#connection.runAndReadAll(sql, values);
    return reader.getRowObjectsJS() as Row[];
  }

  /**
   * The statements of one report run, ready to time one by one (the benchmark) or all at once.
   * Rolls up what the period needs first.
   */
  async prepare(channel: string, period: Period, now: Date) {
    // The statements name the rollup tables even when they read no day from them.
    await this.#init();
    const covered = await this.#cover(channel, period, now);
    const to = period.to.toISOString();
    const values = covered
      ? [channel, period.from.toISOString(), to, new Date(covered.from).toISOString(), new Date(covered.to).toISOString(), isoDay(covered.from), isoDay(covered.to)]
      : [channel, period.from.toISOString(), to, to, to, '1970-01-01', '1970-01-01'];
    return {
      live: () => this.#rows(LIVE_SQL, [channel, now.toISOString()]),
      playback: () => this.#rows(this.#sql.playback, values),
      watch: () => this.#rows(this.#sql.watch, values),
      commerce: () => this.#rows(this.#sql.commerce, values),
    };
  }

  get ttlMs(): number {
    return this.#ttlMs;
  }

  /**
   * Rolls up a channel's closed days over `days` up to `now`, newest month first, rebuilding stale
   * ones; each month takes its own turn, so a report asked meanwhile waits for one month at most.
   */
  async refresh(channel: string, now: Date, days: number): Promise<void> {
    if (!this.#rollups) return;
    const oldest = now.getTime() - days * DAY_MS;
    for (let to = now.getTime(); to > oldest; to -= 30 * DAY_MS) {
      const period = { from: new Date(Math.max(oldest, to - 30 * DAY_MS)), to: new Date(to) };
      const run = this.#queue.then(async () => {
        await this.#init();
        await this.#cover(channel, period, now, true);
      });
      this.#queue = run.catch(() => undefined);
      await run;
    }
  }

  /** Every report for one channel and period, with `now` the instant "live" is measured at. */
  summary(channel: string, period: Period, now: Date, timings?: SummaryTimings): Promise<Summary> {
    const run = this.#queue.then(() => this.#summary(channel, period, now, timings));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #summary(channel: string, period: Period, now: Date, timings?: SummaryTimings): Promise<Summary> {
    const t0 = performance.now();
    const statements = await this.prepare(channel, period, now);
    if (timings) timings.rollup = performance.now() - t0;
    const timed = async (name: Exclude<keyof SummaryTimings, 'rollup'>) => {
      const start = performance.now();
      const result = await statements[name]();
      if (timings) timings[name] = performance.now() - start;
      return result;
    };
    const [live, playback, watch, commerce] = await Promise.all([timed('live'), timed('playback'), timed('watch'), timed('commerce')]);
    return shape(channel, period, now, live, playback, watch, commerce);
  }
}

function shape(channel: string, period: Period, now: Date, live: Row[], playback: Row[], watch: Row[], commerce: Row[]): Summary {
  const p = playback[0] ?? {};
  const views = num(p.views);
  const errors = num(p.errors);
  const byDim = (dim: string) => watch.filter((row) => row.dim === dim);
  const tagRows = (dim: string): WatchRow[] => byDim(dim).map((row) => ({ key: str(row.tag), seconds: num(row.seconds) }));
  const of = (dim: string) => commerce.filter((row) => row.dim === dim);
  const steps = new Map(of('step').map((row) => [row.label, row]));
  const byAmount = (a: { amount: number }, b: { amount: number }) => b.amount - a.amount;

  return {
    channel,
    from: period.from.toISOString(),
    to: period.to.toISOString(),
    generated_at: now.toISOString(),
    sources: FIGURE_SOURCES,
    live_viewers: num(live[0]?.live),
    views,
    unique_viewers: num(p.unique_viewers),
    watch_seconds: num(p.watch_seconds),
    watch_time: {
      by_event: byDim('event').map((row) => ({ stream_id: num(row.stream_id), title: str(row.title), seconds: num(row.seconds) })),
      by_sport: tagRows('sport'),
      by_school: tagRows('school'),
      by_team: tagRows('team'),
    },
    playback: {
      ttff_median_ms: Array.isArray(p.ttff) ? numOrNull(p.ttff[0]) : null,
      ttff_p90_ms: Array.isArray(p.ttff) ? numOrNull(p.ttff[1]) : null,
      errors,
      error_rate: views > 0 ? errors / views : null,
    },
    site: {
      page_views: num(steps.get('visit_page')?.events),
      visitors: num(steps.get('visit_page')?.sessions),
      logins: num(steps.get('login')?.events),
    },
    funnel: {
      steps: FUNNEL_STEPS.map((step) => {
        const row = steps.get(step);
        return { step, events: num(row?.events), sessions: num(row?.sessions) };
      }),
      failed_by_reason: of('reason')
        .map((row) => ({ reason: str(row.label) ?? 'unknown', events: num(row.events) }))
        .sort((a, b) => b.events - a.events || a.reason.localeCompare(b.reason)),
    },
    revenue: {
      total: of('total')
        .map((row) => ({ currency: str(row.cur) ?? '', amount: num(row.amount), purchases: num(row.events) }))
        .sort(byAmount),
      by_day: of('day')
        .map((row) => ({ day: str(row.label) ?? '', currency: str(row.cur) ?? '', amount: num(row.amount), purchases: num(row.events) }))
        .sort((a, b) => a.day.localeCompare(b.day) || a.currency.localeCompare(b.currency)),
      by_product: of('product')
        .map((row) => ({
          product_type: str(row.product_type),
          product_id: numOrNull(row.product_id),
          product_name: str(row.label),
          currency: str(row.cur) ?? '',
          amount: num(row.amount),
          purchases: num(row.events),
        }))
        .sort((a, b) => byAmount(a, b) || (a.product_id ?? 0) - (b.product_id ?? 0)),
    },
  };
}

import { z } from 'zod';

/**
 * The control room's reports (`/api/console/reports…`), read by owners and analysts (spec §1,
 * admin dashboard: reports). Two sources, kept apart on screen:
 * - the channel server's own rows (`ReportsOverview`, `RevenueShareStatement`): paid orders and
 *   their settled charges, refunds and comps apart, new viewers, clips made and shared. Nothing a
 *   browser reports is counted in money.
 * - the analytics service's figures (`ReportsAudience`): viewers now, watch time, the purchase
 *   funnel, reported by the viewers' browsers and so indicative only; absent when the service is
 *   not configured or does not answer (`status` says which).
 * Money is in the channel's currency, as numbers with two decimals. Days are UTC calendar days.
 */

/** The longest period a report covers, in days. */
export const REPORTS_MAX_DAYS = 400;
/** The period a report covers when none is asked for, in days (today included). */
export const REPORTS_DEFAULT_DAYS = 30;

/** A UTC calendar day, `YYYY-MM-DD`. */
export const ReportDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-09-12');

/**
 * `?from=&to=`: calendar days, both included; `to` defaults to today, `from` to 29 days before `to`.
 * Not strict: the site's api-client adds its `api_key` to every GET; unknown keys are dropped.
 */
export const ReportsQuery = z.object({ from: ReportDay.optional(), to: ReportDay.optional() });
export type ReportsQuery = z.input<typeof ReportsQuery>;

/** The period a report covered, both days included. */
const Period = z.object({ from: ReportDay, to: ReportDay });

const DayMoney = z.object({ day: ReportDay, amount: z.number(), orders: z.number().int() });
const ProductMoney = z.object({
  /** event | package | subscription */
  type: z.string(),
  productId: z.number().int(),
  name: z.string(),
  amount: z.number(),
  orders: z.number().int(),
});

/** `GET /api/console/reports/overview`: the server's own figures for the period. */
export const ReportsOverview = z.object({
  period: Period,
  currency: z.string(),
  /**
   * Settled charges (the server's succeeded transactions: purchases, first subscription payments,
   * renewals) of paid orders that were not refunded and are not comps, by the day they were charged.
   */
  revenue: z.object({ total: z.number(), orders: z.number().int(), byDay: z.array(DayMoney), byProduct: z.array(ProductMoney) }),
  /** Orders refunded, by the day they had been charged: what they had brought, now given back. */
  refunds: z.object({ total: z.number(), orders: z.number().int(), byProduct: z.array(ProductMoney) }),
  /** Comps (price 0, given by support), by the day they were given. */
  comps: z.object({ orders: z.number().int(), byProduct: z.array(ProductMoney.omit({ amount: true })) }),
  /** Viewer accounts created in the period. */
  newViewers: z.object({ total: z.number().int(), byDay: z.array(z.object({ day: ReportDay, count: z.number().int() })) }),
  /** Clips made (asked for) in the period, and clips whose share link someone other than their maker opened in it. */
  clips: z.object({
    made: z.number().int(),
    shared: z.number().int(),
    byDay: z.array(z.object({ day: ReportDay, made: z.number().int(), shared: z.number().int() })),
  }),
});
export type ReportsOverview = z.infer<typeof ReportsOverview>;

/** Why the analytics service's figures are missing: none is configured, or it did not answer well. */
export const AudienceStatus = z.enum(['ok', 'not_configured', 'unavailable']);
export type AudienceStatus = z.infer<typeof AudienceStatus>;

const WatchRow = z.object({ key: z.string().nullable(), seconds: z.number() });

/** The purchase funnel's steps, as the sites report them to the analytics service. */
export const REPORT_FUNNEL_STEPS = ['view_buy_page', 'begin_purchase', 'begin_checkout', 'purchase', 'purchase_success', 'purchase_failed'] as const;
export const ReportFunnelStep = z.enum(REPORT_FUNNEL_STEPS);
export type ReportFunnelStep = z.infer<typeof ReportFunnelStep>;

/** The analytics service's figures for the period (viewers' browsers report them: indicative). */
export const AudienceFigures = z.object({
  /** Viewers playing in the last minute. */
  liveViewers: z.number().int(),
  uniqueViewers: z.number().int(),
  views: z.number().int(),
  watchSeconds: z.number(),
  watchTime: z.object({
    byEvent: z.array(z.object({ eventId: z.number().int(), title: z.string().nullable(), seconds: z.number() })),
    bySport: z.array(WatchRow),
    bySchool: z.array(WatchRow),
    byTeam: z.array(WatchRow),
  }),
  funnel: z.array(z.object({ step: ReportFunnelStep, events: z.number().int(), sessions: z.number().int() })),
});
export type AudienceFigures = z.infer<typeof AudienceFigures>;

/** `GET /api/console/reports/audience`: the analytics service's figures, or why they are missing. */
export const ReportsAudience = z.object({
  period: Period,
  status: AudienceStatus,
  figures: AudienceFigures.nullable(),
});
export type ReportsAudience = z.infer<typeof ReportsAudience>;

/**
 * How subscription money (and category packages, which are not one school's or team's) is shared
 * among schools and teams: by the watch time of each one's games in the period, or in equal parts
 * among those with a game in the period. `percent`: what the channel pays them of what is theirs.
 */
export const ShareRule = z.enum(['watch_time', 'flat']);
export type ShareRule = z.infer<typeof ShareRule>;

export const ReportSettings = z.object({
  shareRule: ShareRule,
  /** 0 to 100, two decimals at most (the NFHS Network pays schools 10 %). */
  sharePercent: z.number().min(0).max(100).multipleOf(0.01),
});
export type ReportSettings = z.infer<typeof ReportSettings>;

/** `POST /api/console/reports/settings` (owners). */
export const ReportSettingsBody = ReportSettings.strict();
export type ReportSettingsBody = z.input<typeof ReportSettingsBody>;

export const ReportSettingsResponse = z.object({
  settings: ReportSettings,
  /** Who changed them last, and when; null while they are the defaults. */
  changedBy: z.string().nullable(),
  changedAt: z.string().nullable(),
});
export type ReportSettingsResponse = z.infer<typeof ReportSettingsResponse>;

/** One school's or team's line of a statement. */
export const ShareLine = z.object({
  /** null: the line of money no school or team is credited with. */
  id: z.number().int().nullable(),
  name: z.string(),
  /** Single events and team passes bought for its games or teams. */
  direct: z.number(),
  /** Its part of subscriptions and category packages, by the share rule. */
  pooled: z.number(),
  /** direct + pooled. */
  revenue: z.number(),
  /** What the channel owes it: revenue × percent. */
  share: z.number(),
  /** Seconds watched of its games in the period (the watch-time rule's weight); null under the flat rule. */
  watchSeconds: z.number().nullable(),
});
export type ShareLine = z.infer<typeof ShareLine>;

/** `GET /api/console/reports/revenue-share`: the period's revenue by school and by team. */
export const RevenueShareStatement = z.object({
  period: Period,
  currency: z.string(),
  settings: ReportSettings,
  /** The period's revenue (as in the overview); each list's `revenue` column sums to it exactly. */
  revenue: z.number(),
  /** Subscriptions and category packages: the money shared by the rule. */
  pooled: z.number(),
  /**
   * The watch-time rule needs the analytics service: when it is missing, pooled money is left
   * unattributed and this says why.
   */
  audience: AudienceStatus,
  bySchool: z.array(ShareLine),
  byTeam: z.array(ShareLine),
});
export type RevenueShareStatement = z.infer<typeof RevenueShareStatement>;

/** The tables `GET /api/console/reports/export.csv?table=` writes (every table the reports show). */
export const REPORT_TABLES = [
  'revenue_by_day',
  'revenue_by_product',
  'refunds',
  'comps',
  'new_viewers',
  'clips',
  'watch_by_event',
  'watch_by_sport',
  'watch_by_school',
  'watch_by_team',
  'funnel',
  'revenue_by_school',
  'revenue_by_team',
] as const;
export const ReportTable = z.enum(REPORT_TABLES);
export type ReportTable = z.infer<typeof ReportTable>;

export const ReportExportQuery = z.object({ table: ReportTable, from: ReportDay.optional(), to: ReportDay.optional() });
export type ReportExportQuery = z.input<typeof ReportExportQuery>;

export const ReportCsv = z.string().describe('CSV text (text/csv): a header line, then one line per row of the table.');

/** The refusal codes of the reports' routes (beside the field). */
export const REPORTS_ERROR_CODES = {
  invalid: 'INVALID',
  period: 'BAD_PERIOD',
} as const;

import {
  REPORTS_DEFAULT_DAYS,
  REPORTS_ERROR_CODES,
  REPORTS_MAX_DAYS,
  type ReportsAudience,
  type ReportsOverview,
  type ReportTable,
  type RevenueShareStatement,
  type ShareLine,
} from '@grandstand/contract';
import type { AudienceSource } from './audience.ts';
import { asCharges, type ChargeRow, fromCents, type ReportPeriod, type ReportsRepository } from './repository.ts';
import { shareOf, shareRevenue, type ShareSide } from './share.ts';
import { Refusal } from '../../core/refusal.ts';

const DAY_MS = 86_400_000;

/** A refusal of the reports' routes: its status, field and code. */
export class ReportsProblem extends Refusal {
  override name = 'ReportsProblem';
  declare readonly code: string;
}

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function midnight(value: string, field: string): number {
  const at = Date.parse(`${value}T00:00:00Z`);
  // Date.parse rolls 2026-02-31 over to March: refuse a day that does not exist.
  if (Number.isNaN(at) || day(at) !== value) throw new ReportsProblem(400, field, REPORTS_ERROR_CODES.invalid, `${field} must be a date that exists, like 2026-09-12.`);
  return at;
}

/** The period asked for: calendar days, both included; `to` defaults to today and `from` to 29 days before it. */
export function periodOf(query: { from?: string | undefined; to?: string | undefined }, now: Date = new Date()): ReportPeriod {
  const toMs = query.to ? midnight(query.to, 'to') : Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const fromMs = query.from ? midnight(query.from, 'from') : toMs - (REPORTS_DEFAULT_DAYS - 1) * DAY_MS;
  if (fromMs > toMs) throw new ReportsProblem(400, 'from', REPORTS_ERROR_CODES.period, 'from must be on or before to.');
  if (toMs - fromMs >= REPORTS_MAX_DAYS * DAY_MS) throw new ReportsProblem(400, 'from', REPORTS_ERROR_CODES.period, `A report covers at most ${REPORTS_MAX_DAYS} days.`);
  return { from: day(fromMs), to: day(toMs), start: new Date(fromMs), end: new Date(toMs + DAY_MS) };
}

function byProduct(rows: readonly ChargeRow[]) {
  const products = new Map<string, { type: string; productId: number; name: string; cents: number; orders: Set<number> }>();
  for (const row of rows) {
    const key = `${row.type}:${row.productId}`;
    const product = products.get(key) ?? products.set(key, { type: row.type, productId: row.productId, name: row.productName, cents: 0, orders: new Set() }).get(key)!;
    product.cents += row.cents;
    product.orders.add(row.orderId);
  }
  return [...products.values()]
    .sort((a, b) => b.cents - a.cents || a.type.localeCompare(b.type) || a.productId - b.productId)
    .map((product) => ({ type: product.type, productId: product.productId, name: product.name, amount: fromCents(product.cents), orders: product.orders.size }));
}

function money(rows: readonly ChargeRow[]) {
  return { cents: rows.reduce((sum, row) => sum + row.cents, 0), orders: new Set(rows.map((row) => row.orderId)).size };
}

export class ReportsService {
  readonly repository: ReportsRepository;
  readonly audience: AudienceSource;
  constructor(repository: ReportsRepository, audience: AudienceSource) {
    this.repository = repository;
    this.audience = audience;
  }

  async overview(channelId: number, period: ReportPeriod): Promise<ReportsOverview> {
    const paid = await this.repository.charges(channelId, period, 'paid');
    const refunded = await this.repository.charges(channelId, period, 'refunded');
    const days = new Map<string, ChargeRow[]>();
    for (const row of paid) days.set(row.day, [...(days.get(row.day) ?? []), row]);
    const revenue = money(paid);
    const refunds = money(refunded);
    return {
      period: { from: period.from, to: period.to },
      currency: await this.repository.currency(channelId),
      revenue: {
        total: fromCents(revenue.cents),
        orders: revenue.orders,
        byDay: [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([at, rows]) => ({ day: at, amount: fromCents(money(rows).cents), orders: money(rows).orders })),
        byProduct: byProduct(paid),
      },
      refunds: { total: fromCents(refunds.cents), orders: refunds.orders, byProduct: byProduct(refunded) },
      comps: await this.repository.comps(channelId, period),
      newViewers: await this.repository.newViewers(channelId, period),
      clips: await this.repository.clips(channelId, period),
    };
  }

  async audienceReport(channelSlug: string, period: ReportPeriod): Promise<ReportsAudience> {
    const audience = await this.audience.read(channelSlug, period);
    return { period: { from: period.from, to: period.to }, status: audience.status, figures: audience.figures };
  }

  async statement(channelId: number, channelSlug: string, period: ReportPeriod): Promise<RevenueShareStatement> {
    const { settings } = await this.repository.settings(channelId);
    const paid = await this.repository.charges(channelId, period, 'paid');
    const known = await this.repository.games(channelId);
    // The flat rule needs no audience figures: the service is asked only under the watch-time rule.
    const audience = settings.shareRule === 'watch_time' ? await this.audience.read(channelSlug, period) : null;
    const startS = period.start.getTime() / 1000;
    const endS = period.end.getTime() / 1000;
    const result = shareRevenue({
      charges: asCharges(paid),
      games: known.games,
      teamSchool: known.teamSchool,
      rule: settings.shareRule,
      eventSeconds: audience?.eventSeconds ?? null,
      playedEventIds: [...known.eventTimes.entries()].filter(([, at]) => at >= startS && at < endS).map(([id]) => id),
    });
    const lines = (of: ShareSide, names: Map<number, string>): ShareLine[] =>
      [...of.lines.entries()]
        .map(([id, totals]) => {
          const revenueCents = totals.direct + totals.pooled;
          return {
            id,
            name: id === null ? '' : (names.get(id) ?? `#${id}`),
            direct: fromCents(totals.direct),
            pooled: fromCents(totals.pooled),
            revenue: fromCents(revenueCents),
            // Money no school or team is credited with is owed to no one.
            share: id === null ? 0 : fromCents(shareOf(revenueCents, settings.sharePercent)),
            watchSeconds: settings.shareRule === 'watch_time' && id !== null ? totals.weight : null,
          };
        })
        // A school or team with watch time but no money in the period is not a line of the statement.
        .filter((line) => line.revenue !== 0 || line.id === null)
        // Largest first; the line of no one last.
        .sort((a, b) => (a.id === null ? 1 : 0) - (b.id === null ? 1 : 0) || b.revenue - a.revenue || a.name.localeCompare(b.name));
    return {
      period: { from: period.from, to: period.to },
      currency: await this.repository.currency(channelId),
      settings,
      revenue: fromCents(result.totalCents),
      pooled: fromCents(result.pooledCents),
      audience: audience?.status ?? 'ok',
      bySchool: lines(result.schools, known.schoolNames),
      byTeam: lines(result.teams, known.teamNames),
    };
  }

  /** One table of the reports as CSV rows (header first): every table the screens show. */
  async table(channelId: number, channelSlug: string, table: ReportTable, period: ReportPeriod): Promise<Array<Array<string | number | null>>> {
    switch (table) {
      case 'revenue_by_day':
      case 'revenue_by_product':
      case 'refunds':
      case 'comps':
      case 'new_viewers':
      case 'clips': {
        const overview = await this.overview(channelId, period);
        const cur = overview.currency;
        if (table === 'revenue_by_day') return [['day', 'orders', `amount_${cur}`], ...overview.revenue.byDay.map((row) => [row.day, row.orders, row.amount.toFixed(2)])];
        if (table === 'revenue_by_product')
          return [['type', 'product_id', 'product', 'orders', `amount_${cur}`], ...overview.revenue.byProduct.map((row) => [row.type, row.productId, row.name, row.orders, row.amount.toFixed(2)])];
        if (table === 'refunds') return [['type', 'product_id', 'product', 'orders', `amount_${cur}`], ...overview.refunds.byProduct.map((row) => [row.type, row.productId, row.name, row.orders, row.amount.toFixed(2)])];
        if (table === 'comps') return [['type', 'product_id', 'product', 'orders'], ...overview.comps.byProduct.map((row) => [row.type, row.productId, row.name, row.orders])];
        if (table === 'new_viewers') return [['day', 'new_viewers'], ...overview.newViewers.byDay.map((row) => [row.day, row.count])];
        return [['day', 'clips_made', 'clips_shared'], ...overview.clips.byDay.map((row) => [row.day, row.made, row.shared])];
      }
      case 'revenue_by_school':
      case 'revenue_by_team': {
        const statement = await this.statement(channelId, channelSlug, period);
        const cur = statement.currency;
        const rows = table === 'revenue_by_school' ? statement.bySchool : statement.byTeam;
        return [
          [table === 'revenue_by_school' ? 'school_id' : 'team_id', table === 'revenue_by_school' ? 'school' : 'team', `direct_${cur}`, `pooled_${cur}`, `revenue_${cur}`, `share_${cur}`, 'watch_seconds'],
          ...rows.map((row) => [row.id, row.id === null ? 'Not credited' : row.name, row.direct.toFixed(2), row.pooled.toFixed(2), row.revenue.toFixed(2), row.share.toFixed(2), row.watchSeconds === null ? null : Math.round(row.watchSeconds)]),
        ];
      }
      default: {
        const audience = await this.audience.read(channelSlug, period);
        if (!audience.figures) throw new ReportsProblem(503, 'table', audience.status === 'not_configured' ? 'ANALYTICS_NOT_CONFIGURED' : 'ANALYTICS_UNAVAILABLE', 'The analytics service’s figures are missing: this table cannot be exported now.');
        const watch = audience.figures.watchTime;
        if (table === 'watch_by_event') return [['event_id', 'event', 'seconds'], ...watch.byEvent.map((row) => [row.eventId, row.title, Math.round(row.seconds)])];
        if (table === 'watch_by_sport') return [['sport', 'seconds'], ...watch.bySport.map((row) => [row.key, Math.round(row.seconds)])];
        if (table === 'watch_by_school') return [['school', 'seconds'], ...watch.bySchool.map((row) => [row.key, Math.round(row.seconds)])];
        if (table === 'watch_by_team') return [['team', 'seconds'], ...watch.byTeam.map((row) => [row.key, Math.round(row.seconds)])];
        return [['step', 'events', 'sessions'], ...audience.figures.funnel.map((row) => [row.step, row.events, row.sessions])];
      }
    }
  }
}

/**
 * CSV text (RFC 4180, CRLF). A text cell that a spreadsheet would read as a formula (=, +, -, @,
 * a tab or a carriage return first) is prefixed with an apostrophe: a team named "=HYPERLINK(…)"
 * stays text in the statement a school opens.
 */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  const cell = (value: string | number | null): string => {
    if (value === null) return '';
    if (typeof value === 'number') return String(value);
    const text = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

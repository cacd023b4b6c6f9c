import type { ReportSettings, ReportSettingsResponse, ReportsOverview, ShareRule } from '@grandstand/contract';
import { sql } from 'kysely';
import type { Database } from '../../core/db/schema.ts';
import type { AuditEntryInput, ConsoleActor } from '../operators/index.ts';
import type { Charge, GameInfo } from './share.ts';
import './tables.ts';

/**
 * The reports' reads of the server's own rows. Money is counted in cents from the server's
 * succeeded `transactions` (what the card processor confirmed by a verified webhook, or a free
 * order paid at once), never from what a browser said: of paid orders only, so a refunded order's
 * charges are counted apart as refunds and a comp (price 0, `provider` comp) apart as a comp.
 */

export interface ReportPeriod {
  /** Calendar days, both included. */
  from: string;
  to: string;
  /** [start, end): from's UTC midnight to the midnight after `to`. */
  start: Date;
  end: Date;
}

export const DEFAULT_SETTINGS: ReportSettings = { shareRule: 'watch_time', sharePercent: 10 };

/** Money as the engines answer numeric(10, 2) (a string on PostgreSQL) to whole cents. */
export function toCents(value: string | number | null | undefined): number {
  return value === null || value === undefined ? 0 : Math.round(Number(value) * 100);
}
export function fromCents(cents: number): number {
  return cents / 100;
}

/** `YYYY-MM-DD` of a timestamp's UTC day, in SQL (both engines). */
function utcDay(column: string) {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`;
}

/** A paid order's succeeded charge in the period, as the reports count it. */
export interface ChargeRow {
  orderId: number;
  type: string;
  productId: number;
  productName: string;
  participantId: number | null;
  cents: number;
  day: string;
}

type Audit = (db: Database, entry: AuditEntryInput) => Promise<void>;

export class ReportsRepository {
  readonly #db: Database;
  readonly #audit: Audit;

  constructor(db: Database, audit: Audit) {
    this.#db = db;
    this.#audit = audit;
  }

  /** The channel's slug: its name in the analytics service. */
  async slug(channelId: number): Promise<string> {
    const row = await this.#db.selectFrom('channels').select('slug').where('id', '=', channelId).executeTakeFirstOrThrow();
    return row.slug;
  }

  async currency(channelId: number): Promise<string> {
    const row = await this.#db.selectFrom('channels').select('currency').where('id', '=', channelId).executeTakeFirst();
    return row?.currency ?? 'USD';
  }

  /**
   * Succeeded charges made in the period on the channel's orders of one standing: `paid` (revenue:
   * not refunded, not a comp) or `refunded`.
   */
  async charges(channelId: number, period: ReportPeriod, standing: 'paid' | 'refunded'): Promise<ChargeRow[]> {
    const rows = await this.#db
      .selectFrom('transactions as t')
      .innerJoin('orders as o', 'o.id', 't.order_id')
      .select(['o.id as orderId', 'o.type', 'o.product_id as productId', 'o.product_name as productName', 'o.participant_id as participantId', 't.amount', utcDay('t.created_at').as('day')])
      .where('o.channel_id', '=', channelId)
      .where('t.channel_id', '=', channelId)
      .where('t.status', '=', 'succeeded')
      .where('o.status', '=', standing)
      // A comp is never revenue, whatever a row says it cost.
      .where(sql<boolean>`o.provider is distinct from 'comp'`)
      .where('t.created_at', '>=', period.start)
      .where('t.created_at', '<', period.end)
      .orderBy('t.created_at')
      .orderBy('t.id')
      .execute();
    return rows.map((row) => ({
      orderId: row.orderId,
      type: row.type,
      productId: row.productId,
      productName: row.productName,
      participantId: row.participantId,
      cents: toCents(row.amount),
      day: row.day,
    }));
  }

  /** Comps given in the period (orders of price 0 with provider `comp`), by product. */
  async comps(channelId: number, period: ReportPeriod): Promise<ReportsOverview['comps']> {
    const rows = await this.#db
      .selectFrom('orders')
      .select(['type', 'product_id as productId', (eb) => eb.fn.max('product_name').as('name'), (eb) => eb.fn.countAll<string | number>().as('orders')])
      .where('channel_id', '=', channelId)
      .where('provider', '=', 'comp')
      .where('status', 'in', ['paid', 'refunded'])
      .where('created_at', '>=', period.start)
      .where('created_at', '<', period.end)
      .groupBy(['type', 'product_id'])
      .orderBy('type')
      .orderBy('product_id')
      .execute();
    const byProduct = rows.map((row) => ({ type: row.type, productId: row.productId, name: row.name, orders: Number(row.orders) }));
    return { orders: byProduct.reduce((sum, row) => sum + row.orders, 0), byProduct };
  }

  /** Rows of a channel's table created in the period, counted per UTC day. */
  async #createdByDay(table: 'users' | 'clips', channelId: number, period: ReportPeriod): Promise<Array<{ day: string; count: number }>> {
    const rows = await this.#db
      .selectFrom(table)
      .select([utcDay('created_at').as('day'), (eb) => eb.fn.countAll<string | number>().as('count')])
      .where('channel_id', '=', channelId)
      .where('created_at', '>=', period.start)
      .where('created_at', '<', period.end)
      .groupBy(sql`1`)
      .orderBy(sql`1`)
      .execute();
    return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
  }

  async newViewers(channelId: number, period: ReportPeriod): Promise<ReportsOverview['newViewers']> {
    const byDay = await this.#createdByDay('users', channelId, period);
    return { total: byDay.reduce((sum, row) => sum + row.count, 0), byDay };
  }

  async clips(channelId: number, period: ReportPeriod): Promise<ReportsOverview['clips']> {
    const made = await this.#createdByDay('clips', channelId, period);
    const shared = await this.#db
      .selectFrom('clip_share_opens')
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), (eb) => eb.fn.countAll<string | number>().as('clips')])
      .where('channel_id', '=', channelId)
      .where('day', '>=', period.from)
      .where('day', '<=', period.to)
      .groupBy(sql`1`)
      .execute();
    const distinct = await this.#db
      .selectFrom('clip_share_opens')
      .select((eb) => eb.fn.count<string | number>('clip_id').distinct().as('clips'))
      .where('channel_id', '=', channelId)
      .where('day', '>=', period.from)
      .where('day', '<=', period.to)
      .executeTakeFirst();
    const days = new Map<string, { day: string; made: number; shared: number }>();
    const at = (day: string) => days.get(day) ?? days.set(day, { day, made: 0, shared: 0 }).get(day)!;
    for (const row of made) at(row.day).made = Number(row.count);
    for (const row of shared) at(row.day).shared = Number(row.clips);
    const byDay = [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
    return {
      made: byDay.reduce((sum, row) => sum + row.made, 0),
      shared: Number(distinct?.clips ?? 0),
      byDay,
    };
  }

  /** Every game of the channel with its schools and teams, each team's school, and the names. */
  async games(channelId: number): Promise<{
    games: Map<number, GameInfo>;
    teamSchool: Map<number, number | null>;
    schoolNames: Map<number, string>;
    teamNames: Map<number, string>;
    eventTimes: Map<number, number>;
  }> {
    const events = await this.#db.selectFrom('events').select(['id', 'school_id', 'participant_ids', 'event_utc_ts', 'cancelled_at']).where('channel_id', '=', channelId).execute();
    const teams = await this.#db.selectFrom('participants').select(['id', 'name', 'participant_group_id']).where('channel_id', '=', channelId).execute();
    const schools = await this.#db.selectFrom('participant_groups').select(['id', 'name']).where('channel_id', '=', channelId).execute();
    const games = new Map<number, GameInfo>();
    const eventTimes = new Map<number, number>();
    for (const event of events) {
      games.set(event.id, { schoolIds: event.school_id === null ? [] : [event.school_id], teamIds: event.participant_ids ?? [] });
      if (event.cancelled_at === null) eventTimes.set(event.id, Number(event.event_utc_ts));
    }
    return {
      games,
      teamSchool: new Map(teams.map((team) => [team.id, team.participant_group_id])),
      schoolNames: new Map(schools.map((school) => [school.id, school.name])),
      teamNames: new Map(teams.map((team) => [team.id, team.name])),
      eventTimes,
    };
  }

  async settings(channelId: number): Promise<ReportSettingsResponse> {
    const row = await this.#db.selectFrom('report_settings').selectAll().where('channel_id', '=', channelId).executeTakeFirst();
    if (!row) return { settings: DEFAULT_SETTINGS, changedBy: null, changedAt: null };
    return {
      settings: { shareRule: row.share_rule as ShareRule, sharePercent: Number(row.share_percent) },
      changedBy: row.changed_by,
      changedAt: row.changed_at === null ? null : new Date(row.changed_at).toISOString(),
    };
  }

  /** Saves the share rule and percentage, with the audit row in the same transaction. */
  async saveSettings(actor: ConsoleActor, settings: ReportSettings): Promise<ReportSettingsResponse> {
    return this.#db.transaction().execute(async (tx) => {
      const before = await new ReportsRepository(tx, this.#audit).settings(actor.channelId);
      const values = { share_rule: settings.shareRule, share_percent: settings.sharePercent, changed_by: actor.label, changed_at: new Date() };
      await tx
        .insertInto('report_settings')
        .values({ channel_id: actor.channelId, ...values })
        .onConflict((oc) => oc.column('channel_id').doUpdateSet(values))
        .execute();
      const after = await new ReportsRepository(tx, this.#audit).settings(actor.channelId);
      await this.#audit(tx, { actor, action: 'reports.settings', subject: `channel:${actor.channelId}`, before: before.settings, after: after.settings });
      return after;
    });
  }
}

/** Charge rows as the share computation takes them. */
export function asCharges(rows: readonly ChargeRow[]): Charge[] {
  return rows.map((row) => ({
    cents: row.cents,
    type: row.type,
    eventId: row.type === 'event' ? row.productId : null,
    teamId: row.type === 'package' ? row.participantId : null,
  }));
}

/**
 * A clip's share link was opened (the shared-clip read): counted for its day. Never fails the
 * read it counts: a lost count is logged by the caller.
 */
export async function countShareOpen(db: Database, channelId: number, clipId: number, at: Date = new Date()): Promise<void> {
  const day = at.toISOString().slice(0, 10);
  await db
    .insertInto('clip_share_opens')
    .values({ clip_id: clipId, channel_id: channelId, day, opens: 1 })
    .onConflict((oc) => oc.columns(['clip_id', 'day']).doUpdateSet({ opens: sql`clip_share_opens.opens + 1` }))
    .execute();
}

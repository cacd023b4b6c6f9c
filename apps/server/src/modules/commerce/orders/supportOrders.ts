import { randomUUID } from 'node:crypto';
import type { ApiErrorBody, CardProvider, CompOrderBody, SupportCompOptions, SupportOrder, SupportOrderResponse, SupportPayment, SupportTransaction } from '@grandstand/contract';
import { SUPPORT_ERROR_CODES, SUPPORT_PAGE_SIZE } from '@grandstand/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../../core/db/schema.ts';
import type { AuditEntryInput, ConsoleActor } from '../../operators/index.ts';
import { type CardProviderApi, RefundRefusedError } from '../../payments/index.ts';
import { addTerm } from './pricing.ts';
import { Refusal } from '../../../core/refusal.ts';

/** A refusal of a support call: the field, its machine code, the HTTP status. */
export class SupportProblem extends Refusal {
  override name = 'SupportProblem';
  declare readonly code: string;
  constructor(field: string, code: string, message: string, status: number) {
    super(status, field, code, message);
  }
}

/** Answers a SupportProblem as `{ message, field, code }` with its status; anything else as the app answers it. */
export function supportErrorHandler(error: unknown, _request: FastifyRequest, reply: FastifyReply) {
  if (!(error instanceof SupportProblem)) throw error;
  const body: ApiErrorBody = { message: error.message, field: error.field, code: error.code, errors: { [error.field]: [error.message] } };
  return reply.code(error.status).send(body);
}

type AuditWriter = (db: Database, entry: AuditEntryInput) => Promise<void>;
type ProviderOf = (name: CardProvider) => CardProviderApi | null;

export const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
const nameOf = (first: string | null, last: string | null) => [first, last].filter((part) => part && part.trim() !== '').join(' ');

/** A LIKE pattern finding `text` anywhere, lower case, its wildcards taken as characters. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The day after `day` (`YYYY-MM-DD`), at 00:00 UTC: a range's end includes its last day. */
function dayAfter(day: string): Date {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

/** The orders with their viewer and team, as support lists them. */
function ordersWithViewer(db: Database, channelId: number) {
  return db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('participants as p', 'p.id', 'o.participant_id')
    .where('o.channel_id', '=', channelId)
    .select([
      'o.id',
      'o.user_id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'o.type',
      'o.product_id',
      'o.product_name',
      'p.name as team_name',
      'o.status',
      'o.activity_status',
      'o.amount',
      'o.currency',
      'o.coupon_code',
      'o.provider',
      'o.provider_ref',
      'o.created_at',
      'o.paid_at',
      'o.expires_at',
      'o.current_period_end',
      'o.refunded_at',
      'o.refund_reason',
      'o.refunded_by',
      'o.refund_provider_ref',
      'o.comp',
      'o.comp_reason',
      'o.comped_by',
    ]);
}

type ListedRow = Awaited<ReturnType<ReturnType<typeof ordersWithViewer>['executeTakeFirstOrThrow']>>;

function toSupportOrder(row: ListedRow, now: Date): SupportOrder {
  const endsAt = row.type === 'subscription' ? row.current_period_end : row.expires_at;
  const running = endsAt === null || new Date(endsAt) > now;
  return {
    id: row.id,
    viewer: { id: row.user_id, email: row.email, name: nameOf(row.first_name, row.last_name) },
    type: row.type as SupportOrder['type'],
    productId: row.product_id,
    productName: row.product_name,
    teamName: row.team_name,
    status: row.status as SupportOrder['status'],
    active: row.status === 'paid' && row.activity_status === 'active' && running,
    amount: Number(row.amount),
    currency: row.currency,
    couponCode: row.coupon_code,
    provider: row.provider,
    providerRef: row.provider_ref,
    createdAt: iso(row.created_at)!,
    paidAt: iso(row.paid_at),
    endsAt: iso(endsAt),
    refundedAt: iso(row.refunded_at),
    refundReason: row.refund_reason,
    refundedBy: row.refunded_by,
    refundProviderRef: row.refund_provider_ref,
    comp: row.comp,
    compReason: row.comp_reason,
    compedBy: row.comped_by,
  };
}

/**
 * The channel's orders as support finds, refunds and comps them (spec §3 Order, spec §9: "All
 * sales are final" for viewers; a refund is the channel's exception). Every query is scoped by the
 * operator's channel; every change is one transaction with its audit row.
 */
export class SupportOrders {
  readonly #db: Database;
  readonly #audit: AuditWriter;
  readonly #provider: ProviderOf;
  readonly #now: () => Date;

  constructor(db: Database, audit: AuditWriter, provider: ProviderOf, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#audit = audit;
    this.#provider = provider;
    this.#now = now;
  }

  async list(channelId: number, query: { email?: string | undefined; eventId?: number | undefined; from?: string | undefined; to?: string | undefined; status?: string | undefined; comp?: 'true' | 'false' | undefined; page?: number | undefined }) {
    if (query.from !== undefined && query.to !== undefined && query.to < query.from) throw new SupportProblem('to', SUPPORT_ERROR_CODES.badRange, 'The end date is before the start date.', 422);
    const page = query.page ?? 1;
    let select = ordersWithViewer(this.#db, channelId);
    if (query.email) select = select.where(sql<string>`lower(u.email)`, 'like', likePattern(query.email));
    if (query.eventId !== undefined) select = select.where('o.type', '=', 'event').where('o.product_id', '=', query.eventId);
    if (query.from !== undefined) select = select.where('o.created_at', '>=', new Date(`${query.from}T00:00:00.000Z`));
    if (query.to !== undefined) select = select.where('o.created_at', '<', dayAfter(query.to));
    if (query.status !== undefined) select = select.where('o.status', '=', query.status);
    if (query.comp !== undefined) select = select.where('o.comp', '=', query.comp === 'true');
    const [rows, count] = await Promise.all([
      select.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(SUPPORT_PAGE_SIZE).offset((page - 1) * SUPPORT_PAGE_SIZE).execute(),
      select.clearSelect().select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const now = this.#now();
    return { orders: rows.map((row) => toSupportOrder(row, now)), total: Number(count.n), page, pageSize: SUPPORT_PAGE_SIZE };
  }

  /** A viewer's orders, newest first (the viewer's detail screen). */
  async ofViewer(channelId: number, userId: number): Promise<SupportOrder[]> {
    const rows = await ordersWithViewer(this.#db, channelId).where('o.user_id', '=', userId).orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(200).execute();
    const now = this.#now();
    return rows.map((row) => toSupportOrder(row, now));
  }

  async #row(channelId: number, id: number): Promise<ListedRow> {
    const row = await ordersWithViewer(this.#db, channelId).where('o.id', '=', id).executeTakeFirst();
    // Another channel's order is as unknown as a missing one (architecture: multi-tenancy).
    if (!row) throw new SupportProblem('id', SUPPORT_ERROR_CODES.notFound, 'Order not found.', 404);
    return row;
  }

  /** The order with its charges and the provider's own record of the payment. */
  async detail(channelId: number, id: number): Promise<SupportOrderResponse> {
    const row = await this.#row(channelId, id);
    const transactions = await this.#db.selectFrom('transactions').selectAll().where('channel_id', '=', channelId).where('order_id', '=', id).orderBy('created_at').orderBy('id').execute();
    const charged = [...transactions].reverse().find((t) => t.status === 'succeeded' && t.provider_ref !== null)?.provider_ref ?? row.provider_ref;
    return {
      order: toSupportOrder(row, this.#now()),
      transactions: transactions.map(
        (t): SupportTransaction => ({
          id: t.id,
          kind: t.kind,
          status: t.status,
          amount: Number(t.amount),
          currency: t.currency,
          card: t.card_brand && t.card_last4 ? `${t.card_brand} •••• ${t.card_last4}` : null,
          providerRef: t.provider_ref,
          createdAt: iso(t.created_at)!,
        }),
      ),
      payment: await this.#payment(channelId, row.provider, charged),
    };
  }

  async #payment(channelId: number, providerName: string | null, ref: string | null): Promise<SupportPayment | null> {
    if (ref === null || (providerName !== 'sandbox' && providerName !== 'stripe')) return null;
    const provider = this.#provider(providerName);
    const dashboardUrl = providerName === 'stripe' ? `https://dashboard.stripe.com/payments/${encodeURIComponent(ref)}` : null;
    // The provider's own word when it can be read; the screen says when it could not.
    const found = provider ? await provider.lookup(channelId, ref).catch(() => null) : null;
    return { provider: providerName, ref, status: found?.status ?? null, refunded: found?.refunded ?? false, dashboardUrl };
  }

  /**
   * Gives the order's money back through its provider and ends the access it gave (status
   * `refunded`). The provider is asked first, under the order's own idempotency key, so two clicks
   * or two operators make one refund; the order then moves from `paid` once, with its audit row.
   * A comp or a trial took no money: only its access ends.
   */
  async refund(actor: ConsoleActor, id: number, reason: string): Promise<SupportOrderResponse> {
    const row = await this.#row(actor.channelId, id);
    if (row.status !== 'paid') throw new SupportProblem('id', SUPPORT_ERROR_CODES.notRefundable, `Only a paid order can be refunded; this one is ${row.status}.`, 409);
    const charge = await this.#db
      .selectFrom('transactions')
      .select(['provider_ref', 'amount'])
      .where('channel_id', '=', actor.channelId)
      .where('order_id', '=', id)
      .where('status', '=', 'succeeded')
      .where('provider_ref', 'is not', null)
      .where('amount', '>', 0)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    let refundRef: string | null = null;
    if (charge?.provider_ref && (row.provider === 'sandbox' || row.provider === 'stripe')) {
      const provider = this.#provider(row.provider);
      if (!provider) throw new SupportProblem('provider', SUPPORT_ERROR_CODES.refundFailed, `The ${row.provider} provider is not configured on this server: refund the payment from its own dashboard.`, 502);
      try {
        refundRef = (await provider.refund({ channelId: actor.channelId, orderId: id, intentId: charge.provider_ref, reason, idempotencyKey: `order-${id}` })).refundId;
      } catch (error) {
        if (error instanceof RefundRefusedError) throw new SupportProblem('id', SUPPORT_ERROR_CODES.refundFailed, `The provider refused the refund: ${error.message}`, 409);
        throw new SupportProblem('provider', SUPPORT_ERROR_CODES.refundFailed, 'The card provider could not be reached: nothing was refunded. Try again in a moment.', 502);
      }
    }
    const now = this.#now();
    await this.#db.transaction().execute(async (tx) => {
      const subscription = row.type === 'subscription' ? { auto_renew: false, sub_status: 'expired' } : {};
      const refunded = await tx
        .updateTable('orders')
        .set({ status: 'refunded', activity_status: 'inactive', refunded_at: now, refund_reason: reason, refunded_by: actor.label, refund_provider_ref: refundRef, ...subscription })
        .where('channel_id', '=', actor.channelId)
        .where('id', '=', id)
        .where('status', '=', 'paid')
        .executeTakeFirst();
      // Another operator's refund of the same order got there first: the provider answered the same refund to both.
      if (Number(refunded.numUpdatedRows) === 0) return;
      await this.#audit(tx, {
        actor,
        action: 'order.refund',
        subject: `order:${id}`,
        before: { status: row.status, amount: Number(row.amount) },
        after: { status: 'refunded', reason, refund: refundRef, amount: charge ? Number(charge.amount) : 0 },
      });
    });
    return this.detail(actor.channelId, id);
  }

  /** What a comp picks from: the channel's paid and pay-per-view events, and its passes with their teams. */
  async compOptions(channelId: number): Promise<SupportCompOptions> {
    const [events, passes] = await Promise.all([
      this.#db
        .selectFrom('events')
        .select(['id', 'name', 'event_utc_ts', 'access_type'])
        .where('channel_id', '=', channelId)
        .where('access_type', 'in', ['paid', 'ppv'])
        .where('cancelled_at', 'is', null)
        .orderBy('event_utc_ts', 'desc')
        .orderBy('id', 'desc')
        .limit(300)
        .execute(),
      this.#db.selectFrom('packages').select(['id', 'name', 'is_team_pass', 'participant_ids']).where('channel_id', '=', channelId).where('scope', '!=', 'single').orderBy('position').orderBy('id').execute(),
    ]);
    const teamIds = [...new Set(passes.flatMap((p) => (p.is_team_pass ? p.participant_ids : [])))];
    const teams = teamIds.length === 0 ? [] : await this.#db.selectFrom('participants').select(['id', 'name']).where('channel_id', '=', channelId).where('id', 'in', teamIds).execute();
    const teamName = new Map(teams.map((team) => [team.id, team.name]));
    return {
      events: events.map((e) => ({ id: e.id, name: e.name, startsAt: new Date(Number(e.event_utc_ts) * 1000).toISOString(), accessType: e.access_type })),
      passes: passes.map((p) => ({
        id: p.id,
        name: p.name,
        teams: p.is_team_pass ? p.participant_ids.flatMap((teamId) => (teamName.has(teamId) ? [{ id: teamId, name: teamName.get(teamId)! }] : [])) : [],
      })),
    };
  }

  /**
   * Gives a viewer an event or a pass at 0 (an order `paid`, amount 0, provider `comp`, marked
   * `comp`: reports count it apart from sales). It gives access as a bought one does, a pass for
   * its term from now. Refused when the viewer already holds it.
   */
  async comp(actor: ConsoleActor, body: CompOrderBody): Promise<SupportOrderResponse> {
    const channelId = actor.channelId;
    const viewer = await this.#db.selectFrom('users').select('id').where('channel_id', '=', channelId).where('id', '=', body.viewerId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!viewer) throw new SupportProblem('viewerId', SUPPORT_ERROR_CODES.notFound, 'Viewer not found.', 404);
    const now = this.#now();
    let product: { name: string; participantId: number | null; categoryId: number | null; expiresAt: Date | null };
    if (body.type === 'event') {
      const event = await this.#db.selectFrom('events').select(['name', 'access_type', 'event_category_id']).where('channel_id', '=', channelId).where('id', '=', body.productId).executeTakeFirst();
      if (!event) throw new SupportProblem('productId', SUPPORT_ERROR_CODES.unknownProduct, 'Event not found.', 422);
      if (event.access_type !== 'paid' && event.access_type !== 'ppv') throw new SupportProblem('productId', SUPPORT_ERROR_CODES.unknownProduct, 'This event is not sold: there is nothing to give.', 422);
      if (body.teamId !== undefined) throw new SupportProblem('teamId', SUPPORT_ERROR_CODES.unknownProduct, 'A team is chosen for a team pass only.', 422);
      product = { name: event.name, participantId: null, categoryId: event.event_category_id, expiresAt: null };
    } else {
      const pass = await this.#db.selectFrom('packages').select(['name', 'scope', 'is_team_pass', 'participant_ids', 'offer', 'period']).where('channel_id', '=', channelId).where('id', '=', body.productId).executeTakeFirst();
      if (!pass || pass.scope === 'single') throw new SupportProblem('productId', SUPPORT_ERROR_CODES.unknownProduct, 'Pass not found.', 422);
      if (pass.is_team_pass && body.teamId === undefined) throw new SupportProblem('teamId', SUPPORT_ERROR_CODES.teamRequired, 'Choose the team of the pass.', 422);
      if (body.teamId !== undefined && (!pass.is_team_pass || !pass.participant_ids.includes(body.teamId))) throw new SupportProblem('teamId', SUPPORT_ERROR_CODES.unknownProduct, 'This team is not one of the pass’s.', 422);
      product = { name: pass.name, participantId: body.teamId ?? null, categoryId: null, expiresAt: addTerm(now, 'package', pass.offer, pass.period) };
    }
    const held = await this.#db
      .selectFrom('orders')
      .select('id')
      .where('channel_id', '=', channelId)
      .where('user_id', '=', body.viewerId)
      .where('type', '=', body.type)
      .where('product_id', '=', body.productId)
      .where('status', '=', 'paid')
      .where('activity_status', '=', 'active')
      .where((eb) => (product.participantId === null ? eb('participant_id', 'is', null) : eb('participant_id', '=', product.participantId)))
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .executeTakeFirst();
    if (held) throw new SupportProblem('productId', SUPPORT_ERROR_CODES.alreadyOwned, `The viewer already holds this (order ${held.id}).`, 409);
    const currency = (await this.#db.selectFrom('channels').select('currency').where('id', '=', channelId).executeTakeFirstOrThrow()).currency;
    const id = await this.#db.transaction().execute(async (tx) => {
      const inserted = await tx
        .insertInto('orders')
        .values({
          channel_id: channelId,
          user_id: body.viewerId,
          type: body.type,
          status: 'paid',
          activity_status: 'active',
          product_id: body.productId,
          product_name: product.name,
          participant_id: product.participantId,
          event_category_id: product.categoryId,
          amount: 0,
          currency,
          coupon_code: null,
          idempotency_key: `comp-${randomUUID()}`,
          request_fingerprint: 'comp',
          provider: 'comp',
          paid_at: now,
          expires_at: product.expiresAt,
          comp: true,
          comp_reason: body.reason,
          comped_by: actor.label,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.#audit(tx, {
        actor,
        action: 'order.comp',
        subject: `order:${inserted.id}`,
        before: null,
        after: { viewer: body.viewerId, type: body.type, product: body.productId, team: product.participantId, reason: body.reason },
      });
      return inserted.id;
    });
    return this.detail(channelId, id);
  }
}

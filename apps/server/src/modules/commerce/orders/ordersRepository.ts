import type { ActivityStatus, Order, OrderLabel, OrderStatus, OrderType, SubscriptionStatus, Transaction, TransactionKind } from '@grandstand/contract';
import fp from 'fastify-plugin';
import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../../core/db/schema.ts';
import type { OrdersTable, TransactionsTable } from '../tables.ts';

export type OrderRow = Selectable<OrdersTable>;
export type TransactionRow = Selectable<TransactionsTable>;
export type NewOrder = Insertable<OrdersTable>;

export interface OrdersFilter {
  type?: OrderType | undefined;
  status?: OrderStatus | undefined;
  activity_status?: ActivityStatus | undefined;
  /** null: every order (spec §7: no_limit=1 unless a limit is given). */
  limit: number | null;
  offset: number;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/**
 * spec §3 order labels (product rules): refunded → Refunded; a paid, active event → Paid; a paid,
 * active package or subscription → Active; everything else → Inactive.
 */
export function orderLabel(row: Pick<OrderRow, 'status' | 'activity_status' | 'type'>): OrderLabel {
  if (row.status === 'refunded') return 'Refunded';
  if (row.status === 'paid' && row.activity_status === 'active') return row.type === 'event' ? 'Paid' : 'Active';
  return 'Inactive';
}

export function toContractTransaction(row: TransactionRow): Transaction {
  return {
    id: row.id,
    order_id: row.order_id,
    kind: row.kind as TransactionKind,
    status: row.status as Transaction['status'],
    amount: Number(row.amount),
    currency: row.currency,
    card: row.card_brand !== null && row.card_last4 !== null ? { brand: row.card_brand, last4: row.card_last4 } : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function toContractOrder(row: OrderRow, transactions: TransactionRow[]): Order {
  const isSubscription = row.type === 'subscription' && row.sub_status !== null;
  return {
    id: row.id,
    type: row.type as OrderType,
    status: row.status as OrderStatus,
    activity_status: row.activity_status as ActivityStatus,
    label: orderLabel(row),
    product: { id: row.product_id, name: row.product_name, participant_id: row.participant_id, event_category_id: row.event_category_id },
    amount: Number(row.amount),
    currency: row.currency,
    coupon: row.coupon_code,
    // spec §8: a failed order carries a popup flag.
    popup: row.status === 'failed',
    failure_reason: row.failure_reason,
    created_at: new Date(row.created_at).toISOString(),
    paid_at: iso(row.paid_at),
    expires_at: iso(row.expires_at),
    subscription: isSubscription
      ? {
          status: row.sub_status as SubscriptionStatus,
          auto_renew: row.auto_renew === true,
          renewal_label: row.auto_renew === true ? 'Auto-Renewal' : 'Auto-Renewal Cancelled',
          trial_ends_at: iso(row.trial_ends_at),
          current_period_end: iso(row.current_period_end),
        }
      : null,
    transactions: transactions.map(toContractTransaction),
  };
}

/** The orders and transactions of one channel's users: every read names the channel and the user. */
export function createOrdersRepository(db: Database) {
  const transactionsOf = async (orderIds: number[]): Promise<Map<number, TransactionRow[]>> => {
    const byOrder = new Map<number, TransactionRow[]>();
    if (orderIds.length === 0) return byOrder;
    const rows = await db.selectFrom('transactions').selectAll().where('order_id', 'in', orderIds).orderBy('created_at').orderBy('id').execute();
    for (const row of rows) {
      const list = byOrder.get(row.order_id) ?? [];
      list.push(row);
      byOrder.set(row.order_id, list);
    }
    return byOrder;
  };

  const withTransactions = async (row: OrderRow): Promise<Order> => toContractOrder(row, (await transactionsOf([row.id])).get(row.id) ?? []);

  return {
    withTransactions,

    /** The insert that wins the (channel, user, idempotency key) race; undefined when the key is taken. */
    async insertIfNew(values: NewOrder): Promise<OrderRow | undefined> {
      return db
        .insertInto('orders')
        .values(values)
        .onConflict((c) => c.columns(['channel_id', 'user_id', 'idempotency_key']).doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    async findByKey(channelId: number, userId: number, idempotencyKey: string): Promise<OrderRow | undefined> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('channel_id', '=', channelId)
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
    },

    async find(channelId: number, userId: number, orderId: number): Promise<OrderRow | undefined> {
      return db.selectFrom('orders').selectAll().where('channel_id', '=', channelId).where('user_id', '=', userId).where('id', '=', orderId).executeTakeFirst();
    },

    async list(channelId: number, userId: number, filter: OrdersFilter): Promise<{ data: Order[]; total: number }> {
      let query = db.selectFrom('orders').where('channel_id', '=', channelId).where('user_id', '=', userId);
      if (filter.type) query = query.where('type', '=', filter.type);
      if (filter.status) query = query.where('status', '=', filter.status);
      if (filter.activity_status) query = query.where('activity_status', '=', filter.activity_status);
      const counted = await query.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow();
      let page = query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(filter.offset);
      if (filter.limit !== null) page = page.limit(filter.limit);
      const rows = await page.execute();
      const transactions = await transactionsOf(rows.map((r) => r.id));
      return { data: rows.map((r) => toContractOrder(r, transactions.get(r.id) ?? [])), total: Number(counted.total) };
    },

    async addTransaction(values: Insertable<TransactionsTable>): Promise<TransactionRow> {
      return db.insertInto('transactions').values(values).returningAll().executeTakeFirstOrThrow();
    },

    /** Remembers the provider's intent (and its extra authentication step) on a still-open order. */
    async recordIntent(orderId: number, provider: string, intentId: string, nextActionUrl: string | null): Promise<void> {
      await db.updateTable('orders').set({ provider, provider_ref: intentId, next_action_url: nextActionUrl }).where('id', '=', orderId).execute();
      await db.updateTable('transactions').set({ provider_ref: intentId }).where('order_id', '=', orderId).where('status', '=', 'pending').where('provider_ref', 'is', null).execute();
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

/** `app.ordersRepository`: built once on the app's database (a transaction builds its own on the transaction). */
export default fp(
  async (app) => {
    app.decorate('ordersRepository', createOrdersRepository(app.db));
  },
  { name: 'orders-repository', dependencies: ['db'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    ordersRepository: OrdersRepository;
  }
}

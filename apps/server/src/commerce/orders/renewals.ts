import type { CardProvider, TransactionKind } from '@grandstand/contract';
import type { FastifyInstance } from 'fastify';
import { markFailed } from './fulfilment.ts';
import { toCents, fromCents } from './pricing.ts';

export interface RenewalSummary {
  /** Charges started (renewals and trials' first charges). */
  charged: number;
  /** Subscriptions ended: auto-renewal cancelled and the period over, or no card to charge. */
  expired: number;
  /** Passes whose period is over. */
  passesEnded: number;
  /** Orders left in `created` past ABANDONED_ORDER_AFTER_MS, now failed. */
  abandoned: number;
}

/** Default pause between renewal runs (env COMMERCE_RENEWAL_INTERVAL_MS). */
export const DEFAULT_RENEWAL_INTERVAL_MS = 60_000;

/**
 * How long an order may wait in `created` for its webhook. Past it the viewer has abandoned the
 * card's extra authentication (or the setup), and the order fails rather than staying open forever.
 */
export const ABANDONED_ORDER_AFTER_MS = 30 * 60_000;

/** The failed popup's reason for an abandoned order (spec §8: a failed order shows its reason). */
export const PAYMENT_NOT_COMPLETED_MESSAGE = 'The payment was not completed.';

/**
 * Fails the orders still `created` ABANDONED_ORDER_AFTER_MS after they were made, through the
 * same `created`-only transition as a failure webhook, so the coupon redemption is given back and
 * a webhook racing it settles the order once. A success arriving later is refused (fulfilment).
 */
async function failAbandoned(app: FastifyInstance, now: Date): Promise<number> {
  const stale = await app.db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'created')
    .where('created_at', '<', new Date(now.getTime() - ABANDONED_ORDER_AFTER_MS))
    .orderBy('id')
    .limit(500)
    .execute();
  let failed = 0;
  for (const order of stale) {
    if (await markFailed(app.db, order, PAYMENT_NOT_COMPLETED_MESSAGE, null, null)) failed += 1;
  }
  return failed;
}

/**
 * One pass of the renewal job (spec §9 renewal cycles; spec §4 auto-renewal): passes past their end
 * turn inactive; a cancelled subscription past its period turns expired and inactive; an
 * auto-renewing subscription whose period (or trial) is over is charged off-session with the
 * user's saved card, its outcome arriving as a webhook like any charge. A subscription with a
 * renewal charge still pending is left alone, and the provider call carries an idempotency key
 * per period, so overlapping runs never charge twice. Orders abandoned in `created` fail.
 */
export async function runRenewals(app: FastifyInstance, now: Date = new Date()): Promise<RenewalSummary> {
  const db = app.db;
  const passes = await db
    .updateTable('orders')
    .set({ activity_status: 'inactive' })
    .where('type', '=', 'package')
    .where('status', '=', 'paid')
    .where('activity_status', '=', 'active')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  const cancelled = await db
    .updateTable('orders')
    .set({ sub_status: 'expired', activity_status: 'inactive' })
    .where('type', '=', 'subscription')
    .where('status', '=', 'paid')
    .where('sub_status', '=', 'canceled')
    .where('current_period_end', '<=', now)
    .executeTakeFirst();
  const summary: RenewalSummary = {
    charged: 0,
    expired: Number(cancelled.numUpdatedRows),
    passesEnded: Number(passes.numUpdatedRows),
    abandoned: await failAbandoned(app, now),
  };

  const due = await db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('subscriptions as s', 's.id', 'o.product_id')
    .select(['o.id', 'o.channel_id', 'o.user_id', 'o.provider', 'o.currency', 'o.product_name', 'o.current_period_end', 'o.trial_ends_at', 'u.email', 's.base_price', 's.service_fee'])
    .where('o.type', '=', 'subscription')
    .where('o.status', '=', 'paid')
    .where('o.sub_status', '=', 'active')
    .where('o.auto_renew', '=', true)
    .where('o.current_period_end', '<=', now)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('transactions as t').select('t.id').whereRef('t.order_id', '=', 'o.id').where('t.status', '=', 'pending'))))
    .orderBy('o.current_period_end')
    .limit(500)
    .execute();

  for (const order of due) {
    const expire = () => db.updateTable('orders').set({ sub_status: 'expired', activity_status: 'inactive' }).where('id', '=', order.id).execute();
    const provider = app.payments.provider((order.provider ?? app.payments.defaultProvider) as CardProvider);
    if (!provider || order.base_price === null || order.service_fee === null) {
      await expire();
      summary.expired += 1;
      continue;
    }
    const cards = await provider.listCards(order.channel_id, order.user_id);
    const card = cards[0];
    if (!card) {
      await expire();
      summary.expired += 1;
      continue;
    }
    // A trial's end is the subscription's first charge (spec §3 "New subscription").
    const paidBefore = await db.selectFrom('transactions').select('id').where('order_id', '=', order.id).where('status', '=', 'succeeded').executeTakeFirst();
    const kind: TransactionKind = order.trial_ends_at !== null && !paidBefore ? 'New subscription' : 'Subscription Renewal';
    const amount = fromCents(toCents(order.base_price) + toCents(order.service_fee));
    const periodEnd = order.current_period_end ? new Date(order.current_period_end).getTime() : now.getTime();
    const transaction = await db
      .insertInto('transactions')
      .values({ channel_id: order.channel_id, order_id: order.id, kind, amount, currency: order.currency })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const result = await provider.charge({
        channelId: order.channel_id,
        userId: order.user_id,
        email: order.email,
        orderId: order.id,
        amount,
        currency: order.currency,
        paymentMethod: card.id,
        idempotencyKey: `renewal-${order.id}-${periodEnd}`,
        saveCard: false,
        offSession: true,
        returnUrl: null,
        description: order.product_name,
        kind: 'payment',
      });
      await db.updateTable('transactions').set({ provider_ref: result.intentId }).where('id', '=', transaction.id).where('provider_ref', 'is', null).execute();
      if (result.status === 'failed') {
        await db.updateTable('transactions').set({ status: 'failed' }).where('id', '=', transaction.id).where('status', '=', 'pending').execute();
        await expire();
        summary.expired += 1;
      } else {
        summary.charged += 1;
      }
    } catch (error) {
      // The provider was unreachable: this attempt failed, the subscription stays and the next run retries.
      await db.updateTable('transactions').set({ status: 'failed' }).where('id', '=', transaction.id).where('status', '=', 'pending').execute();
      app.log.warn({ err: error, orderId: order.id }, 'renewal charge failed');
    }
  }
  return summary;
}

/** Runs the renewal job every `intervalMs` while the server is up (0 turns it off); runs never overlap. */
export function scheduleRenewals(app: FastifyInstance, intervalMs: number): void {
  if (!(intervalMs > 0)) return;
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return;
      running = true;
      runRenewals(app)
        .catch((error: unknown) => app.log.error({ err: error }, 'renewal run failed'))
        .finally(() => {
          running = false;
        });
    }, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}

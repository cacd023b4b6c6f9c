import type { CardProvider, TransactionKind } from '@grandstand/contract';
import type { FastifyInstance } from 'fastify';
import { schedulePeriodic } from '@grandstand/service-kit';
import type { CardProviderApi } from '../../payments/types.ts';
import { DEFAULT_RENEWAL_SETTINGS, type RenewalSettings } from './config.ts';
import { markFailed, markPaid, settleRenewal } from './fulfilment.ts';
import type { OrderRow } from './ordersRepository.ts';
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
  /** Renewal charges that waited past the timeout for their webhook: cancelled, then retried or failed. */
  timedOut: number;
}

export { DEFAULT_RENEWAL_INTERVAL_MS } from './config.ts';

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
 * a webhook racing it settles the order once. The provider's intent is cancelled first, so a late
 * extra authentication can no longer take money for a failed order; an intent that turns out to
 * have succeeded (its webhook was lost) pays the order instead. A cancel the provider refuses or
 * cannot take is logged and the order fails all the same (a success after it: refund by support).
 */
async function failAbandoned(app: FastifyInstance, now: Date): Promise<number> {
  const stale = await app.db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'created')
    .where('created_at', '<', new Date(now.getTime() - ABANDONED_ORDER_AFTER_MS))
    .orderBy('id')
    .limit(500)
    .execute();
  let failed = 0;
  for (const order of stale) {
    const provider = order.provider ? app.payments.provider(order.provider as CardProvider) : null;
    if (provider && order.provider_ref) {
      try {
        const result = await provider.cancel({ channelId: order.channel_id, userId: order.user_id, intentId: order.provider_ref });
        // A trial's card check (amount 0) moved no money: it fails like any abandoned step.
        const trial = order.type === 'subscription' && Number(order.amount) === 0;
        if (result.status === 'succeeded' && !trial) {
          await app.db.transaction().execute((tx) => markPaid(tx, order, now, result.intentId, result.card));
          continue;
        }
      } catch (error) {
        app.log.warn({ err: error, orderId: order.id, intentId: order.provider_ref, provider: order.provider }, 'abandoned order: the provider did not cancel its payment');
      }
    }
    if (await markFailed(app.db, order, PAYMENT_NOT_COMPLETED_MESSAGE, null, null)) failed += 1;
  }
  return failed;
}

/** A renewal charge waiting for its webhook, with what settling it needs. */
type PendingRenewal = Pick<OrderRow, 'id' | 'channel_id' | 'user_id' | 'provider'> & { transaction_id: number; intent_id: string | null };

/** The renewal is over: expired and inactive, auto-renewal off (as a failed renewal webhook leaves it). */
async function expireSubscription(app: FastifyInstance, orderId: number): Promise<void> {
  await app.db.updateTable('orders').set({ sub_status: 'expired', activity_status: 'inactive', auto_renew: false }).where('id', '=', orderId).execute();
}

/**
 * Charges made for the renewal now due: every charge since the order's last successful one (a
 * success moves the period on, so what follows it is for the next period).
 */
async function attemptsFor(app: FastifyInstance, orderId: number): Promise<number> {
  const row = await app.db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('order_id', '=', orderId)
    .where((eb) =>
      eb(
        'id',
        '>',
        eb.fn.coalesce(eb.selectFrom('transactions as paid').select((p) => p.fn.max('paid.id').as('last')).where('paid.order_id', '=', orderId).where('paid.status', '=', 'succeeded'), eb.lit(0)),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Renewal charges pending longer than the timeout: their webhook is taken as lost. The provider
 * cancels the intent (so it can no longer take money) and says where it stands: an intent that
 * had succeeded or failed settles the renewal as its webhook would have (a success was money
 * taken: no second charge); a cancelled attempt (or one that never reached the provider) fails,
 * and the renewal is charged again (the due pass below) or, after `chargeAttempts`, fails and
 * ends the subscription. When the provider cannot be
 * reached the attempt stays pending and the next run asks again: access has ended at the period's
 * end meanwhile, and nothing is charged twice.
 */
async function settleTimedOut(app: FastifyInstance, now: Date, settings: RenewalSettings, summary: RenewalSummary): Promise<void> {
  const db = app.db;
  const stale: PendingRenewal[] = await db
    .selectFrom('transactions as t')
    .innerJoin('orders as o', 'o.id', 't.order_id')
    .select(['o.id', 'o.channel_id', 'o.user_id', 'o.provider', 't.id as transaction_id', 't.provider_ref as intent_id'])
    .where('o.type', '=', 'subscription')
    .where('o.status', '=', 'paid')
    .where('t.status', '=', 'pending')
    .where('t.created_at', '<=', new Date(now.getTime() - settings.chargeTimeoutMs))
    .orderBy('t.id')
    .limit(500)
    .execute();
  for (const attempt of stale) {
    const provider = app.payments.provider((attempt.provider ?? app.payments.defaultProvider) as CardProvider);
    // No intent (the provider was never reached) or a cancelled one: this attempt can take no money.
    let outcome: 'succeeded' | 'failed' | 'canceled' = 'canceled';
    let card: { brand: string; last4: string } | null = null;
    if (provider && attempt.intent_id) {
      try {
        const result = await provider.cancel({ channelId: attempt.channel_id, userId: attempt.user_id, intentId: attempt.intent_id });
        if (result.status === 'processing') {
          app.log.warn({ orderId: attempt.id, intentId: attempt.intent_id }, 'renewal charge still processing at the provider; asking again next run');
          continue;
        }
        outcome = result.status;
        card = result.card;
      } catch (error) {
        app.log.warn({ err: error, orderId: attempt.id, intentId: attempt.intent_id }, 'renewal charge timed out and the provider could not be asked; asking again next run');
        continue;
      }
    }
    summary.timedOut += 1;
    if (outcome !== 'canceled') {
      // The provider's answer settles the renewal exactly as the lost webhook would have (a success
      // extends the period once, a refusal ends the subscription); the webhook, if it still comes,
      // finds nothing pending.
      const settled = await db.transaction().execute(async (tx) => {
        const order = await tx.selectFrom('orders').selectAll().where('id', '=', attempt.id).executeTakeFirstOrThrow();
        const type = outcome === 'succeeded' ? 'payment.succeeded' : 'payment.failed';
        return settleRenewal(tx, order, { type, intentId: attempt.intent_id as string, card, created: Math.floor(now.getTime() / 1000) });
      });
      if (settled && outcome === 'failed') summary.expired += 1;
      continue;
    }
    const failed = await db.updateTable('transactions').set({ status: 'failed' }).where('id', '=', attempt.transaction_id).where('status', '=', 'pending').executeTakeFirst();
    if (Number(failed.numUpdatedRows) === 0) continue;
    if ((await attemptsFor(app, attempt.id)) >= settings.chargeAttempts) {
      await expireSubscription(app, attempt.id);
      summary.expired += 1;
    }
  }
}

/** The provider an order is charged through, when it is enabled. */
function providerOf(app: FastifyInstance, name: string | null): CardProviderApi | null {
  return app.payments.provider((name ?? app.payments.defaultProvider) as CardProvider);
}

/**
 * One pass of the renewal job (spec §9 renewal cycles; spec §4 auto-renewal): passes past their end
 * turn inactive; a cancelled subscription past its period turns expired and inactive; an
 * auto-renewing subscription whose period (or trial) is over is charged off-session with the
 * user's saved card, its outcome arriving as a webhook like any charge. Access never waits for
 * this job: it ends at the period's end (entitlements) until a paid renewal extends the period.
 * A subscription with a renewal charge still pending is left alone until the charge times out
 * (`settings.chargeTimeoutMs`); each attempt carries its own idempotency key (period and attempt
 * number), so overlapping runs never charge twice for one attempt. Orders abandoned in `created` fail.
 */
export async function runRenewals(app: FastifyInstance, now: Date = new Date(), settings: RenewalSettings = DEFAULT_RENEWAL_SETTINGS): Promise<RenewalSummary> {
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
    timedOut: 0,
  };
  await settleTimedOut(app, now, settings, summary);

  const due = await db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('subscriptions as s', 's.id', 'o.product_id')
    .select(['o.id', 'o.channel_id', 'o.user_id', 'o.provider', 'o.currency', 'o.product_name', 'o.current_period_end', 'o.trial_ends_at', 'u.email', 'o.locked_base_price', 'o.locked_service_fee', 's.base_price', 's.service_fee'])
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
    const provider = providerOf(app, order.provider);
    // The price the holder agreed to (locked on the order), not the offer's price today: a price
    // change in the control room is for new buyers only. An order without a lock (none is made so
    // any more) falls back to the offer's price.
    const basePrice = order.locked_base_price ?? order.base_price;
    const serviceFee = order.locked_service_fee ?? order.service_fee;
    if (!provider || basePrice === null || serviceFee === null) {
      await expireSubscription(app, order.id);
      summary.expired += 1;
      continue;
    }
    const periodEnd = order.current_period_end ? new Date(order.current_period_end) : now;
    const attempt = (await attemptsFor(app, order.id)) + 1;
    if (attempt > settings.chargeAttempts) {
      await expireSubscription(app, order.id);
      summary.expired += 1;
      continue;
    }
    const cards = await provider.listCards(order.channel_id, order.user_id);
    const card = cards[0];
    if (!card) {
      await expireSubscription(app, order.id);
      summary.expired += 1;
      continue;
    }
    // A trial's end is the subscription's first charge (spec §3 "New subscription").
    const paidBefore = await db.selectFrom('transactions').select('id').where('order_id', '=', order.id).where('status', '=', 'succeeded').executeTakeFirst();
    const kind: TransactionKind = order.trial_ends_at !== null && !paidBefore ? 'New subscription' : 'Subscription Renewal';
    const amount = fromCents(toCents(basePrice) + toCents(serviceFee));
    // Dated by the job's clock: the timeout and the attempt count are measured on it.
    const transaction = await db
      .insertInto('transactions')
      .values({ channel_id: order.channel_id, order_id: order.id, kind, amount, currency: order.currency, created_at: now })
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
        idempotencyKey: `renewal-${order.id}-${periodEnd.getTime()}-${attempt}`,
        saveCard: false,
        offSession: true,
        returnUrl: null,
        description: order.product_name,
        kind: 'payment',
      });
      await db.updateTable('transactions').set({ provider_ref: result.intentId }).where('id', '=', transaction.id).where('provider_ref', 'is', null).execute();
      if (result.status === 'failed') {
        await db.updateTable('transactions').set({ status: 'failed' }).where('id', '=', transaction.id).where('status', '=', 'pending').execute();
        await expireSubscription(app, order.id);
        summary.expired += 1;
      } else {
        summary.charged += 1;
      }
    } catch (error) {
      // The provider was unreachable: the attempt stays pending, times out like a lost webhook and
      // is retried then, under the next attempt's key.
      app.log.warn({ err: error, orderId: order.id }, 'renewal charge failed');
    }
  }
  return summary;
}

/** Runs the renewal job every `intervalMs` while the server is up (0 turns it off); runs never overlap. */
export function scheduleRenewals(app: FastifyInstance, intervalMs: number, settings: RenewalSettings = DEFAULT_RENEWAL_SETTINGS): void {
  schedulePeriodic(app, intervalMs, async () => void (await runRenewals(app, new Date(), settings)), 'renewal run failed');
}

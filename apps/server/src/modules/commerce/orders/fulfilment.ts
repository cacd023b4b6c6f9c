import type { Database } from '../../../core/db/schema.ts';
import type { PaymentEvent } from '../../payments/types.ts';
import { releaseCouponRedemption } from '../catalog/coupons.ts';
import type { OrderRow } from './ordersRepository.ts';
import { addTerm } from './pricing.ts';

type Card = { brand: string; last4: string } | null;

/** Said when a trial's card check succeeds but the user's one trial was taken meanwhile (spec §6). */
export const TRIAL_USED_MESSAGE = 'The free trial has already been used.';

async function termOf(db: Database, order: Pick<OrderRow, 'type' | 'product_id'>): Promise<{ offer: string | null; period: number | null; trialPeriod: number }> {
  if (order.type === 'package') {
    const row = await db.selectFrom('packages').select(['offer', 'period']).where('id', '=', order.product_id).executeTakeFirst();
    return { offer: row?.offer ?? null, period: row?.period ?? null, trialPeriod: 0 };
  }
  if (order.type === 'subscription') {
    const row = await db.selectFrom('subscriptions').select(['offer', 'period', 'trial_period']).where('id', '=', order.product_id).executeTakeFirst();
    // A subscription whose offer was deleted still renews monthly rather than never ending.
    return { offer: row?.offer ?? 'monthly', period: row?.period ?? 1, trialPeriod: row?.trial_period ?? 0 };
  }
  return { offer: null, period: null, trialPeriod: 0 };
}

/**
 * Settles the order's open transaction. An order leaving `created` has exactly one, its first
 * charge (`anyPending`); a renewal settles only the one this intent charged (or one not yet tied
 * to an intent, when the webhook outran the renewal job's bookkeeping).
 */
async function settleTransaction(db: Database, orderId: number, status: 'succeeded' | 'failed', intentId: string | null, card: Card, anyPending: boolean): Promise<boolean> {
  let update = db
    .updateTable('transactions')
    .set({ status, card_brand: card?.brand ?? null, card_last4: card?.last4 ?? null, ...(intentId ? { provider_ref: intentId } : {}) })
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending');
  // A transaction not yet tied to an intent takes this one only when no other attempt of the order
  // carries it: a late webhook of a timed-out renewal attempt never settles the retry made after it.
  if (intentId && !anyPending) {
    update = update.where((eb) =>
      eb.or([
        eb('provider_ref', '=', intentId),
        eb.and([
          eb('provider_ref', 'is', null),
          eb.not(eb.exists(eb.selectFrom('transactions as other').select('other.id').where('other.order_id', '=', orderId).where('other.provider_ref', '=', intentId))),
        ]),
      ]),
    );
  }
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * created → paid (product rules: the only way in, so a duplicate or late event changes nothing):
 * activity active; a pass runs `period` offer units from now, a subscription starts its first
 * period with auto-renewal on. Answers false when the order had already left `created`.
 */
export async function markPaid(db: Database, order: OrderRow, now: Date, intentId: string | null, card: Card): Promise<boolean> {
  const term = await termOf(db, order);
  const end = order.type === 'event' ? null : addTerm(now, order.type === 'package' ? 'package' : 'subscription', term.offer, term.period);
  const subscription = order.type === 'subscription' ? { sub_status: 'active', auto_renew: true, current_period_end: end } : {};
  const paid = await db
    .updateTable('orders')
    .set({ status: 'paid', activity_status: 'active', paid_at: now, expires_at: end, next_action_url: null, failure_reason: null, ...subscription })
    .where('id', '=', order.id)
    .where('status', '=', 'created')
    .executeTakeFirst();
  if (Number(paid.numUpdatedRows) === 0) return false;
  // The coupon's redemption was reserved when the order was created (checkout): not counted again.
  await settleTransaction(db, order.id, 'succeeded', intentId, card, true);
  await replaceBasicPass(db, order);
  return true;
}

/**
 * spec §2 "The basic pass is free and upgradable": a premium pass or subscription paid for (a trial
 * started too) replaces the viewer's basic pass, which stops giving access and names the order that
 * replaced it. A basic pass or an event bought alone replaces nothing.
 */
export async function replaceBasicPass(db: Database, order: Pick<OrderRow, 'id' | 'channel_id' | 'user_id' | 'type' | 'product_id'>): Promise<void> {
  if (order.type === 'event') return;
  if (order.type === 'package') {
    const pkg = await db.selectFrom('packages').select(['scope', 'is_basic', 'is_team_pass', 'event_category_ids']).where('id', '=', order.product_id).executeTakeFirst();
    // A pass granting only capabilities (no ads, premium videos) is an add-on, not an upgrade.
    if (!pkg || pkg.is_basic || pkg.scope !== 'category' || (pkg.event_category_ids.length === 0 && !pkg.is_team_pass)) return;
  }
  await db
    .updateTable('orders')
    .set({ activity_status: 'inactive', replaced_by: order.id })
    .where('channel_id', '=', order.channel_id)
    .where('user_id', '=', order.user_id)
    .where('type', '=', 'package')
    .where('status', '=', 'paid')
    .where('activity_status', '=', 'active')
    .where('id', '<>', order.id)
    .where('product_id', 'in', (eb) => eb.selectFrom('packages').select('id').where('channel_id', '=', order.channel_id).where('is_basic', '=', true))
    .execute();
}

/**
 * created → failed, with the reason the failed popup shows (spec §8), giving back the coupon
 * redemption the order reserved. One database transaction, so a failed order never keeps its
 * redemption; the `created` guard makes the release happen once however often it is called.
 */
export async function markFailed(db: Database, order: Pick<OrderRow, 'id'>, reason: string, intentId: string | null, card: Card): Promise<boolean> {
  if (!db.isTransaction) return db.transaction().execute((tx) => markFailed(tx, order, reason, intentId, card));
  const failed = await db
    .updateTable('orders')
    .set({ status: 'failed', activity_status: 'inactive', failure_reason: reason, next_action_url: null })
    .where('id', '=', order.id)
    .where('status', '=', 'created')
    .returning(['channel_id', 'coupon_code'])
    .executeTakeFirst();
  if (!failed) return false;
  await settleTransaction(db, order.id, 'failed', intentId, card, true);
  if (failed.coupon_code !== null) await releaseCouponRedemption(db, failed.channel_id, failed.coupon_code);
  return true;
}

/**
 * A trial's card check succeeded: the order is paid at 0 and the trial runs `trial_period` days,
 * then the renewal job makes the first charge. The user's one trial (spec §6) is taken here, once:
 * a second trial that got this far meanwhile fails instead.
 */
async function startTrial(db: Database, order: OrderRow, now: Date): Promise<boolean> {
  const taken = await db
    .updateTable('users')
    .set({ trial_period_used: true })
    .where('id', '=', order.user_id)
    .where('channel_id', '=', order.channel_id)
    .where('trial_period_used', '=', false)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 0) return markFailed(db, order, TRIAL_USED_MESSAGE, null, null);
  const { trialPeriod } = await termOf(db, order);
  const trialEnd = new Date(now.getTime() + trialPeriod * 86_400_000);
  const updated = await db
    .updateTable('orders')
    .set({
      status: 'paid',
      activity_status: 'active',
      paid_at: now,
      amount: 0,
      sub_status: 'active',
      auto_renew: true,
      trial_ends_at: trialEnd,
      current_period_end: trialEnd,
      expires_at: trialEnd,
      next_action_url: null,
    })
    .where('id', '=', order.id)
    .where('status', '=', 'created')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  await replaceBasicPass(db, order);
  return true;
}

/**
 * A renewal (or a trial's first charge) of a paid subscription settled. Only a still-pending
 * transaction moves, so a replay or an out-of-order event changes nothing. Success starts the next
 * period from the end of the last one; failure ends the subscription (spec §3: expired, inactive).
 */
export async function settleRenewal(db: Database, order: OrderRow, event: Pick<PaymentEvent, 'type' | 'intentId' | 'card' | 'created'>): Promise<boolean> {
  const succeeded = event.type === 'payment.succeeded';
  const settled = await settleTransaction(db, order.id, succeeded ? 'succeeded' : 'failed', event.intentId, event.card, false);
  if (!settled) return false;
  if (!succeeded) {
    await db.updateTable('orders').set({ sub_status: 'expired', activity_status: 'inactive', auto_renew: false }).where('id', '=', order.id).execute();
    return true;
  }
  const term = await termOf(db, order);
  const from = order.current_period_end ? new Date(order.current_period_end) : new Date(event.created * 1000);
  const end = addTerm(from, 'subscription', term.offer, term.period);
  await db.updateTable('orders').set({ current_period_end: end, expires_at: end, activity_status: 'active' }).where('id', '=', order.id).execute();
  return true;
}

/**
 * `late_success`: a charge succeeded for an order that had already failed (its viewer abandoned
 * the extra authentication and the renewal job failed it, or events crossed), or for a renewal
 * attempt the job had already given up on. The order does not move (transitions only from
 * `created`; a renewal period is extended only by the attempt still pending); the money was taken
 * without access, so the caller logs it for a refund by support.
 */
export type EventOutcome = 'duplicate' | 'applied' | 'unchanged' | 'ignored' | 'late_success';

/**
 * Applies one verified webhook (product rules: fulfilment only here). webhook_events(provider,
 * event_id) makes a replay a no-op; the event is recorded in the same database transaction as its
 * effect, so an event whose handling failed is not recorded and the provider's retry applies it.
 */
export async function applyPaymentEvent(db: Database, provider: string, event: PaymentEvent, now = new Date()): Promise<EventOutcome> {
  return db.transaction().execute(async (tx) => {
    const recorded = await tx
      .insertInto('webhook_events')
      .values({ provider, event_id: event.id })
      .onConflict((c) => c.columns(['provider', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!recorded) return 'duplicate';
    const order = await findEventOrder(tx, provider, event);
    if (!order) return 'ignored';
    let changed = false;
    switch (event.type) {
      case 'payment.succeeded':
        if (order.status === 'failed') return 'late_success';
        if (order.status === 'created') changed = await markPaid(tx, order, now, event.intentId, event.card);
        else {
          changed = await renewalOf(tx, order, event);
          if (!changed && (await unsettledSuccess(tx, order, event.intentId))) return 'late_success';
        }
        break;
      case 'payment.failed':
        changed =
          order.status === 'created'
            ? await markFailed(tx, order, event.failureReason ?? 'Your card was declined.', event.intentId, event.card)
            : await renewalOf(tx, order, event);
        break;
      case 'setup.succeeded':
        changed = order.status === 'created' && order.type === 'subscription' ? await startTrial(tx, order, now) : false;
        break;
      case 'setup.failed':
        changed = order.status === 'created' ? await markFailed(tx, order, event.failureReason ?? 'Your card was declined.', null, event.card) : false;
        break;
    }
    return changed ? 'applied' : 'unchanged';
  });
}

function renewalOf(db: Database, order: OrderRow, event: PaymentEvent): Promise<boolean> {
  if (order.type !== 'subscription' || order.status !== 'paid') return Promise.resolve(false);
  return settleRenewal(db, order, event);
}

/**
 * A success that settled nothing on a paid subscription, and that no succeeded charge of the order
 * carries: money taken for an attempt that had been given up on (a timed-out renewal).
 */
async function unsettledSuccess(db: Database, order: OrderRow, intentId: string): Promise<boolean> {
  if (order.type !== 'subscription' || order.status !== 'paid') return false;
  const known = await db.selectFrom('transactions').select('id').where('order_id', '=', order.id).where('provider_ref', '=', intentId).where('status', '=', 'succeeded').executeTakeFirst();
  return !known;
}

/** The order an event is about: named by the event (signed), else found by the provider's intent id. */
async function findEventOrder(db: Database, provider: string, event: PaymentEvent): Promise<OrderRow | undefined> {
  if (event.orderId !== null) {
    return db.selectFrom('orders').selectAll().where('id', '=', event.orderId).where('channel_id', '=', event.channelId).executeTakeFirst();
  }
  const byOrder = await db
    .selectFrom('orders')
    .selectAll()
    .where('channel_id', '=', event.channelId)
    .where('provider', '=', provider)
    .where('provider_ref', '=', event.intentId)
    .executeTakeFirst();
  if (byOrder) return byOrder;
  const transaction = await db.selectFrom('transactions').select('order_id').where('channel_id', '=', event.channelId).where('provider_ref', '=', event.intentId).executeTakeFirst();
  if (!transaction) return undefined;
  return db.selectFrom('orders').selectAll().where('id', '=', transaction.order_id).executeTakeFirst();
}

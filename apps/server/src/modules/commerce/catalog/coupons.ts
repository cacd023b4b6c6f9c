import type { CouponQuote, PurchasableKind } from '@grandstand/contract';
import { sql } from 'kysely';
import type { Database } from '../../../core/db/schema.ts';
import { cents, fromCents } from './offers.ts';

/** A usable promo code (spec §7 apply_coupon). */
export interface CouponRecord {
  id: number;
  code: string;
  percent_off: number | null;
  amount_off: number | null;
}

/** What a code is asked for: the kind and id of what is bought (an event's id for an event), and by whom (null: a visitor asking a quote). */
export interface CouponTarget {
  kind: PurchasableKind;
  productId: number;
  userId: number | null;
}

/** Orders that count as a use of a code: all but failed ones (a failed order gave its use back). */
async function usesBy(db: Database, channelId: number, userId: number, code: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('channel_id', '=', channelId)
    .where('user_id', '=', userId)
    .where(sql<string>`lower(coupon_code)`, '=', code.toLowerCase())
    .where('status', '<>', 'failed')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The coupon a code names for this purchase: same channel, code case-insensitive, within its dates
 * (from `valid_from`, before `expires_at`), uses left in all and for this viewer, and good for what
 * is bought (every offer, its kind, or the offers it names). Undefined for anything else, which the
 * caller answers with spec §8's "Wrong promo code": a viewer learns nothing of why, so guessing
 * codes tells nothing either.
 */
export async function findUsableCoupon(db: Database, channelId: number, code: string, target: CouponTarget, now: Date = new Date()): Promise<CouponRecord | undefined> {
  const row = await db
    .selectFrom('coupons')
    .select(['id', 'code', 'percent_off', 'amount_off', 'applies_to', 'package_ids', 'subscription_ids', 'valid_from', 'expires_at', 'max_redemptions', 'redemptions', 'per_viewer_limit'])
    .where('channel_id', '=', channelId)
    .where(sql<string>`lower(code)`, '=', code.trim().toLowerCase())
    .executeTakeFirst();
  if (!row) return undefined;
  if (!appliesTo(row, target)) return undefined;
  if (row.valid_from !== null && new Date(row.valid_from).getTime() > now.getTime()) return undefined;
  if (row.expires_at !== null && new Date(row.expires_at).getTime() <= now.getTime()) return undefined;
  if (row.max_redemptions !== null && row.redemptions >= row.max_redemptions) return undefined;
  if (row.per_viewer_limit !== null && target.userId !== null && (await usesBy(db, channelId, target.userId, row.code)) >= row.per_viewer_limit) return undefined;
  return { id: row.id, code: row.code, percent_off: row.percent_off, amount_off: row.amount_off === null ? null : Number(row.amount_off) };
}

/** Whether a code is good for this purchase: null is every offer; a kind, every offer of it; `offers`, the ones it names. */
function appliesTo(row: { applies_to: string | null; package_ids: readonly number[]; subscription_ids: readonly number[] }, target: CouponTarget): boolean {
  if (row.applies_to === null) return true;
  if (row.applies_to === 'offers') {
    if (target.kind === 'package') return row.package_ids.includes(target.productId);
    if (target.kind === 'subscription') return row.subscription_ids.includes(target.productId);
    return false;
  }
  return row.applies_to === target.kind;
}

/**
 * Product rule: a coupon discounts base_price (a percentage or an amount, never below 0); the
 * service fee stays. Amounts in the channel's currency, 2 decimals.
 */
export function quoteCoupon(coupon: CouponRecord, basePrice: number, serviceFee: number): CouponQuote {
  const base = cents(basePrice);
  const fee = cents(serviceFee);
  const off = coupon.percent_off !== null ? Math.round((base * coupon.percent_off) / 100) : cents(coupon.amount_off ?? 0);
  const discount = Math.min(base, Math.max(0, off));
  return { code: coupon.code, original_price: fromCents(base + fee), price: fromCents(base - discount + fee), discount: fromCents(discount) };
}

/**
 * Takes one use of the coupon for an order just inserted, atomically: the total limit is checked
 * and the count raised by one conditional UPDATE, so concurrent buys can never redeem past
 * max_redemptions (the check in findUsableCoupon alone races). That UPDATE also locks the coupon's
 * row until the transaction ends, so the per-viewer count read after it sees every other order of
 * the code committed before (two tabs buying two things with one code wait for each other). Run it
 * in the transaction that inserts the order so a refused reservation leaves no order behind. False
 * when no use is left, in all or for this viewer.
 */
export async function reserveCouponRedemption(db: Database, couponId: number, order: { channel_id: number; user_id: number }): Promise<boolean> {
  const row = await db
    .updateTable('coupons')
    .set((eb) => ({ redemptions: eb('redemptions', '+', 1) }))
    .where('id', '=', couponId)
    .where('channel_id', '=', order.channel_id)
    .where((eb) => eb.or([eb('max_redemptions', 'is', null), eb('redemptions', '<', eb.ref('max_redemptions'))]))
    .returning(['code', 'per_viewer_limit'])
    .executeTakeFirst();
  if (row === undefined) return false;
  // The order just inserted is among the viewer's uses.
  return row.per_viewer_limit === null || (await usesBy(db, order.channel_id, order.user_id, row.code)) <= row.per_viewer_limit;
}

/**
 * Gives back the redemption an order reserved when that order fails (never below 0). Orders name
 * their coupon by code, unique per channel case-insensitively.
 */
export async function releaseCouponRedemption(db: Database, channelId: number, code: string): Promise<void> {
  await db
    .updateTable('coupons')
    .set((eb) => ({ redemptions: eb('redemptions', '-', 1) }))
    .where('channel_id', '=', channelId)
    .where(sql<string>`lower(code)`, '=', code.toLowerCase())
    .where('redemptions', '>', 0)
    .execute();
}

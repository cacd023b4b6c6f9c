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

/**
 * The coupon a code names for this kind of purchase: same channel, code case-insensitive, not
 * expired, redemptions left, for this kind (or every kind). Undefined for anything else, which
 * the caller answers with spec §8's "Wrong promo code".
 */
export async function findUsableCoupon(db: Database, channelId: number, code: string, kind: PurchasableKind, now: Date = new Date()): Promise<CouponRecord | undefined> {
  const row = await db
    .selectFrom('coupons')
    .select(['id', 'code', 'percent_off', 'amount_off', 'applies_to', 'expires_at', 'max_redemptions', 'redemptions'])
    .where('channel_id', '=', channelId)
    .where(sql<string>`lower(code)`, '=', code.trim().toLowerCase())
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.applies_to !== null && row.applies_to !== kind) return undefined;
  if (row.expires_at !== null && new Date(row.expires_at).getTime() <= now.getTime()) return undefined;
  if (row.max_redemptions !== null && row.redemptions >= row.max_redemptions) return undefined;
  return { id: row.id, code: row.code, percent_off: row.percent_off, amount_off: row.amount_off === null ? null : Number(row.amount_off) };
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
 * Takes one redemption of the coupon for an order, atomically: the limit is checked and the count
 * raised by one conditional UPDATE, so concurrent buys can never redeem past max_redemptions (the
 * check in findUsableCoupon alone races). Run it in the transaction that inserts the order so a
 * refused reservation leaves no order behind. False when no redemption is left.
 */
export async function reserveCouponRedemption(db: Database, couponId: number): Promise<boolean> {
  const row = await db
    .updateTable('coupons')
    .set((eb) => ({ redemptions: eb('redemptions', '+', 1) }))
    .where('id', '=', couponId)
    .where((eb) => eb.or([eb('max_redemptions', 'is', null), eb('redemptions', '<', eb.ref('max_redemptions'))]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
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

import { createHash } from 'node:crypto';
import { COMMERCE_MESSAGES, type NextAction, type Order, type TransactionKind, WRONG_PROMO_CODE } from '@grandstand/contract';
import type { Database } from '../../../core/db/schema.ts';
import type { CardProviderApi, IntentResult } from '../../payments/types.ts';
import { reserveCouponRedemption } from '../catalog/coupons.ts';
import { markFailed, markPaid } from './fulfilment.ts';
import { ONE_OPEN_ORDER_INDEX } from './openOrderMigration.ts';
import { createOrdersRepository, type NewOrder, type OrderRow, type OrdersRepository } from './ordersRepository.ts';
import { fromCents, type PricedProduct, PurchaseProblem, type PurchaseRequest, pricePurchase } from './pricing.ts';

/** Said when the provider could not be reached: the order fails rather than hanging in `created`. */
export const PROVIDER_UNAVAILABLE_MESSAGE = 'The payment could not be processed. Please try again.';
export const IDEMPOTENCY_CONFLICT_MESSAGE = 'This idempotency key was already used for a different request.';
export const TRIAL_NOT_AVAILABLE_MESSAGE = 'The free trial is not available.';
export const ALREADY_OWNED_MESSAGE = 'You have already purchased this.';
export const OPEN_ORDER_MESSAGE = 'A purchase of this is already in progress.';

export interface Buyer {
  channelId: number;
  userId: number;
  email: string;
  trialPeriodUsed: boolean;
}

export interface CheckoutOptions {
  db: Database;
  /** The app's orders repository (`app.ordersRepository`); a transaction builds its own on the transaction. */
  orders: OrdersRepository;
  provider: CardProviderApi;
  buyer: Buyer;
  /** Absolute URL the provider sends the viewer back to after an extra authentication step. */
  returnUrl: string;
}

export interface BuyInput extends PurchaseRequest {
  idempotency_key: string;
  payment_method?: string | undefined;
  save_card?: boolean | undefined;
  return_path?: string | undefined;
}

export interface TrialInput {
  idempotency_key: string;
  subscription_id: number;
  payment_method: string;
  return_path?: string | undefined;
}

export interface CheckoutResult {
  order: Order;
  next_action: NextAction | null;
}

/**
 * What makes two requests "the same": every field but the key itself, in a fixed order, and the
 * provider. The same key with another body is refused (product rules: 409 field idempotency_key).
 */
export function requestFingerprint(provider: string, operation: string, body: object): string {
  const entries = Object.entries(body)
    .filter(([name, value]) => name !== 'idempotency_key' && name !== 'api_key' && value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify([provider, operation, entries])).digest('hex');
}

const nextActionOf = (row: OrderRow): NextAction | null =>
  row.status === 'created' && row.next_action_url !== null ? { type: 'authenticate', url: row.next_action_url } : null;

async function channelCurrency(db: Database, channelId: number): Promise<string> {
  const row = await db.selectFrom('channels').select('currency').where('id', '=', channelId).executeTakeFirstOrThrow();
  return row.currency;
}

/**
 * The order a repeated key names: the same order for the same request (200, no second charge),
 * a 409 for another request.
 */
async function replay(options: CheckoutOptions, row: OrderRow, fingerprint: string): Promise<CheckoutResult> {
  if (row.request_fingerprint !== fingerprint) throw new PurchaseProblem('idempotency_key', IDEMPOTENCY_CONFLICT_MESSAGE, 409);
  const { orders } = options;
  return { order: await orders.withTransactions(row), next_action: nextActionOf(row) };
}

/** The field that names each kind of product in a buy request. */
const PRODUCT_FIELD = { event: 'event_id', package: 'package_id', subscription: 'subscription_id' } as const;

/**
 * The 409 of a buy while the viewer's order of the same product is still open (another tab, a
 * double click with a new key): it carries that order, which the site follows instead of paying again.
 */
export class OpenOrderProblem extends PurchaseProblem {
  override name = 'OpenOrderProblem';
  readonly open: CheckoutResult;
  constructor(field: string, open: CheckoutResult) {
    super(field, OPEN_ORDER_MESSAGE, 409);
    this.open = open;
  }
}

function isOpenOrderViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  return code === '23505' && (constraint === ONE_OPEN_ORDER_INDEX || (typeof message === 'string' && message.includes(ONE_OPEN_ORDER_INDEX)));
}

async function findOpenOrder(db: Database, buyer: Buyer, product: PricedProduct): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('channel_id', '=', buyer.channelId)
    .where('user_id', '=', buyer.userId)
    .where('type', '=', product.type)
    .where('product_id', '=', product.productId)
    .where((eb) => (product.participantId === null ? eb('participant_id', 'is', null) : eb('participant_id', '=', product.participantId)))
    .where('status', '=', 'created')
    .executeTakeFirst();
}

type Inserted = { order: OrderRow } | { replay: CheckoutResult };

/**
 * The insert of a new order under the rules both checkouts share. One idempotency key is one order
 * (a lost race on the key answers the winner's order); one open order per viewer and product (the
 * partial unique index ONE_OPEN_ORDER_INDEX, which holds across processes): a lost race there is a
 * 409 carrying the open order. An open order that settled meanwhile is looked at afresh (owned now,
 * or free to buy again), a few times at most.
 */
async function insertOrder(
  options: CheckoutOptions,
  product: PricedProduct,
  fingerprint: string,
  idempotencyKey: string,
  insert: (db: Database) => Promise<OrderRow | undefined>,
): Promise<Inserted> {
  const { db, buyer, orders } = options;
  for (let attempt = 0; ; attempt++) {
    let inserted: OrderRow | undefined;
    try {
      inserted = await insert(db);
    } catch (error) {
      if (!isOpenOrderViolation(error)) throw error;
      // The same key racing itself may trip the product index before the key's: it is a replay.
      const sameKey = await orders.findByKey(buyer.channelId, buyer.userId, idempotencyKey);
      if (sameKey) return { replay: await replay(options, sameKey, fingerprint) };
      const open = await findOpenOrder(db, buyer, product);
      if (open) throw new OpenOrderProblem(PRODUCT_FIELD[product.type], { order: await orders.withTransactions(open), next_action: nextActionOf(open) });
      if (attempt >= 2) throw error;
      await refuseIfOwned(db, buyer, product, new Date());
      continue;
    }
    if (inserted) return { order: inserted };
    // Another request with this key won the insert: it charges, this one only answers its order.
    const winner = await orders.findByKey(buyer.channelId, buyer.userId, idempotencyKey);
    if (!winner) throw new Error('order vanished after an idempotency conflict');
    return { replay: await replay(options, winner, fingerprint) };
  }
}

function newOrderValues(buyer: Buyer, product: PricedProduct, values: Pick<NewOrder, 'amount' | 'currency' | 'coupon_code' | 'idempotency_key' | 'request_fingerprint' | 'provider'>): NewOrder {
  return {
    channel_id: buyer.channelId,
    user_id: buyer.userId,
    type: product.type,
    product_id: product.productId,
    product_name: product.productName,
    participant_id: product.participantId,
    event_category_id: product.eventCategoryId,
    // What the holder agreed to: renewals charge it, whatever the offer costs later.
    locked_base_price: product.lockedBasePrice,
    locked_service_fee: product.lockedServiceFee,
    ...values,
  };
}

/**
 * All sales are final (spec §9), so a second purchase of what the viewer already holds is refused
 * rather than charged: a bought event, a pass (for the same team) still running, a subscription
 * still active or cancelled but not yet over.
 */
async function refuseIfOwned(db: Database, buyer: Buyer, product: PricedProduct, now: Date): Promise<void> {
  let query = db
    .selectFrom('orders')
    .select('id')
    .where('channel_id', '=', buyer.channelId)
    .where('user_id', '=', buyer.userId)
    .where('type', '=', product.type)
    .where('product_id', '=', product.productId)
    .where('status', '=', 'paid')
    .where('activity_status', '=', 'active');
  if (product.type === 'package') {
    query = query.where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));
    if (product.participantId !== null) query = query.where('participant_id', '=', product.participantId);
  }
  if (product.type === 'subscription') query = query.where('sub_status', 'in', ['active', 'canceled']);
  if (await query.executeTakeFirst()) throw new PurchaseProblem(PRODUCT_FIELD[product.type], ALREADY_OWNED_MESSAGE, 409);
}

function kindOf(product: PricedProduct): TransactionKind {
  return product.type === 'subscription' ? 'New subscription' : 'Purchase';
}

/**
 * The won insert's one provider call. A synchronous refusal or an unreachable provider fails the
 * order at once; otherwise the order waits in `created` for the webhook (product rules).
 */
async function settleIntent(options: CheckoutOptions, order: OrderRow, call: () => Promise<IntentResult>): Promise<void> {
  const { orders } = options;
  let result: IntentResult;
  try {
    result = await call();
  } catch (error) {
    await markFailed(options.db, order, PROVIDER_UNAVAILABLE_MESSAGE, null, null);
    throw error;
  }
  await orders.recordIntent(order.id, options.provider.name, result.intentId, result.status === 'requires_action' ? result.nextActionUrl : null);
  if (result.status === 'failed') await markFailed(options.db, order, result.failureReason ?? 'Your card was declined.', result.intentId, result.card);
}

async function answer(options: CheckoutOptions, orderId: number): Promise<CheckoutResult> {
  const { orders } = options;
  const row = await options.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  return { order: await orders.withTransactions(row), next_action: nextActionOf(row) };
}

/**
 * spec §7 POST {card-provider}/buy. One idempotency key = one order and at most one charge: the
 * request whose insert wins charges; every other request with the key gets that order.
 * A free total (a get-free event, a 100 % code) is paid at once without the provider.
 */
export async function buy(options: CheckoutOptions, input: BuyInput): Promise<CheckoutResult> {
  const { db, buyer, provider, orders } = options;
  const fingerprint = requestFingerprint(provider.name, 'buy', input);
  const existing = await orders.findByKey(buyer.channelId, buyer.userId, input.idempotency_key);
  if (existing) return replay(options, existing, fingerprint);

  const product = await pricePurchase(db, buyer.channelId, buyer.userId, input);
  await refuseIfOwned(db, buyer, product, new Date());
  const free = product.amountCents === 0;
  if (!free && input.payment_method === undefined) throw new PurchaseProblem('payment_method', COMMERCE_MESSAGES.selectCard);
  const currency = await channelCurrency(db, buyer.channelId);
  const amount = fromCents(product.amountCents);
  // The order, its coupon redemption and its pending transaction are one database transaction:
  // only the insert that wins the key reserves the code (a replay never redeems twice), and a
  // code with no redemption left undoes the insert, so concurrent buys never exceed max_redemptions.
  const inserted = await insertOrder(options, product, fingerprint, input.idempotency_key, (into) =>
    into.transaction().execute(async (tx) => {
      const inTx = createOrdersRepository(tx);
      const row = await inTx.insertIfNew(
        newOrderValues(buyer, product, {
          amount,
          currency,
          coupon_code: product.couponCode,
          idempotency_key: input.idempotency_key,
          request_fingerprint: fingerprint,
          provider: free ? null : provider.name,
        }),
      );
      if (!row) return undefined;
      if (product.couponId !== null && !(await reserveCouponRedemption(tx, product.couponId, row))) {
        // spec §8: a code used up meanwhile is the same "Wrong promo code" as an unknown one.
        throw new PurchaseProblem('coupon', WRONG_PROMO_CODE);
      }
      await inTx.addTransaction({ channel_id: buyer.channelId, order_id: row.id, kind: kindOf(product), amount, currency });
      return row;
    }),
  );
  if ('replay' in inserted) return inserted.replay;
  const { order } = inserted;
  if (free) {
    await db.transaction().execute((tx) => markPaid(tx, order, new Date(), null, null));
    return answer(options, order.id);
  }
  await settleIntent(options, order, () =>
    provider.charge({
      channelId: buyer.channelId,
      userId: buyer.userId,
      email: buyer.email,
      orderId: order.id,
      amount,
      currency,
      paymentMethod: input.payment_method as string,
      idempotencyKey: `order-${order.id}`,
      saveCard: input.save_card ?? false,
      offSession: false,
      returnUrl: withOrderId(options.returnUrl, order.id),
      description: product.productName,
      kind: 'payment',
    }),
  );
  return answer(options, order.id);
}

/**
 * The site's page to come back to after a card's extra authentication names the order, so the page
 * that opens there (in this tab or another) polls the right one (spec §4).
 */
function withOrderId(returnUrl: string, orderId: number): string {
  const url = new URL(returnUrl);
  url.searchParams.set('order_id', String(orderId));
  return url.toString();
}

/**
 * spec §7 POST {card-provider}/subscription/start_trial: the card is saved and checked through a
 * setup intent; the verified setup webhook starts the trial (spec §6: only while trial_period_used
 * is false), and the renewal job charges when it ends unless auto-renewal was cancelled.
 */
export async function startTrial(options: CheckoutOptions, input: TrialInput): Promise<CheckoutResult> {
  const { db, buyer, provider, orders } = options;
  const fingerprint = requestFingerprint(provider.name, 'start_trial', input);
  const existing = await orders.findByKey(buyer.channelId, buyer.userId, input.idempotency_key);
  if (existing) return replay(options, existing, fingerprint);

  const product = await pricePurchase(db, buyer.channelId, buyer.userId, { type: 'subscription', subscription_id: input.subscription_id });
  if (product.trialPeriod <= 0 || buyer.trialPeriodUsed) throw new PurchaseProblem('subscription_id', TRIAL_NOT_AVAILABLE_MESSAGE);
  await refuseIfOwned(db, buyer, product, new Date());
  const currency = await channelCurrency(db, buyer.channelId);
  const inserted = await insertOrder(options, product, fingerprint, input.idempotency_key, () =>
    orders.insertIfNew(
      newOrderValues(buyer, { ...product, participantId: null, eventCategoryId: null }, {
        amount: 0,
        currency,
        coupon_code: null,
        idempotency_key: input.idempotency_key,
        request_fingerprint: fingerprint,
        provider: provider.name,
      }),
    ),
  );
  if ('replay' in inserted) return inserted.replay;
  const { order } = inserted;
  await settleIntent(options, order, () =>
    provider.setup({
      channelId: buyer.channelId,
      userId: buyer.userId,
      email: buyer.email,
      paymentMethod: input.payment_method,
      orderId: order.id,
      idempotencyKey: `order-${order.id}`,
      returnUrl: withOrderId(options.returnUrl, order.id),
    }),
  );
  return answer(options, order.id);
}

import { randomBytes } from 'node:crypto';
import type { Card } from '@grandstand/contract';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../core/db/schema.ts';
import type { SandboxIntentsTable } from '../tables.ts';
import { FAILURE_REASONS, type CardBehavior, type CheckedCard } from '../cards.ts';
import { signedTokens, type SignedTokens } from '../../../core/tokens.ts';
import { SANDBOX_SIGNATURE_HEADER, verifySandboxSignature } from '../signature.ts';
import { RefundRefusedError, WebhookSignatureError } from '../types.ts';
import type * as Payments from '../types.ts';
import type { WebhookDelivery } from './delivery.ts';

type IntentRow = Selectable<SandboxIntentsTable>;
type IntentKind = 'payment' | 'setup';

/** How long a customer portal link works. */
export const PORTAL_TTL_SECONDS = 3600;

/** The portal link's token (`src/core/tokens.ts`, purpose `sandbox-portal`, keyed from the sandbox secret). */
const PortalPayload = z.object({ channelId: z.number().int(), userId: z.number().int(), returnUrl: z.string() });

export const SANDBOX_PATHS = {
  authenticate: (intentId: string) => `/sandbox/authenticate/${encodeURIComponent(intentId)}`,
  portal: (token: string) => `/sandbox/portal/${token}`,
} as const;

function newId(prefix: string): string {
  return `${prefix}_sbx_${randomBytes(12).toString('base64url')}`;
}

const EventSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(['payment.succeeded', 'payment.failed', 'setup.succeeded', 'setup.failed']),
  created: z.number().int(),
  intentId: z.string().min(1).max(100),
  orderId: z.number().int().nullable(),
  channelId: z.number().int(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  failureReason: z.string().nullable(),
});

function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | string[] | undefined {
  if (name in headers) return headers[name];
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

/** The origin a page link is built on: the return URL's (the site the viewer comes from), else the configured one. */
function originFor(returnUrl: string | null, fallback: string | null): string {
  if (returnUrl) {
    try {
      const url = new URL(returnUrl);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
    } catch {
      // Not a URL: fall back.
    }
  }
  return fallback ?? '';
}

export interface SandboxProviderOptions {
  db: Database;
  /** Signs webhooks and portal links. */
  secret: string;
  delivery: WebhookDelivery;
  /** Origin for page links when a call brings no return URL (e.g. `http://localhost:8080`); else relative. */
  publicOrigin?: string | null;
  /** UTC seconds (tests move it). */
  now?: () => number;
}

export interface PortalSession {
  channelId: number;
  userId: number;
  returnUrl: string;
}

/**
 * The sandbox card processor: a processor's test mode. Cards typed into its card entry
 * become payment methods; the four test cards decide the outcome (succeeds, declined, insufficient
 * funds, extra authentication); every outcome reaches the site as a signed webhook.
 */
export class SandboxProvider implements Payments.CardProviderApi {
  readonly name = 'sandbox' as const;
  readonly #db: Database;
  readonly #secret: string;
  readonly #portalTokens: SignedTokens<z.infer<typeof PortalPayload>>;
  readonly #delivery: WebhookDelivery;
  readonly #publicOrigin: string | null;
  readonly #now: () => number;

  constructor(options: SandboxProviderOptions) {
    this.#db = options.db;
    this.#secret = options.secret;
    this.#portalTokens = signedTokens(options.secret, 'sandbox-portal', PortalPayload);
    this.#delivery = options.delivery;
    this.#publicOrigin = options.publicOrigin ?? null;
    this.#now = options.now ?? (() => Math.floor(Date.now() / 1000));
  }

  get webhookSecret(): string {
    return this.#secret;
  }

  /** The card entry: a checked card becomes a payment method of the channel (and of the viewer, when logged in). */
  async createPaymentMethod(channelId: number, userId: number | null, card: CheckedCard, expMonth: number, expYear: number): Promise<Card> {
    const id = newId('pm');
    await this.#db
      .insertInto('sandbox_payment_methods')
      .values({ id, channel_id: channelId, user_id: userId, customer_id: null, brand: card.brand, last4: card.last4, exp_month: expMonth, exp_year: expYear, behavior: card.behavior })
      .execute();
    return { id, brand: card.brand, last4: card.last4, exp_month: expMonth, exp_year: expYear };
  }

  async charge(input: Payments.ChargeInput): Promise<Payments.IntentResult> {
    return this.#createIntent('payment', input.channelId, input.userId, input.email, input.idempotencyKey, input.paymentMethod, {
      order_id: input.orderId,
      amount: input.amount,
      currency: input.currency,
      description: input.description,
      save_card: input.saveCard,
      off_session: input.offSession,
      return_url: input.returnUrl,
    });
  }

  async setup(input: Payments.SetupInput): Promise<Payments.IntentResult> {
    return this.#createIntent('setup', input.channelId, input.userId, input.email, input.idempotencyKey, input.paymentMethod, {
      order_id: input.orderId,
      amount: null,
      currency: null,
      description: null,
      save_card: true,
      off_session: false,
      return_url: input.returnUrl,
    });
  }

  /**
   * Cancels an intent still waiting for its extra authentication: it becomes `canceled`, its
   * challenge page refuses to complete and no webhook follows. An intent that already reached an
   * outcome keeps it and the answer says which (a processor never cancels money it has taken).
   */
  async cancel(input: Payments.CancelInput): Promise<Payments.CancelResult> {
    const canceled = await this.#db
      .updateTable('sandbox_intents')
      .set({ status: 'canceled' })
      .where('id', '=', input.intentId)
      .where('channel_id', '=', input.channelId)
      .where('user_id', '=', input.userId)
      .where('status', '=', 'requires_action')
      .returningAll()
      .executeTakeFirst();
    const row =
      canceled ??
      (await this.#db.selectFrom('sandbox_intents').selectAll().where('id', '=', input.intentId).where('channel_id', '=', input.channelId).where('user_id', '=', input.userId).executeTakeFirst());
    if (!row) throw new Error(`sandbox intent ${input.intentId} does not exist`);
    const card = row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null;
    const status = row.status === 'succeeded' || row.status === 'failed' || row.status === 'canceled' ? row.status : 'processing';
    return { intentId: row.id, status, card };
  }

  /**
   * Gives a succeeded payment back in full, once: the first refund's id is kept and every later
   * ask (the same support click twice, two operators) answers that same refund. A payment that was
   * never taken, a card check, or another channel's intent is refused.
   */
  async refund(input: Payments.RefundInput): Promise<Payments.RefundResult> {
    const refundId = newId('re');
    const row = await this.#db
      .updateTable('sandbox_intents')
      .set((eb) => ({
        refund_id: eb.fn.coalesce('refund_id', eb.val(refundId)),
        refunded_at: eb.fn.coalesce('refunded_at', eb.val(new Date(this.#now() * 1000))),
        refunded_amount: eb.fn.coalesce('refunded_amount', eb.ref('amount')),
      }))
      .where('id', '=', input.intentId)
      .where('channel_id', '=', input.channelId)
      .where('kind', '=', 'payment')
      .where('status', '=', 'succeeded')
      .returning(['refund_id', 'refunded_amount'])
      .executeTakeFirst();
    if (!row?.refund_id) throw new RefundRefusedError(`sandbox payment ${input.intentId} was not taken on this channel: nothing to refund`);
    return { refundId: row.refund_id, status: 'succeeded', amount: Number(row.refunded_amount ?? 0) };
  }

  async lookup(channelId: number, intentId: string): Promise<Payments.PaymentLookup | null> {
    const row = await this.#db.selectFrom('sandbox_intents').select(['status', 'refund_id']).where('id', '=', intentId).where('channel_id', '=', channelId).executeTakeFirst();
    return row ? { status: row.status, refunded: row.refund_id !== null } : null;
  }

  async listCards(channelId: number, userId: number): Promise<Card[]> {
    const rows = await this.#db
      .selectFrom('sandbox_payment_methods as pm')
      .innerJoin('sandbox_customers as c', 'c.id', 'pm.customer_id')
      .where('c.channel_id', '=', channelId)
      .where('c.user_id', '=', userId)
      .select(['pm.id', 'pm.brand', 'pm.last4', 'pm.exp_month', 'pm.exp_year'])
      .orderBy('pm.created_at', 'desc')
      .orderBy('pm.id')
      .execute();
    return rows.map((r) => ({ id: r.id, brand: r.brand, last4: r.last4, exp_month: r.exp_month, exp_year: r.exp_year }));
  }

  async customerPortalUrl(channelId: number, userId: number, _email: string, returnUrl: string): Promise<string> {
    const token = this.#portalTokens.sign({ channelId, userId, returnUrl }, this.#now() + PORTAL_TTL_SECONDS);
    return `${originFor(returnUrl, this.#publicOrigin)}${SANDBOX_PATHS.portal(token)}`;
  }

  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): Payments.PaymentEvent {
    verifySandboxSignature(rawBody, headerOf(headers, SANDBOX_SIGNATURE_HEADER), this.#secret, this.#now());
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      throw new WebhookSignatureError('The webhook body is not JSON.');
    }
    const event = EventSchema.safeParse(parsed);
    if (!event.success) throw new WebhookSignatureError('The webhook body is not a payment event.');
    return event.data;
  }

  /** Payments the sandbox has taken on (one per idempotency key), declined ones included. */
  async chargeCount(channelId?: number): Promise<number> {
    let query = this.#db.selectFrom('sandbox_intents').where('kind', '=', 'payment');
    if (channelId !== undefined) query = query.where('channel_id', '=', channelId);
    const row = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Waits until every queued webhook was delivered or given up on. */
  flushWebhooks(): Promise<void> {
    return this.#delivery.flush();
  }

  async intent(intentId: string): Promise<IntentRow | undefined> {
    return this.#db.selectFrom('sandbox_intents').selectAll().where('id', '=', intentId).executeTakeFirst();
  }

  /**
   * The viewer's answer on the challenge page. Only an intent still waiting for it moves (a second
   * click changes nothing); the outcome goes out as a webhook. Returns the intent as it now is.
   */
  async completeAuthentication(intentId: string, passed: boolean): Promise<IntentRow | undefined> {
    const updated = await this.#db
      .updateTable('sandbox_intents')
      .set({ status: passed ? 'succeeded' : 'failed', failure_reason: passed ? null : FAILURE_REASONS.authentication })
      .where('id', '=', intentId)
      .where('status', '=', 'requires_action')
      .returningAll()
      .executeTakeFirst();
    if (!updated) return this.intent(intentId);
    if (passed && updated.save_card && updated.payment_method_id) {
      const customer = await this.#db.selectFrom('users').select('email').where('id', '=', updated.user_id).executeTakeFirst();
      await this.#attach(updated.channel_id, updated.user_id, customer?.email ?? '', updated.payment_method_id);
    }
    await this.#emit(updated);
    return updated;
  }

  /** The portal link's session, when the link is genuine and not expired. */
  portalSession(token: string): PortalSession | null {
    return this.#portalTokens.verify(token, this.#now());
  }

  /** Removes a saved card from the viewer's customer: it can no longer be charged. */
  async removeCard(channelId: number, userId: number, paymentMethodId: string): Promise<boolean> {
    const customer = await this.#customerId(channelId, userId);
    if (customer === null) return false;
    const result = await this.#db
      .deleteFrom('sandbox_payment_methods')
      .where('id', '=', paymentMethodId)
      .where('channel_id', '=', channelId)
      .where('customer_id', '=', customer)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async #createIntent(
    kind: IntentKind,
    channelId: number,
    userId: number,
    email: string,
    idempotencyKey: string,
    paymentMethodId: string,
    fields: Pick<IntentRow, 'order_id' | 'amount' | 'currency' | 'description' | 'save_card' | 'off_session' | 'return_url'>,
  ): Promise<Payments.IntentResult> {
    const existing = await this.#intentByKey(channelId, userId, kind, idempotencyKey);
    if (existing) return this.#resultOf(existing);
    const pm = await this.#usablePaymentMethod(channelId, userId, paymentMethodId);
    const outcome = pm ? this.#outcome(kind, pm.behavior as CardBehavior, fields.off_session) : { status: 'failed' as const, reason: FAILURE_REASONS.unknownPaymentMethod };
    const inserted = await this.#db
      .insertInto('sandbox_intents')
      .values({
        id: newId(kind === 'payment' ? 'pi' : 'seti'),
        channel_id: channelId,
        user_id: userId,
        kind,
        status: outcome.status,
        payment_method_id: pm ? pm.id : null,
        idempotency_key: idempotencyKey,
        card_brand: pm ? pm.brand : null,
        card_last4: pm ? pm.last4 : null,
        failure_reason: outcome.reason,
        ...fields,
      })
      .onConflict((oc) => oc.columns(['channel_id', 'user_id', 'kind', 'idempotency_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) {
      // Another request with the same key won the insert: it alone acts; this one reports its intent.
      const winner = await this.#intentByKey(channelId, userId, kind, idempotencyKey);
      if (!winner) throw new Error('sandbox intent vanished after an idempotency conflict');
      return this.#resultOf(winner);
    }
    if (inserted.status === 'succeeded' && inserted.save_card && pm) await this.#attach(channelId, userId, email, pm.id);
    if (inserted.status !== 'requires_action') await this.#emit(inserted);
    return this.#resultOf(inserted);
  }

  #outcome(kind: IntentKind, behavior: CardBehavior, offSession: boolean): { status: 'succeeded' | 'failed' | 'requires_action'; reason: string | null } {
    switch (behavior) {
      case 'decline':
        return { status: 'failed', reason: FAILURE_REASONS.decline };
      case 'insufficient_funds':
        // A card check moves no money: only a payment can lack funds (a trial's card passes, its first charge fails).
        return kind === 'setup' ? { status: 'succeeded', reason: null } : { status: 'failed', reason: FAILURE_REASONS.insufficient_funds };
      case 'authenticate':
        // Off session (a renewal) nobody is there to authenticate.
        return offSession ? { status: 'failed', reason: FAILURE_REASONS.authentication } : { status: 'requires_action', reason: null };
      default:
        return { status: 'succeeded', reason: null };
    }
  }

  #resultOf(row: IntentRow): Payments.IntentResult {
    const card = row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null;
    if (row.status === 'requires_action') {
      return {
        intentId: row.id,
        status: 'requires_action',
        nextActionUrl: `${originFor(row.return_url, this.#publicOrigin)}${SANDBOX_PATHS.authenticate(row.id)}`,
        card,
        failureReason: null,
      };
    }
    if (row.status === 'failed' || row.status === 'canceled') return { intentId: row.id, status: 'failed', nextActionUrl: null, card, failureReason: row.failure_reason };
    // Succeeded at the processor; the site learns it from the webhook, as with any processor.
    return { intentId: row.id, status: 'processing', nextActionUrl: null, card, failureReason: null };
  }

  /** Queues the intent's outcome as a webhook (stored before the call answers, so a restart keeps it). */
  async #emit(row: IntentRow): Promise<void> {
    const succeeded = row.status === 'succeeded';
    const type: Payments.PaymentEventType = row.kind === 'setup' ? (succeeded ? 'setup.succeeded' : 'setup.failed') : succeeded ? 'payment.succeeded' : 'payment.failed';
    await this.#delivery.send({
      id: newId('evt'),
      type,
      created: this.#now(),
      intentId: row.id,
      orderId: row.order_id,
      channelId: row.channel_id,
      card: row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
      failureReason: succeeded ? null : row.failure_reason,
    });
  }

  async #intentByKey(channelId: number, userId: number, kind: IntentKind, key: string): Promise<IntentRow | undefined> {
    return this.#db
      .selectFrom('sandbox_intents')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  }

  /** A card of this channel the viewer may use: one typed in by them (or before they logged in), or saved to their customer. */
  async #usablePaymentMethod(channelId: number, userId: number, id: string) {
    const pm = await this.#db.selectFrom('sandbox_payment_methods').selectAll().where('id', '=', id).where('channel_id', '=', channelId).executeTakeFirst();
    if (!pm) return undefined;
    if (pm.customer_id !== null) return pm.customer_id === (await this.#customerId(channelId, userId)) ? pm : undefined;
    return pm.user_id === null || pm.user_id === userId ? pm : undefined;
  }

  async #customerId(channelId: number, userId: number): Promise<string | null> {
    const row = await this.#db.selectFrom('sandbox_customers').select('id').where('channel_id', '=', channelId).where('user_id', '=', userId).executeTakeFirst();
    return row?.id ?? null;
  }

  /** Saves the card to the viewer's customer (created on first use). */
  async #attach(channelId: number, userId: number, email: string, paymentMethodId: string): Promise<void> {
    await this.#db
      .insertInto('sandbox_customers')
      .values({ id: newId('cus'), channel_id: channelId, user_id: userId, email })
      .onConflict((oc) => oc.columns(['channel_id', 'user_id']).doNothing())
      .execute();
    const customer = await this.#customerId(channelId, userId);
    await this.#db
      .updateTable('sandbox_payment_methods')
      .set({ customer_id: customer, user_id: userId })
      .where('id', '=', paymentMethodId)
      .where('channel_id', '=', channelId)
      .where('customer_id', 'is', null)
      .execute();
  }
}

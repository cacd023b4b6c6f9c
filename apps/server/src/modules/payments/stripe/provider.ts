import { type Card, WEBHOOK_TOLERANCE_SECONDS } from '@grandstand/contract';
import Stripe from 'stripe';
import { FAILURE_REASONS } from '../cards.ts';
import { RefundRefusedError, WebhookSignatureError } from '../types.ts';
import type * as Payments from '../types.ts';

/**
 * A genuine Stripe event this site does not act on (the endpoint should be subscribed to the four
 * events below only). Not a forgery: the webhook route may answer 200 so Stripe stops retrying.
 */
export class UnhandledWebhookEventError extends Error {
  override name = 'UnhandledWebhookEventError';
}

/** The Stripe events the site acts on (configure the webhook endpoint with these). */
export const STRIPE_EVENT_TYPES: Readonly<Record<string, Payments.PaymentEventType>> = {
  'payment_intent.succeeded': 'payment.succeeded',
  'payment_intent.payment_failed': 'payment.failed',
  'setup_intent.succeeded': 'setup.succeeded',
  'setup_intent.setup_failed': 'setup.failed',
};

// Stripe amounts are in the currency's minor unit; these currencies have none.
const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);

export function toMinorUnits(amount: number, currency: string): number {
  return ZERO_DECIMAL.has(currency.toLowerCase()) ? Math.round(amount) : Math.round(amount * 100);
}

export interface StripeProviderOptions {
  /** STRIPE_SECRET_KEY (sk_live_… / sk_test_… / rk_…). */
  secretKey: string;
  /** STRIPE_WEBHOOK_SECRET (whsec_…): the endpoint's signing secret. */
  webhookSecret: string;
  /** A client to use instead of one built from the key (tests). */
  client?: Stripe;
}

type CardDetails = { brand: string; last4: string } | null;

function cardOf(method: string | Stripe.PaymentMethod | null | undefined): CardDetails {
  if (!method || typeof method === 'string' || !method.card) return null;
  return { brand: method.card.brand, last4: method.card.last4 };
}

/** The last refusal of a charge (PaymentIntent) or a card check (SetupIntent). */
function lastErrorOf(intent: Stripe.PaymentIntent | Stripe.SetupIntent) {
  return 'last_payment_error' in intent ? intent.last_payment_error : 'last_setup_error' in intent ? intent.last_setup_error : null;
}

/** A charge's or a card check's state as the site's IntentResult. */
function intentResult(intent: Stripe.PaymentIntent | Stripe.SetupIntent): Payments.IntentResult {
  const card = cardOf(intent.payment_method);
  switch (intent.status) {
    case 'requires_action':
      return { intentId: intent.id, status: 'requires_action', nextActionUrl: intent.next_action?.redirect_to_url?.url ?? null, card, failureReason: null };
    case 'requires_payment_method':
    case 'canceled':
      return { intentId: intent.id, status: 'failed', nextActionUrl: null, card, failureReason: lastErrorOf(intent)?.message ?? FAILURE_REASONS.decline };
    default:
      // succeeded or processing: the site fulfils on the webhook.
      return { intentId: intent.id, status: 'processing', nextActionUrl: null, card, failureReason: null };
  }
}

function metadataNumber(metadata: Stripe.Metadata | null | undefined, key: string): number | null {
  const value = metadata?.[key];
  return value !== undefined && /^[0-9]+$/.test(value) ? Number(value) : null;
}

/**
 * Stripe through its official SDK: a charge is a PaymentIntent created and confirmed at
 * once under an idempotency key; a card check is a SetupIntent; saved cards are the payment methods
 * of a Stripe customer found (or created) by the metadata channel_id + user_id; the customer portal
 * is Stripe's billing portal. Outcomes arrive as Stripe webhooks, checked by constructEvent.
 */
export class StripeProvider implements Payments.CardProviderApi {
  readonly name = 'stripe' as const;
  readonly #stripe: Stripe;
  readonly #webhookSecret: string;
  readonly #customers = new Map<string, Promise<string>>();

  constructor(options: StripeProviderOptions) {
    this.#stripe = options.client ?? new Stripe(options.secretKey, { maxNetworkRetries: 2, appInfo: { name: 'Grandstand' } });
    this.#webhookSecret = options.webhookSecret;
  }

  async charge(input: Payments.ChargeInput): Promise<Payments.IntentResult> {
    const customer = await this.#customer(input.channelId, input.userId, input.email);
    try {
      const intent = await this.#stripe.paymentIntents.create(
        {
          amount: toMinorUnits(input.amount, input.currency),
          currency: input.currency.toLowerCase(),
          customer,
          payment_method: input.paymentMethod,
          allowed_payment_method_types: ['card'],
          confirm: true,
          ...(input.offSession ? { off_session: true } : {}),
          ...(input.saveCard && !input.offSession ? { setup_future_usage: 'off_session' as const } : {}),
          ...(input.returnUrl && !input.offSession ? { return_url: input.returnUrl } : {}),
          description: input.description,
          metadata: { channel_id: String(input.channelId), user_id: String(input.userId), order_id: String(input.orderId) },
          expand: ['payment_method'],
        },
        { idempotencyKey: `charge-${input.channelId}-${input.userId}-${input.idempotencyKey}` },
      );
      return intentResult(intent);
    } catch (error) {
      return this.#cardFailure(error);
    }
  }

  async setup(input: Payments.SetupInput): Promise<Payments.IntentResult> {
    const customer = await this.#customer(input.channelId, input.userId, input.email);
    try {
      const intent = await this.#stripe.setupIntents.create(
        {
          customer,
          payment_method: input.paymentMethod,
          allowed_payment_method_types: ['card'],
          usage: 'off_session',
          confirm: true,
          ...(input.returnUrl ? { return_url: input.returnUrl } : {}),
          metadata: { channel_id: String(input.channelId), user_id: String(input.userId), order_id: input.orderId === null ? '' : String(input.orderId) },
          expand: ['payment_method'],
        },
        { idempotencyKey: `setup-${input.channelId}-${input.userId}-${input.idempotencyKey}` },
      );
      return intentResult(intent);
    } catch (error) {
      return this.#cardFailure(error);
    }
  }

  /**
   * `paymentIntents.cancel` (`setupIntents.cancel` for a card check). Stripe refuses to cancel an
   * intent that already succeeded (or is processing): the intent is then read back and its real
   * status answered, so the caller never fails an order whose money was taken without knowing it.
   */
  async cancel(input: Payments.CancelInput): Promise<Payments.CancelResult> {
    const setup = input.intentId.startsWith('seti_');
    let intent: Stripe.PaymentIntent | Stripe.SetupIntent;
    try {
      intent = setup
        ? await this.#stripe.setupIntents.cancel(input.intentId, { cancellation_reason: 'abandoned', expand: ['payment_method'] })
        : await this.#stripe.paymentIntents.cancel(input.intentId, { cancellation_reason: 'abandoned', expand: ['payment_method'] });
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      intent = setup
        ? await this.#stripe.setupIntents.retrieve(input.intentId, { expand: ['payment_method'] })
        : await this.#stripe.paymentIntents.retrieve(input.intentId, { expand: ['payment_method'] });
    }
    if (intent.metadata?.channel_id !== String(input.channelId)) throw new Error(`Stripe intent ${input.intentId} is not this channel's`);
    const card = cardOf(intent.payment_method);
    switch (intent.status) {
      case 'canceled':
        return { intentId: intent.id, status: 'canceled', card };
      case 'succeeded':
        return { intentId: intent.id, status: 'succeeded', card };
      case 'requires_payment_method':
        return { intentId: intent.id, status: 'failed', card };
      default:
        return { intentId: intent.id, status: 'processing', card };
    }
  }

  /**
   * `refunds.create` on the payment intent, in full, under an idempotency key of the order (two
   * clicks make one refund). The intent is read first: a refund is made only for this channel's
   * payment (its metadata), and Stripe's refusal (not captured, already refunded by the dashboard)
   * is a RefundRefusedError; anything else (Stripe unreachable) is thrown as it is.
   */
  async refund(input: Payments.RefundInput): Promise<Payments.RefundResult> {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.#stripe.paymentIntents.retrieve(input.intentId);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new RefundRefusedError(error.message);
      throw error;
    }
    if (intent.metadata?.channel_id !== String(input.channelId)) throw new RefundRefusedError(`Stripe payment ${input.intentId} is not this channel's`);
    try {
      const refund = await this.#stripe.refunds.create(
        { payment_intent: input.intentId, reason: 'requested_by_customer', metadata: { channel_id: String(input.channelId), order_id: String(input.orderId), note: input.reason.slice(0, 450) } },
        { idempotencyKey: `refund-${input.channelId}-${input.idempotencyKey}` },
      );
      if (refund.status === 'failed' || refund.status === 'canceled') throw new RefundRefusedError(refund.failure_reason ?? `Stripe refund ${refund.id} ${refund.status}`);
      return { refundId: refund.id, status: refund.status === 'succeeded' ? 'succeeded' : 'pending', amount: refund.amount / (toMinorUnits(1, refund.currency) || 1) };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new RefundRefusedError(error.message);
      throw error;
    }
  }

  async lookup(channelId: number, intentId: string): Promise<Payments.PaymentLookup | null> {
    try {
      const intent = await this.#stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
      if (intent.metadata?.channel_id !== String(channelId)) return null;
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      return { status: intent.status, refunded: charge?.refunded === true };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
      throw error;
    }
  }

  async listCards(channelId: number, userId: number): Promise<Card[]> {
    const customer = await this.#findCustomer(channelId, userId);
    if (customer === null) return [];
    const methods = await this.#stripe.paymentMethods.list({ customer, type: 'card', limit: 100 });
    return methods.data.flatMap((m) => (m.card ? [{ id: m.id, brand: m.card.brand, last4: m.card.last4, exp_month: m.card.exp_month, exp_year: m.card.exp_year }] : []));
  }

  async customerPortalUrl(channelId: number, userId: number, email: string, returnUrl: string): Promise<string> {
    const customer = await this.#customer(channelId, userId, email);
    const session = await this.#stripe.billingPortal.sessions.create({ customer, return_url: returnUrl });
    return session.url;
  }

  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): Payments.PaymentEvent {
    const header = headers['stripe-signature'];
    if (typeof header !== 'string') throw new WebhookSignatureError('The Stripe-Signature header is missing.');
    let event: Stripe.Event;
    try {
      event = this.#stripe.webhooks.constructEvent(rawBody, header, this.#webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'The Stripe signature is invalid.');
    }
    return toPaymentEvent(event);
  }

  /** A declined card is an answer, not an error: Stripe raises it as StripeCardError. */
  #cardFailure(error: unknown): Payments.IntentResult {
    if (error instanceof Stripe.errors.StripeCardError) {
      const intentId = error.payment_intent?.id ?? error.setup_intent?.id ?? error.requestId ?? 'unknown';
      const card = cardOf(error.payment_method);
      return { intentId, status: 'failed', nextActionUrl: null, card, failureReason: error.message || FAILURE_REASONS.decline };
    }
    throw error;
  }

  async #findCustomer(channelId: number, userId: number): Promise<string | null> {
    const cached = this.#customers.get(`${channelId}:${userId}`);
    if (cached) return cached;
    const found = await this.#stripe.customers.search({
      query: `metadata['channel_id']:'${channelId}' AND metadata['user_id']:'${userId}'`,
      limit: 1,
    });
    const id = found.data[0]?.id ?? null;
    if (id !== null) this.#customers.set(`${channelId}:${userId}`, Promise.resolve(id));
    return id;
  }

  /** The viewer's Stripe customer, created on first need (an idempotency key keeps concurrent first calls to one). */
  #customer(channelId: number, userId: number, email: string): Promise<string> {
    const key = `${channelId}:${userId}`;
    let pending = this.#customers.get(key);
    if (!pending) {
      pending = (async () => {
        const existing = await this.#findCustomer(channelId, userId);
        if (existing !== null) return existing;
        const created = await this.#stripe.customers.create(
          { email, metadata: { channel_id: String(channelId), user_id: String(userId) } },
          { idempotencyKey: `customer-${channelId}-${userId}` },
        );
        return created.id;
      })();
      pending.catch(() => this.#customers.delete(key));
      this.#customers.set(key, pending);
    }
    return pending;
  }
}

/** A verified Stripe event as the site's PaymentEvent (metadata channel_id and order_id set by charge / setup). */
export function toPaymentEvent(event: Stripe.Event): Payments.PaymentEvent {
  const type = STRIPE_EVENT_TYPES[event.type];
  if (!type) throw new UnhandledWebhookEventError(`Stripe event ${event.type} is not handled.`);
  const object = event.data.object as Stripe.PaymentIntent | Stripe.SetupIntent;
  const channelId = metadataNumber(object.metadata, 'channel_id');
  if (channelId === null) throw new UnhandledWebhookEventError(`Stripe event ${event.id} is not about a Grandstand charge.`);
  const lastError = lastErrorOf(object);
  const failed = type === 'payment.failed' || type === 'setup.failed';
  return {
    id: event.id,
    type,
    created: event.created,
    intentId: object.id,
    orderId: metadataNumber(object.metadata, 'order_id'),
    channelId,
    card: cardOf(object.payment_method) ?? cardOf(lastError?.payment_method),
    failureReason: failed ? (lastError?.message ?? FAILURE_REASONS.decline) : null,
  };
}

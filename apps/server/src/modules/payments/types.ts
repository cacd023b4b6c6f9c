import type { Card, CardProvider } from '@grandstand/contract';

/**
 * The card providers behind spec §7 {card-provider} routes: `sandbox` (a card processor's
 * test mode, built in) and `stripe`. The outcome of every charge or setup arrives later as a signed
 * webhook; fulfilment happens only there.
 */

export interface ChargeInput {
  channelId: number;
  userId: number;
  email: string;
  orderId: number;
  amount: number;
  currency: string;
  /** A payment method from the provider's card entry or a saved card id. */
  paymentMethod: string;
  idempotencyKey: string;
  saveCard: boolean;
  /** A renewal charged without the viewer (no extra authentication possible). */
  offSession: boolean;
  /** Absolute URL the viewer returns to after an extra authentication step. */
  returnUrl: string | null;
  description: string;
  kind: 'payment';
}

export interface IntentResult {
  intentId: string;
  status: 'processing' | 'requires_action' | 'failed';
  nextActionUrl: string | null;
  card: { brand: string; last4: string } | null;
  failureReason: string | null;
}

export interface SetupInput {
  channelId: number;
  userId: number;
  email: string;
  paymentMethod: string;
  orderId: number | null;
  idempotencyKey: string;
  returnUrl: string | null;
}

export interface CancelInput {
  channelId: number;
  userId: number;
  /** The payment or setup intent to cancel. */
  intentId: string;
}

/**
 * Where the intent stands after the cancel: `canceled` (it can no longer take money), or the
 * outcome it had already reached (`succeeded`: the money was taken; `failed`), or `processing`
 * when the provider could not stop it. The caller acts on what is true, not on what it asked.
 */
export interface CancelResult {
  intentId: string;
  status: 'canceled' | 'succeeded' | 'failed' | 'processing';
  card: { brand: string; last4: string } | null;
}

export interface RefundInput {
  channelId: number;
  orderId: number;
  /** The payment intent to refund, in full. */
  intentId: string;
  /** Why, as support wrote it (kept by the provider where it takes a note). */
  reason: string;
  /** The same key gives the same refund however often it is asked (two clicks, two operators). */
  idempotencyKey: string;
}

/** A refund the provider accepted (`pending`: it will settle on the provider's side; no money stays with the channel). */
export interface RefundResult {
  refundId: string;
  status: 'succeeded' | 'pending';
  amount: number;
}

/** The provider refused the refund (a payment not taken, another channel's, refunded by other means): nothing changed. */
export class RefundRefusedError extends Error {
  override name = 'RefundRefusedError';
}

/** The provider's own record of a payment, as support sees it. */
export interface PaymentLookup {
  status: string;
  refunded: boolean;
}

export type PaymentEventType = 'payment.succeeded' | 'payment.failed' | 'setup.succeeded' | 'setup.failed';

export interface PaymentEvent {
  id: string;
  type: PaymentEventType;
  /** Unix seconds. */
  created: number;
  intentId: string;
  orderId: number | null;
  channelId: number;
  card: { brand: string; last4: string } | null;
  failureReason: string | null;
}

/** A webhook that is forged, malformed or older than WEBHOOK_TOLERANCE_SECONDS. */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export interface CardProviderApi {
  readonly name: CardProvider;
  /** The outcome arrives later as a webhook (even for instant successes). */
  charge(input: ChargeInput): Promise<IntentResult>;
  /** Saves and checks a card (trials); webhook setup.succeeded / setup.failed. */
  setup(input: SetupInput): Promise<IntentResult>;
  /**
   * Cancels an intent still waiting (an abandoned extra authentication, a renewal whose webhook
   * never came), so a late step can no longer take money. Throws when the provider cannot be reached.
   */
  cancel(input: CancelInput): Promise<CancelResult>;
  /**
   * Gives a taken payment back in full (support's refund, spec §9's exception). Idempotent by
   * `idempotencyKey`. Throws RefundRefusedError when the provider will not, any other error when
   * it cannot be reached.
   */
  refund(input: RefundInput): Promise<RefundResult>;
  /** The payment as the provider has it; null when it does not know it (or it is another channel's). */
  lookup(channelId: number, intentId: string): Promise<PaymentLookup | null>;
  listCards(channelId: number, userId: number): Promise<Card[]>;
  customerPortalUrl(channelId: number, userId: number, email: string, returnUrl: string): Promise<string>;
  /** Throws WebhookSignatureError. */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): PaymentEvent;
}

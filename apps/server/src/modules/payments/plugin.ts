import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { CardProvider } from '@grandstand/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentsOptions } from './config.ts';
import { WebhookDelivery, type WebhookTarget } from './sandbox/delivery.ts';
import { SandboxProvider } from './sandbox/provider.ts';
import { StripeProvider } from './stripe/provider.ts';
import type { CardProviderApi, PaymentEvent } from './types.ts';

/** The sandbox as tests and the orders see it, beyond the provider interface. */
export interface SandboxHandle {
  /** Payments taken on (one per idempotency key), declined ones included. */
  chargeCount(channelId?: number): Promise<number>;
  readonly webhookSecret: string;
  /** Resolves when every queued webhook was delivered or given up on. */
  flushWebhooks(): Promise<void>;
  readonly provider: SandboxProvider;
  readonly delivery: WebhookDelivery;
  /** The sandbox's clock, in UTC seconds (tests move it): its card entry checks expiry dates against it. */
  readonly now: () => number;
}

export interface Payments {
  /** The provider by name; null for stripe when it is not configured, for the sandbox when it is off. */
  provider(name: CardProvider): CardProviderApi | null;
  readonly defaultProvider: CardProvider;
  /** Stripe's publishable key for the site's card form; null unless Stripe is configured with one. */
  readonly publishableKey: string | null;
  /** The sandbox is the provider or enabled for a demo (PAYMENT_SANDBOX=on); otherwise none of it answers. */
  readonly sandboxEnabled: boolean;
  /** Registers a handler; `dispatch` runs them all (a convenience for whoever verifies webhooks). */
  onEvent(handler: (event: PaymentEvent) => Promise<void>): void;
  dispatch(event: PaymentEvent): Promise<void>;
  readonly sandbox: SandboxHandle;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Card providers (src/payments): sandbox always, stripe when configured. */
    payments: Payments;
  }
}

declare module '../../core/appOptions.ts' {
  interface ModuleOptions {
    /** Card providers; `serve` passes them from `loadConfig().payments`. */
    payments?: PaymentsOptions;
  }
}

export const SANDBOX_WEBHOOK_PATH = '/api/sandbox/webhook';

/** This server's own webhook address once it listens; in-process before (an app driven by inject). */
function ownWebhookTarget(app: FastifyInstance): WebhookTarget {
  const address = app.server.listening ? app.server.address() : null;
  if (address !== null && typeof address === 'object') {
    const { address: host, family, port } = address as AddressInfo;
    const loopback = host === '0.0.0.0' || host === '::' ? (family === 'IPv6' ? '[::1]' : '127.0.0.1') : family === 'IPv6' ? `[${host}]` : host;
    return `http://${loopback}:${port}${SANDBOX_WEBHOOK_PATH}`;
  }
  return async ({ body, headers }) => (await app.inject({ method: 'POST', url: SANDBOX_WEBHOOK_PATH, headers, payload: body })).statusCode;
}

/**
 * Card payments: decorates `app.payments`. The sandbox's card entry
 * (POST /api/sandbox/payment_methods) and its pages (/sandbox/authenticate/:intentId,
 * /sandbox/portal/:token) are in `modules/payments/sandbox/routes.ts`; the webhook route belongs to the orders.
 */
export default fp<PaymentsOptions>(
  async (app, options) => {
    const sandboxOptions = options.sandbox ?? {};
    const secret = sandboxOptions.webhookSecret ?? randomBytes(32).toString('base64url');
    const now = sandboxOptions.now ?? (() => Math.floor(Date.now() / 1000));
    const delivery = new WebhookDelivery({
      db: app.db,
      secret,
      now,
      target: () => sandboxOptions.webhookUrl ?? ownWebhookTarget(app),
      ...(sandboxOptions.deliveryDelayMs !== undefined ? { delayMs: sandboxOptions.deliveryDelayMs } : {}),
      ...(sandboxOptions.retryDelaysMs !== undefined ? { retryDelaysMs: sandboxOptions.retryDelaysMs } : {}),
      onFailure: (event, error, attempt, final) =>
        app.log[final ? 'error' : 'warn']({ event: event.id, type: event.type, attempt, error }, final ? 'sandbox webhook given up' : 'sandbox webhook failed; retrying'),
    });
    const sandbox = new SandboxProvider({ db: app.db, secret, delivery, publicOrigin: sandboxOptions.publicOrigin ?? null, now });
    const stripe = options.stripe ? new StripeProvider(options.stripe) : null;
    const defaultProvider: CardProvider = options.defaultProvider === 'stripe' && stripe ? 'stripe' : 'sandbox';
    // The sandbox approves test cards and signs its own success webhooks: reachable beside a real
    // provider it would hand out access for free, so only where it is the provider or asked for.
    const sandboxEnabled = defaultProvider === 'sandbox' || options.sandboxEnabled === true;
    const handlers: Array<(event: PaymentEvent) => Promise<void>> = [];

    const payments: Payments = {
      provider: (name) => (name === 'sandbox' ? (sandboxEnabled ? sandbox : null) : name === 'stripe' ? stripe : null),
      defaultProvider,
      publishableKey: options.stripe?.publishableKey ?? null,
      sandboxEnabled,
      onEvent: (handler) => void handlers.push(handler),
      dispatch: async (event) => {
        for (const handler of handlers) await handler(event);
      },
      sandbox: {
        chargeCount: (channelId) => sandbox.chargeCount(channelId),
        webhookSecret: secret,
        flushWebhooks: () => delivery.flush(),
        provider: sandbox,
        delivery,
        now,
      },
    };
    app.decorate('payments', payments);
    // Deliveries left by a restart (or queued by another process) go out once the server is ready;
    // retrying stops before the server and the database go away.
    app.addHook('onReady', async () => delivery.start());
    app.addHook('preClose', async () => delivery.close());
  },
  { name: 'payments', dependencies: ['db'] },
);

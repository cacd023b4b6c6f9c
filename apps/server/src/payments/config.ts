import type { CardProvider } from '@grandstand/contract';
import { dataDirFile, loadOrCreateSecret } from '../secrets.ts';

export interface SandboxOptions {
  /** Signs the sandbox's webhooks and portal links. Default: random in memory (tests, tools); `serve` passes the stored one. */
  webhookSecret?: string;
  /** Where webhooks are POSTed. Default: this server's own listening address + /api/sandbox/webhook (in-process when not listening). */
  webhookUrl?: string | null;
  /** Wait before a webhook's first attempt (default 300 ms). */
  deliveryDelayMs?: number;
  /** Waits between attempts (default 1 s, 5 s, 25 s, 2 min). */
  retryDelaysMs?: number[];
  /** Origin of the challenge and portal pages when a call brings no return URL. */
  publicOrigin?: string | null;
  /** The clock in UTC seconds (tests move it). */
  now?: () => number;
}

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
}

export interface PaymentsOptions {
  /** The provider the site uses (settings.payments.provider). Default: sandbox. */
  defaultProvider?: CardProvider;
  sandbox?: SandboxOptions;
  /** Stripe is offered only when configured. */
  stripe?: StripeOptions | null;
}

/** The sandbox secret's file sits beside the PGlite data (`.data/sandbox-webhook-secret` by default). */
export function sandboxSecretFile(env: NodeJS.ProcessEnv = process.env): string {
  return dataDirFile('sandbox-webhook-secret', env);
}

/**
 * `SANDBOX_WEBHOOK_SECRET`, else a random secret generated once and kept in the data dir, so
 * webhooks signed before a restart (and retried after it) still verify (as the media secret does).
 */
export function loadOrCreateSandboxWebhookSecret(env: NodeJS.ProcessEnv = process.env): string {
  return loadOrCreateSecret(env.SANDBOX_WEBHOOK_SECRET, sandboxSecretFile(env));
}

/**
 * What `serve` runs with: PAYMENT_PROVIDER (sandbox | stripe; stripe only when STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET are set), SANDBOX_WEBHOOK_SECRET (or the stored one), SANDBOX_WEBHOOK_URL.
 */
export function paymentsConfigFromEnv(env: NodeJS.ProcessEnv = process.env): PaymentsOptions {
  const stripe = env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET } : null;
  return {
    defaultProvider: env.PAYMENT_PROVIDER === 'stripe' && stripe ? 'stripe' : 'sandbox',
    stripe,
    sandbox: {
      webhookSecret: loadOrCreateSandboxWebhookSecret(env),
      webhookUrl: env.SANDBOX_WEBHOOK_URL || null,
    },
  };
}

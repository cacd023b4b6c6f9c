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
  /**
   * Whether the sandbox is reachable although it is not the default provider (a demo of a Stripe
   * channel). The sandbox signs its own success webhooks, so anywhere it is reachable it grants
   * access without money: by default it is on only where it is the provider. Default: false.
   */
  sandboxEnabled?: boolean;
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

/** `PAYMENT_SANDBOX`: on | off (default off); anything else stops `serve`, named. */
export function sandboxEnabledFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  const raw = env.PAYMENT_SANDBOX?.trim().toLowerCase() || 'off';
  if (raw === 'on') return true;
  if (raw === 'off') return false;
  throw new Error(`PAYMENT_SANDBOX must be on or off; got "${env.PAYMENT_SANDBOX}"`);
}

/**
 * What `serve` runs with: PAYMENT_PROVIDER (sandbox | stripe; stripe needs STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET), PAYMENT_SANDBOX, SANDBOX_WEBHOOK_SECRET (or the stored one),
 * SANDBOX_WEBHOOK_URL. A Stripe channel missing a key is refused rather than quietly run on the
 * sandbox, which would give access away.
 */
export function paymentsConfigFromEnv(env: NodeJS.ProcessEnv = process.env): PaymentsOptions {
  const stripe = env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET } : null;
  const raw = env.PAYMENT_PROVIDER?.trim() || 'sandbox';
  if (raw !== 'sandbox' && raw !== 'stripe') throw new Error(`PAYMENT_PROVIDER must be one of sandbox, stripe; got "${env.PAYMENT_PROVIDER}"`);
  if (raw === 'stripe' && !stripe) throw new Error('PAYMENT_PROVIDER is stripe but STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not both set');
  return {
    defaultProvider: raw,
    sandboxEnabled: sandboxEnabledFromEnv(env),
    stripe,
    sandbox: {
      webhookSecret: loadOrCreateSandboxWebhookSecret(env),
      webhookUrl: env.SANDBOX_WEBHOOK_URL || null,
    },
  };
}

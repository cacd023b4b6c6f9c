import type { CardProvider } from '@grandstand/contract';

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
  /** The publishable key the site's card form uses (settings.payments.publishable_key). */
  publishableKey?: string | null;
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


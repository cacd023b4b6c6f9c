import type { ChannelFolder } from './channels/loadChannels.ts';
import { channelsWithoutPublicOrigin, DEFAULT_PORT, PUBLIC_ORIGINS_VARIABLE, publicOriginsFromEnv, type PublicOriginsOptions } from './channels/publicOrigins.ts';
import { mailModeFromEnv } from './mail/plugin.ts';

/** Shortest secret production accepts: 32 characters of a random value carry well over 128 bits. */
const MIN_SECRET_LENGTH = 32;

/**
 * Secrets every instance behind one site must share (mailed links and social state; stream
 * addresses). Outside production they are generated once into the data dir; production names them,
 * since a secret made up on one machine silently breaks links and streams served by another.
 */
const SHARED_SECRETS = ['APP_SECRET', 'MEDIA_SECRET'] as const;

function checkProductionMoneyAndSecrets(env: NodeJS.ProcessEnv): void {
  // The sandbox approves test cards and signs its own success webhooks: reachable in production,
  // anyone could buy access with 4242 4242 4242 4242.
  if ((env.PAYMENT_SANDBOX?.trim().toLowerCase() ?? '') === 'on') {
    throw new Error('PAYMENT_SANDBOX: on is refused in production (the sandbox grants access without money)');
  }
  const provider = env.PAYMENT_PROVIDER?.trim() || 'sandbox';
  if (provider !== 'stripe') {
    throw new Error(`PAYMENT_PROVIDER: production takes real payments: set PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (got "${provider}")`);
  }
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
    throw new Error('PAYMENT_PROVIDER: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  for (const name of SHARED_SECRETS) {
    const value = env[name];
    if (!value) throw new Error(`${name}: required in production (every instance needs the same value)`);
    if (value.length < MIN_SECRET_LENGTH) throw new Error(`${name}: must be at least ${MIN_SECRET_LENGTH} characters`);
  }
}

/** What `serve` checks before it opens the database: the settings whose mistakes must stop the start. */
export interface ServePreflight {
  /** `NODE_ENV=production`. */
  production: boolean;
  /** Where `serve` listens (PORT, default 8080); also the port of development's derived public origins. */
  port: number;
  publicOrigins: PublicOriginsOptions;
}

function portFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_PORT;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) throw new Error(`PORT: must be a port number, 0 to 65535 (got "${value}")`);
  return Number(value);
}

/**
 * Parses and checks `serve`'s start-up settings against the channel folders; throws naming the
 * variable or the channel at fault. Production (`NODE_ENV=production`) refuses to start while a
 * channel has no public origin (architecture: a public origin is configuration, and production
 * derives none), without SMTP_URL unless MAIL_DISABLED=true, with MAIL_OUTBOX=on, with the payment
 * sandbox reachable (only Stripe takes real money), and without APP_SECRET and MEDIA_SECRET.
 */
export function servePreflight(env: NodeJS.ProcessEnv, channels: readonly Pick<ChannelFolder, 'config'>[]): ServePreflight {
  const production = env.NODE_ENV === 'production';
  const port = portFromEnv(env.PORT);
  const overrides = publicOriginsFromEnv(env[PUBLIC_ORIGINS_VARIABLE], channels.map((channel) => channel.config.slug));
  if (production) {
    const missing = channelsWithoutPublicOrigin(channels, overrides);
    if (missing.length > 0) {
      throw new Error(
        `production (NODE_ENV=production) needs each channel's public origin; none for: ${missing.join(', ')}. ` +
          `Set "publicOrigin" in channels/<slug>/channel.json or ${PUBLIC_ORIGINS_VARIABLE}=${missing[0]}=https://…`,
      );
    }
  }
  mailModeFromEnv(env);
  if (production) checkProductionMoneyAndSecrets(env);
  return { production, port, publicOrigins: { overrides, port } };
}

import type { ChannelFolder } from './core/channels/loadChannels.ts';
import { channelsWithoutPublicOrigin, type PublicOriginsOptions } from './core/channels/publicOrigins.ts';
import { ConfigError, publicOriginProblem, type ServerConfig, siteOriginProblem } from './config.ts';

/** Shortest secret production accepts: 32 characters of a random value carry well over 128 bits. */
const MIN_SECRET_LENGTH = 32;

type PreflightConfig = Pick<ServerConfig, 'production' | 'port' | 'publicOrigins' | 'siteOrigins' | 'errorDsns' | 'mail' | 'payments' | 'secrets'>;

function checkProductionMailMoneyAndSecrets(config: PreflightConfig): void {
  // Mail must really leave, and the outbox pages show every mailed link to anyone.
  if (config.mail.outbox) throw new ConfigError('MAIL_OUTBOX: on is refused in production (NODE_ENV=production): the outbox pages show every mailed link to anyone');
  if (config.mail.smtpUrl === undefined && !config.mail.disabled) throw new ConfigError('SMTP_URL: required in production (NODE_ENV=production); set MAIL_DISABLED=true to run without mail');
  // The sandbox approves test cards and signs its own success webhooks: reachable in production,
  // anyone could buy access with 4242 4242 4242 4242.
  if (config.payments.sandboxEnabled) throw new ConfigError('PAYMENT_SANDBOX: on is refused in production (the sandbox grants access without money)');
  if (config.payments.defaultProvider !== 'stripe') {
    throw new ConfigError(`PAYMENT_PROVIDER: production takes real payments: set PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (got "${config.payments.defaultProvider}")`);
  }
  // Secrets every instance behind one site must share (mailed links and social state; stream
  // addresses). Outside production they are generated once into the data dir; production names
  // them, since a secret made up on one machine silently breaks links and streams served by another.
  for (const [name, value] of [['APP_SECRET', config.secrets.app], ['MEDIA_SECRET', config.secrets.media]] as const) {
    if (!value) throw new ConfigError(`${name}: required in production (every instance needs the same value)`);
    if (value.length < MIN_SECRET_LENGTH) throw new ConfigError(`${name}: must be at least ${MIN_SECRET_LENGTH} characters`);
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

/**
 * Checks `serve`'s parsed settings against the channel folders; throws naming the variable or the
 * channel at fault. Every `CHANNEL_PUBLIC_ORIGINS` and `CHANNEL_SITE_ORIGINS` slug must be a channel. Production
 * (`NODE_ENV=production`) refuses to start while a channel has no public origin (architecture: a
 * public origin is configuration, and production derives none), without SMTP_URL unless
 * MAIL_DISABLED=true, with MAIL_OUTBOX=on, with the payment sandbox reachable (only Stripe takes
 * real money), and without APP_SECRET and MEDIA_SECRET.
 */
export function servePreflight(config: PreflightConfig, channels: readonly Pick<ChannelFolder, 'config'>[]): ServePreflight {
  const slugs = channels.map((channel) => channel.config.slug);
  const overrides = config.publicOrigins;
  for (const [slug, origin] of Object.entries(overrides)) {
    if (!slugs.includes(slug)) throw new ConfigError(`CHANNEL_PUBLIC_ORIGINS: ${publicOriginProblem(`${slug}=${origin}`, `names no channel (channels: ${slugs.join(', ') || 'none'})`)}`);
  }
  for (const [slug, origins] of Object.entries(config.siteOrigins)) {
    if (!slugs.includes(slug)) throw new ConfigError(`CHANNEL_SITE_ORIGINS: ${siteOriginProblem(`${slug}=${origins[0] ?? ''}`, `names no channel (channels: ${slugs.join(', ') || 'none'})`)}`);
  }
  for (const slug of Object.keys(config.errorDsns)) {
    if (!slugs.includes(slug)) throw new ConfigError(`CHANNEL_ERROR_DSNS: "${slug}" names no channel (channels: ${slugs.join(', ') || 'none'})`);
  }
  if (config.production) {
    const missing = channelsWithoutPublicOrigin(channels, overrides);
    if (missing.length > 0) {
      throw new ConfigError(
        `production (NODE_ENV=production) needs each channel's public origin; none for: ${missing.join(', ')}. ` +
          `Set "publicOrigin" in channels/<slug>/channel.json or CHANNEL_PUBLIC_ORIGINS=${missing[0]}=https://…`,
      );
    }
    checkProductionMailMoneyAndSecrets(config);
  }
  return { production: config.production, port: config.port, publicOrigins: { overrides: { ...overrides }, port: config.port, siteOrigins: { ...config.siteOrigins } } };
}

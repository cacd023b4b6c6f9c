import type { ChannelFolder } from './channels/loadChannels.ts';
import { channelsWithoutPublicOrigin, DEFAULT_PORT, PUBLIC_ORIGINS_VARIABLE, publicOriginsFromEnv, type PublicOriginsOptions } from './channels/publicOrigins.ts';
import { mailModeFromEnv } from './mail/plugin.ts';

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
 * derives none), without SMTP_URL unless MAIL_DISABLED=true, and with MAIL_OUTBOX=on.
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
  return { production, port, publicOrigins: { overrides, port } };
}

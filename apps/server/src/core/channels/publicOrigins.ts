import type { ChannelFolder } from './loadChannels.ts';

/**
 * Where each channel's site is public (architecture: "Never trust what the request says about
 * itself"): mailed links, redirects and return addresses are built on it, never on Host, Origin or
 * X-Forwarded-*. Per channel: `CHANNEL_PUBLIC_ORIGINS`, else `publicOrigin` in its channel.json,
 * else (outside production only) an origin derived from the server's own port.
 */
export interface PublicOriginsOptions {
  /** slug → origin (`CHANNEL_PUBLIC_ORIGINS`); wins over the channel.json's `publicOrigin`. */
  overrides?: Readonly<Record<string, string>>;
  /** The port of a derived origin (`serve`'s PORT). Default 8080. */
  port?: number;
  /** slug → the channel's site origins (`CHANNEL_SITE_ORIGINS`); wins over the channel.json's `siteOrigins`. */
  siteOrigins?: Readonly<Record<string, readonly string[]>>;
}

export const DEFAULT_PORT = 8080;

type ChannelLike = Pick<ChannelFolder, 'config'>;

/**
 * The origin of a channel with none configured (development): the default channel where the demo
 * serves it, `http://localhost:<port>`, any other `http://<slug>.localhost:<port>` — both resolve to
 * that channel by host, and neither comes from the request.
 */
export function derivedPublicOrigin(channel: ChannelLike, port: number = DEFAULT_PORT): string {
  const host = channel.config.default ? 'localhost' : `${channel.config.slug}.localhost`;
  return new URL(`http://${host}:${port}`).origin;
}

/** The configured origin (variable, then channel.json), or null when neither is set. */
export function configuredPublicOrigin(channel: ChannelLike, overrides: Readonly<Record<string, string>> = {}): string | null {
  return overrides[channel.config.slug] ?? channel.config.publicOrigin ?? null;
}

/** The slugs of channels with no configured origin (production refuses to start with any). */
export function channelsWithoutPublicOrigin(channels: readonly ChannelLike[], overrides: Readonly<Record<string, string>> = {}): string[] {
  return channels.filter((channel) => configuredPublicOrigin(channel, overrides) === null).map((channel) => channel.config.slug);
}

/**
 * The origins whose pages may call the channel's API and read its media from the browser (CORS):
 * its public origin (configured or derived) and its site origins (variable, else channel.json).
 * Exact strings as a browser sends them in `Origin`: nothing is matched by prefix, pattern or case.
 */
export function siteOriginsOf(channel: ChannelLike, publicOrigin: string, overrides: Readonly<Record<string, readonly string[]>> = {}): ReadonlySet<string> {
  return new Set([publicOrigin, ...(overrides[channel.config.slug] ?? channel.config.siteOrigins ?? [])]);
}

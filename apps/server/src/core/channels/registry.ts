import type { LoadedChannel } from './loadChannels.ts';
import { configuredPublicOrigin, derivedPublicOrigin, type PublicOriginsOptions, siteOriginsOf } from './publicOrigins.ts';

/** The channels this server knows, looked up by host, key or id on every request. */
export class ChannelRegistry {
  readonly all: readonly LoadedChannel[];
  readonly defaultChannel: LoadedChannel | null;
  readonly #bySlug = new Map<string, LoadedChannel>();
  readonly #byKey = new Map<string, LoadedChannel>();
  readonly #byId = new Map<number, LoadedChannel>();
  readonly #byConfiguredHost = new Map<string, LoadedChannel>();
  readonly #publicOrigins = new Map<number, string>();
  readonly #siteOrigins = new Map<number, ReadonlySet<string>>();

  constructor(channels: readonly LoadedChannel[], origins: PublicOriginsOptions = {}) {
    this.all = channels;
    for (const channel of channels) {
      this.#bySlug.set(channel.config.slug, channel);
      this.#byKey.set(channel.config.channelKey, channel);
      this.#byId.set(channel.id, channel);
      const configured = configuredPublicOrigin(channel, origins.overrides);
      const publicOrigin = configured ?? derivedPublicOrigin(channel, origins.port);
      this.#publicOrigins.set(channel.id, publicOrigin);
      this.#siteOrigins.set(channel.id, siteOriginsOf(channel, publicOrigin, origins.siteOrigins));
      if (configured) this.#byConfiguredHost.set(new URL(configured).hostname, channel);
    }
    this.defaultChannel = channels.find((c) => c.config.default) ?? channels[0] ?? null;
  }

  /**
   * The channel's public origin (architecture: "Never trust what the request says about itself"):
   * the only base of mailed links, redirects and return addresses. Configured, or in development
   * derived from the server's port (`publicOrigins.ts`); never the request's Host or Origin.
   */
  publicOrigin(channelId: number): string {
    const origin = this.#publicOrigins.get(channelId);
    if (origin === undefined) throw new Error(`no channel ${channelId}`);
    return origin;
  }

  /**
   * Whether a page of `origin` may call this channel's API and read its media from the browser
   * (core/cors.ts): the origin is exactly the channel's public origin or one of its site origins.
   */
  isSiteOrigin(channelId: number, origin: string): boolean {
    return this.#siteOrigins.get(channelId)?.has(origin) ?? false;
  }

  /** Whether the channel has site origins besides its public origin (its media may then be embedded across origins). */
  hasOtherSiteOrigins(channelId: number): boolean {
    return (this.#siteOrigins.get(channelId)?.size ?? 0) > 1;
  }

  bySlug(slug: string): LoadedChannel | undefined {
    return this.#bySlug.get(slug);
  }

  byChannelKey(key: string): LoadedChannel | undefined {
    return this.#byKey.get(key);
  }

  byId(id: number): LoadedChannel | undefined {
    return this.#byId.get(id);
  }

  /**
   * A channel's configured public host is that channel (its own domain); `<slug>.localhost` is that
   * channel (undefined when unknown: the caller answers 404); `localhost`, an IP address and any
   * other host are the default channel, as this reference server has one default.
   */
  byHostname(hostname: string): LoadedChannel | null | undefined {
    const host = hostname.toLowerCase().replace(/\.$/, '');
    const configured = this.#byConfiguredHost.get(host);
    if (configured) return configured;
    if (host.endsWith('.localhost')) return this.bySlug(host.slice(0, -'.localhost'.length));
    return this.defaultChannel;
  }
}

import type { LoadedChannel } from './loadChannels.ts';

/** The channels this server knows, looked up by host, key or id on every request. */
export class ChannelRegistry {
  readonly all: readonly LoadedChannel[];
  readonly defaultChannel: LoadedChannel | null;
  readonly #bySlug = new Map<string, LoadedChannel>();
  readonly #byKey = new Map<string, LoadedChannel>();
  readonly #byId = new Map<number, LoadedChannel>();

  constructor(channels: readonly LoadedChannel[]) {
    this.all = channels;
    for (const channel of channels) {
      this.#bySlug.set(channel.config.slug, channel);
      this.#byKey.set(channel.config.channelKey, channel);
      this.#byId.set(channel.id, channel);
    }
    this.defaultChannel = channels.find((c) => c.config.default) ?? channels[0] ?? null;
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
   * `<slug>.localhost` is that channel (undefined when unknown: the caller answers 404);
   * `localhost`, an IP address and any other host are the default channel, as production serves
   * each channel on its own domain and this reference server has one default.
   */
  byHostname(hostname: string): LoadedChannel | null | undefined {
    const host = hostname.toLowerCase().replace(/\.$/, '');
    if (host.endsWith('.localhost')) return this.bySlug(host.slice(0, -'.localhost'.length));
    return this.defaultChannel;
  }
}

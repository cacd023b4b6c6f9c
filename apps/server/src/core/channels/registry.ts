import { type ChannelConfig, ChannelStatus } from '@grandstand/contract';
import { sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { LoadedChannel } from './loadChannels.ts';
import { configuredPublicOrigin, derivedPublicOrigin, type PublicOriginsOptions, siteOriginsOf } from './publicOrigins.ts';

/** The database notice a change of a channel's row, domains or files sends (payload: the channel's id). */
export const CHANNELS_CHANGED_CHANNEL = 'channels_changed';

/**
 * Tells every instance (this one included) that a channel changed: inside the change's
 * transaction the notice goes out at commit, so no instance reloads the row before it is there.
 */
export async function announceChannelChange(db: Database, channelId: number): Promise<void> {
  await sql`select pg_notify(${CHANNELS_CHANGED_CHANNEL}, ${String(channelId)})`.execute(db);
}

interface ChannelRowView {
  id: number;
  config: ChannelConfig;
  status: string;
  updated_at: Date | string;
  domains: string[] | null;
}

/** The one query the registry reads channels with: every row (or one), its custom domains aggregated in. */
function channelRows(db: Database, id?: number) {
  let query = db
    .selectFrom('channels as c')
    .select(['c.id', 'c.config', 'c.status', 'c.updated_at'])
    .select(sql<string[] | null>`(select json_agg(d.hostname order by d.hostname) from channel_domains d where d.channel_id = c.id)`.as('domains'))
    .where('c.config', 'is not', null)
    .orderBy('c.id');
  if (id !== undefined) query = query.where('c.id', '=', id);
  return query.execute() as Promise<ChannelRowView[]>;
}

function loadedOf(row: ChannelRowView): LoadedChannel {
  const status = ChannelStatus.safeParse(row.status);
  return { id: row.id, config: row.config, status: status.success ? status.data : 'suspended', domains: row.domains ?? [], updatedAt: new Date(row.updated_at) };
}

/** Every channel of the database as the registry holds it (one query, whatever the number of channels). */
export async function readLoadedChannels(db: Database): Promise<LoadedChannel[]> {
  return (await channelRows(db)).map(loadedOf);
}

/** One channel as the registry holds it, or null when it has no row (or no config yet). */
export async function readLoadedChannel(db: Database, id: number): Promise<LoadedChannel | null> {
  const [row] = await channelRows(db, id);
  return row ? loadedOf(row) : null;
}

/**
 * The channels this server knows, looked up by host, key or id on every request. Filled from the
 * `channels` rows at start and kept current per channel (`refresh`) when a channel changes here or
 * in another instance (the `channels_changed` notice): an imported or edited channel answers within
 * moments, with no restart (architecture: channels are data). It holds each channel's config and a
 * few map entries, nothing heavier, so a thousand channels stay small.
 */
export class ChannelRegistry {
  readonly #origins: PublicOriginsOptions;
  readonly #byId = new Map<number, LoadedChannel>();
  readonly #bySlug = new Map<string, LoadedChannel>();
  readonly #byKey = new Map<string, LoadedChannel>();
  /** Configured public hosts and custom domains → channel. */
  readonly #byHost = new Map<string, LoadedChannel>();
  readonly #publicOrigins = new Map<number, string>();
  readonly #siteOrigins = new Map<number, ReadonlySet<string>>();
  #all: readonly LoadedChannel[] | null = null;
  #default: LoadedChannel | null = null;
  readonly #listeners = new Set<(channelId: number | null) => void>();
  /** The latest read of a channel under way (`refresh`), by id: only it may put what it read. */
  readonly #reads = new Map<number, Promise<void>>();

  constructor(channels: readonly LoadedChannel[], origins: PublicOriginsOptions = {}) {
    this.#origins = origins;
    for (const channel of channels) this.#add(channel);
    this.#pickDefault();
  }

  /** The registry of every channel row (one query). */
  static async load(db: Database, origins: PublicOriginsOptions = {}): Promise<ChannelRegistry> {
    return new ChannelRegistry(await readLoadedChannels(db), origins);
  }

  /** Every channel, in id order. */
  get all(): readonly LoadedChannel[] {
    this.#all ??= [...this.#byId.values()].sort((a, b) => a.id - b.id);
    return this.#all;
  }

  /** The channel served at the bare host: the one whose config says `default`, else the first. */
  get defaultChannel(): LoadedChannel | null {
    return this.#default;
  }

  /**
   * Reads one channel's row again (created, edited, suspended, a domain added or removed, deleted);
   * the channel as now held, or null. Of two reads of one channel under way at once, the later
   * one's row is kept (an earlier read that finishes last never puts an older row back), and a
   * caller whose read was overtaken waits for the later one: when it returns, the registry holds
   * the channel as the database had it after the caller's own change.
   */
  async refresh(db: Database, id: number): Promise<LoadedChannel | null> {
    const read: Promise<void> = readLoadedChannel(db, id).then(
      (channel) => {
        if (this.#reads.get(id) !== read) return;
        this.#reads.delete(id);
        this.put(id, channel);
      },
      (error: unknown) => {
        if (this.#reads.get(id) === read) this.#reads.delete(id);
        throw error;
      },
    );
    this.#reads.set(id, read);
    await read;
    for (let later = this.#reads.get(id); later !== undefined; later = this.#reads.get(id)) await later.catch(() => {});
    return this.#byId.get(id) ?? null;
  }

  /** Reads every row again (the notices were not heard for a while: what changed meanwhile is unknown). */
  async reload(db: Database): Promise<void> {
    const channels = await readLoadedChannels(db);
    const seen = new Set(channels.map((c) => c.id));
    for (const id of [...this.#byId.keys()]) if (!seen.has(id)) this.#remove(id);
    for (const channel of channels) {
      this.#remove(channel.id);
      this.#add(channel);
    }
    this.#pickDefault();
    this.#tell(null);
  }

  /** Holds `channel` as channel `id` from now on (null: forget it). */
  put(id: number, channel: LoadedChannel | null): void {
    this.#remove(id);
    if (channel) this.#add(channel);
    this.#pickDefault();
    this.#tell(id);
  }

  /** Calls `listener` with a channel's id each time the registry takes it again (null: every channel was read again); the returned function stops it. */
  onChanged(listener: (channelId: number | null) => void): () => void {
    const entry = (channelId: number | null) => listener(channelId);
    this.#listeners.add(entry);
    return () => void this.#listeners.delete(entry);
  }

  #tell(channelId: number | null): void {
    for (const listener of [...this.#listeners]) listener(channelId);
  }

  #add(channel: LoadedChannel): void {
    this.#all = null;
    this.#byId.set(channel.id, channel);
    this.#bySlug.set(channel.config.slug, channel);
    this.#byKey.set(channel.config.channelKey, channel);
    const configured = configuredPublicOrigin(channel, this.#origins.overrides);
    const publicOrigin = configured ?? derivedPublicOrigin(channel, this.#origins.port);
    this.#publicOrigins.set(channel.id, publicOrigin);
    this.#siteOrigins.set(channel.id, siteOriginsOf(channel, publicOrigin, this.#origins.siteOrigins));
    if (configured) this.#byHost.set(new URL(configured).hostname, channel);
    for (const domain of channel.domains) this.#byHost.set(domain, channel);
  }

  #remove(id: number): void {
    const old = this.#byId.get(id);
    if (!old) return;
    this.#all = null;
    this.#byId.delete(id);
    if (this.#bySlug.get(old.config.slug) === old) this.#bySlug.delete(old.config.slug);
    if (this.#byKey.get(old.config.channelKey) === old) this.#byKey.delete(old.config.channelKey);
    for (const [host, channel] of this.#byHost) if (channel === old) this.#byHost.delete(host);
    this.#publicOrigins.delete(id);
    this.#siteOrigins.delete(id);
  }

  #pickDefault(): void {
    if (this.#default && this.#byId.get(this.#default.id) === this.#default && this.#default.config.default) return;
    let first: LoadedChannel | null = null;
    this.#default = null;
    for (const channel of this.#byId.values()) {
      if (channel.config.default) {
        this.#default = channel;
        return;
      }
      if (first === null || channel.id < first.id) first = channel;
    }
    this.#default = first;
  }

  /**
   * The channel's public origin (architecture: "Never trust what the request says about itself"):
   * the only base of mailed links, redirects and return addresses. Configured, or in development
   * derived from the server's port (`publicOrigins.ts`); never the request's Host or Origin, nor a
   * custom domain the owner added (spec §8: a domain is where viewers arrive, not what mail names).
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

  /** The channel whose configured public host or custom domain `hostname` is, if any (no fallback to the default). */
  byKnownHost(hostname: string): LoadedChannel | undefined {
    return this.#byHost.get(hostname.toLowerCase().replace(/\.$/, ''));
  }

  /**
   * A channel's configured public host or one of its custom domains is that channel;
   * `<slug>.localhost` is that channel (undefined when unknown: the caller answers 404);
   * `localhost`, an IP address and any other host are the default channel, as this reference server
   * has one default.
   */
  byHostname(hostname: string): LoadedChannel | null | undefined {
    const host = hostname.toLowerCase().replace(/\.$/, '');
    const known = this.#byHost.get(host);
    if (known) return known;
    if (host.endsWith('.localhost')) return this.bySlug(host.slice(0, -'.localhost'.length));
    return this.#default;
  }
}

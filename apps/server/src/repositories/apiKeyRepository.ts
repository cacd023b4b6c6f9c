import { createHash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { type NoticeSubscription, noticesOf } from '../db/notices.ts';
import type { Database } from '../db/schema.ts';
import { API_KEYS_ENDED_CHANNEL } from '../db/sharedLimitsMigration.ts';

/** 32 random bytes as base64url: 43 characters, 256 bits (the brief asks for at least 128). */
const KEY_BYTES = 32;
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function newApiKey(): string {
  return randomBytes(KEY_BYTES).toString('base64url');
}

/**
 * The notice that keys were ended or re-bound (logout, login replacing a key, a linked device, a
 * deleted account): every key cache on the same database handle drops them at once, whoever wrote
 * the change. Scoped to the handle, so two apps on two connections share nothing in memory, as two
 * processes would not; other processes hear of it from the database (`listenForEndedKeys`).
 */
const forgetListeners = new WeakMap<Database, Set<(hashes: readonly string[]) => void>>();
export function forgetApiKeys(db: Database, hashes: readonly string[]): void {
  for (const listener of forgetListeners.get(db) ?? []) listener(hashes);
}

export interface ApiKeyCacheOptions {
  /** How many resolved keys stay in memory. */
  max?: number;
  /**
   * How long a resolved key is trusted without asking the database: the last resort when a notice
   * of an ended key is lost. On PostgreSQL every process hears of an ended key within moments
   * (`listenForEndedKeys`); without that, a key deleted elsewhere keeps working here for at most this long.
   */
  ttlMs?: number;
}

/** What a valid key stands for: its channel, and the user it is bound to (null for a visitor). */
export interface ResolvedKey {
  keyId: number;
  channelId: number;
  userId: number | null;
}

/**
 * Issues api keys and resolves them to their channel and user. Only the sha256 of a key is stored.
 * Keys resolve through a bounded LRU so a catalog read costs no database round trip;
 * `last_used_at` is written when a key is (re)loaded from the database, so at most once per TTL.
 */
export class ApiKeyRepository {
  readonly #db: Database;
  readonly #cache: LRUCache<string, ResolvedKey>;
  readonly #forget: (hashes: readonly string[]) => void;
  /** Bumped by every forget: a lookup that raced one does not cache what it read. */
  #generation = 0;
  /** False while ended keys could go unheard (the database's notices are not listened to): no caching then. */
  #cacheTrusted = true;

  constructor(db: Database, options: ApiKeyCacheOptions = {}) {
    this.#db = db;
    this.#cache = new LRUCache<string, ResolvedKey>({ max: options.max ?? 10_000, ttl: options.ttlMs ?? 30_000 });
    this.#forget = (hashes) => this.forget(hashes);
    let listeners = forgetListeners.get(db);
    if (!listeners) forgetListeners.set(db, (listeners = new Set()));
    listeners.add(this.#forget);
  }

  /** Stops listening for ended keys (the app closes). */
  dispose(): void {
    forgetListeners.get(this.#db)?.delete(this.#forget);
  }

  /** Drops ended or re-bound keys (sha256 hex) from this cache. */
  forget(hashes: readonly string[]): void {
    this.#generation += 1;
    for (const hash of hashes) this.#cache.delete(hash);
  }

  /**
   * Whether this cache hears of every ended key. When it stops hearing (the notice connection to
   * the database is lost), it empties and every key is checked against the database until it hears again.
   */
  trustCache(trusted: boolean): void {
    this.#generation += 1;
    this.#cacheTrusted = trusted;
    if (!trusted) this.#cache.clear();
  }

  async issue(channelId: number): Promise<string> {
    const key = newApiKey();
    await this.#db.insertInto('api_keys').values({ channel_id: channelId, key_hash: hashApiKey(key), user_id: null }).execute();
    return key;
  }

  /** The channel and user of a key, or null when the key is malformed or unknown. */
  async resolveKey(key: unknown): Promise<ResolvedKey | null> {
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) return null;
    const hash = hashApiKey(key);
    const cached = this.#cache.get(hash);
    if (cached !== undefined) return cached;
    const generation = this.#generation;
    const row = await this.#db
      .updateTable('api_keys')
      .set({ last_used_at: new Date() })
      .where('key_hash', '=', hash)
      .returning(['id', 'channel_id', 'user_id'])
      .executeTakeFirst();
    if (!row) return null;
    const resolved: ResolvedKey = { keyId: row.id, channelId: row.channel_id, userId: row.user_id };
    if (this.#cacheTrusted && generation === this.#generation) this.#cache.set(hash, resolved);
    return resolved;
  }

  /** The channel id of a key, or null when the key is malformed or unknown. */
  async resolve(key: unknown): Promise<number | null> {
    return (await this.resolveKey(key))?.channelId ?? null;
  }

  /** Deletes a key; this process forgets it at once, others when the database's notice reaches them. */
  async revoke(key: string): Promise<void> {
    const hash = hashApiKey(key);
    forgetApiKeys(this.#db, [hash]);
    await this.#db.deleteFrom('api_keys').where('key_hash', '=', hash).execute();
  }
}

/**
 * Hears the database's notice of every ended or re-bound key (a trigger on api_keys, migration
 * 0011_shared_limits), so a logout on one instance is refused on every other within moments
 * (architecture: stateless instances), and a key deleted by hand stops working too. Until it
 * listens, and whenever the notice connection is lost, the cache is not trusted.
 */
export function listenForEndedKeys(
  db: Database,
  repository: ApiKeyRepository,
  log: { warn(details: object, message: string): void },
): NoticeSubscription | null {
  const listen = noticesOf(db);
  if (!listen) return null;
  repository.trustCache(false);
  return listen(API_KEYS_ENDED_CHANNEL, {
    notice: (hash) => repository.forget([hash]),
    live: (listening) => repository.trustCache(listening),
    error: (error) => log.warn({ err: error }, 'not hearing of ended api keys; checking every key against the database until the connection is back'),
  });
}

import { createHash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/schema.ts';

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
 * In-process notice that keys were ended or re-bound (logout, login replacing a key, a linked
 * device, a deleted account): every key cache of this process drops them at once, whoever wrote
 * the change. Other processes notice within their cache TTL.
 */
const forgetListeners = new Set<(hashes: readonly string[]) => void>();
export function forgetApiKeys(hashes: readonly string[]): void {
  for (const listener of forgetListeners) listener(hashes);
}

export interface ApiKeyCacheOptions {
  /** How many resolved keys stay in memory. */
  max?: number;
  /**
   * How long a resolved key is trusted without asking the database. A key deleted from api_keys
   * by another process (or by hand) keeps working on this process for at most this long.
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

  constructor(db: Database, options: ApiKeyCacheOptions = {}) {
    this.#db = db;
    this.#cache = new LRUCache<string, ResolvedKey>({ max: options.max ?? 10_000, ttl: options.ttlMs ?? 30_000 });
    const cache = this.#cache;
    this.#forget = (hashes) => {
      for (const hash of hashes) cache.delete(hash);
    };
    forgetListeners.add(this.#forget);
  }

  /** Stops listening for ended keys (the app closes). */
  dispose(): void {
    forgetListeners.delete(this.#forget);
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
    const row = await this.#db
      .updateTable('api_keys')
      .set({ last_used_at: new Date() })
      .where('key_hash', '=', hash)
      .returning(['id', 'channel_id', 'user_id'])
      .executeTakeFirst();
    if (!row) return null;
    const resolved: ResolvedKey = { keyId: row.id, channelId: row.channel_id, userId: row.user_id };
    this.#cache.set(hash, resolved);
    return resolved;
  }

  /** The channel id of a key, or null when the key is malformed or unknown. */
  async resolve(key: unknown): Promise<number | null> {
    return (await this.resolveKey(key))?.channelId ?? null;
  }

  /** Deletes a key; this process forgets it at once, others within their cache TTL. */
  async revoke(key: string): Promise<void> {
    const hash = hashApiKey(key);
    forgetApiKeys([hash]);
    await this.#db.deleteFrom('api_keys').where('key_hash', '=', hash).execute();
  }
}

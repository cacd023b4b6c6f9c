import { createHash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/schema.ts';

/** 32 random bytes as base64url: 43 characters, 256 bits (the brief asks for at least 128). */
const KEY_BYTES = 32;
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export interface ApiKeyCacheOptions {
  /** How many resolved keys stay in memory. */
  max?: number;
  /**
   * How long a resolved key is trusted without asking the database. A key deleted from
   * api_keys (revoked) keeps working on this process for at most this long.
   */
  ttlMs?: number;
}

/**
 * Issues api keys and resolves them to their channel. Only the sha256 of a key is stored. Keys
 * resolve through a bounded LRU so a catalog read costs no database round trip; `last_used_at`
 * is written when a key is (re)loaded from the database, so at most once per TTL per process.
 */
export class ApiKeyRepository {
  readonly #db: Database;
  readonly #cache: LRUCache<string, number>;

  constructor(db: Database, options: ApiKeyCacheOptions = {}) {
    this.#db = db;
    this.#cache = new LRUCache<string, number>({ max: options.max ?? 10_000, ttl: options.ttlMs ?? 30_000 });
  }

  async issue(channelId: number): Promise<string> {
    const key = randomBytes(KEY_BYTES).toString('base64url');
    await this.#db.insertInto('api_keys').values({ channel_id: channelId, key_hash: hashApiKey(key), user_id: null }).execute();
    return key;
  }

  /** The channel id of a key, or null when the key is malformed or unknown. */
  async resolve(key: unknown): Promise<number | null> {
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) return null;
    const hash = hashApiKey(key);
    const cached = this.#cache.get(hash);
    if (cached !== undefined) return cached;
    const row = await this.#db
      .updateTable('api_keys')
      .set({ last_used_at: new Date() })
      .where('key_hash', '=', hash)
      .returning('channel_id')
      .executeTakeFirst();
    if (!row) return null;
    this.#cache.set(hash, row.channel_id);
    return row.channel_id;
  }

  /** Deletes a key; other processes stop accepting it within their cache TTL. */
  async revoke(key: string): Promise<void> {
    const hash = hashApiKey(key);
    this.#cache.delete(hash);
    await this.#db.deleteFrom('api_keys').where('key_hash', '=', hash).execute();
  }
}

import { createHash, randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { type SessionOptions, sessionLifetimes } from './config.ts';
import { schedulePruning } from './pruning.ts';
import { type NoticeSubscription, noticesOf } from '../../core/db/notices.ts';
import type { Database } from '../../core/db/schema.ts';
import type { KeysForgottenBus } from '../../core/buses.ts';
import { API_KEYS_ENDED_CHANNEL } from '../../core/db/sharedLimitsMigration.ts';

/** 32 random bytes as base64url: 43 characters, 256 bits (the brief asks for at least 128). */
const KEY_BYTES = 32;
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function newApiKey(): string {
  return randomBytes(KEY_BYTES).toString('base64url');
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

/** A cached key, with the moment its session ends (null: a visitor key, which has no lifetime). */
interface CachedKey {
  resolved: ResolvedKey;
  endsAt: number | null;
}

/** What the pruning job removed. */
export interface PruneSummary {
  visitorKeys: number;
  sessions: number;
}

/** Rows deleted per statement, so a large backlog never holds one long lock. */
const PRUNE_BATCH = 5000;

/**
 * Issues api keys and resolves them to their channel and user. Only the sha256 of a key is stored.
 * Keys resolve through a bounded LRU so a catalog read costs no database round trip;
 * `last_used_at` is written when a key is (re)loaded from the database, so at most once per TTL.
 *
 * Sessions (keys bound to a user) have an idle and an absolute lifetime (OWASP ASVS 3.3,
 * `modules/accounts/config.ts`): past either, the key is refused like an unknown key (spec §8's key-invalid
 * answer: the site fetches a visitor key) and deleted. Idle time counts from `last_used_at`, which a
 * key in use gets at least once per cache TTL, so a session ends between (idle − TTL) and idle after
 * its last use. A cached entry never outlives the session: it expires at the session's end.
 */
export class ApiKeyRepository {
  readonly #db: Database;
  readonly #cache: LRUCache<string, CachedKey>;
  readonly #cacheTtlMs: number;
  readonly #keysForgotten: KeysForgottenBus;
  readonly #stopHearing: () => void;
  readonly lifetimes: Required<SessionOptions>;
  /** Bumped by every forget: a lookup that raced one does not cache what it read. */
  #generation = 0;
  /** False while ended keys could go unheard (the database's notices are not listened to): no caching then. */
  #cacheTrusted = true;

  /**
   * `keysForgotten`: the app's notice of keys it ended or re-bound (logout, login replacing a key, a
   * linked device, a deleted account), which this cache drops at once; other apps and processes
   * hear of them from the database (`listenForEndedKeys`).
   */
  constructor(db: Database, keysForgotten: KeysForgottenBus, options: ApiKeyCacheOptions = {}, sessions: SessionOptions = {}) {
    this.#db = db;
    this.#cacheTtlMs = options.ttlMs ?? 30_000;
    this.lifetimes = sessionLifetimes(sessions);
    this.#cache = new LRUCache<string, CachedKey>({ max: options.max ?? 10_000, ttl: this.#cacheTtlMs });
    this.#keysForgotten = keysForgotten;
    this.#stopHearing = keysForgotten.on((hashes) => this.forget(hashes));
  }

  /** Stops listening for ended keys (the app closes). */
  dispose(): void {
    this.#stopHearing();
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

  /** True for a row that is a visitor key or a session within both lifetimes at `now`. */
  #live(now: Date) {
    const idleCutoff = new Date(now.getTime() - this.lifetimes.idleLifetimeMs);
    const absoluteCutoff = new Date(now.getTime() - this.lifetimes.absoluteLifetimeMs);
    return sql<boolean>`(user_id is null or (coalesce(last_used_at, created_at) > ${idleCutoff} and coalesce(session_started_at, created_at) > ${absoluteCutoff}))`;
  }

  /** The channel and user of a key, or null when the key is malformed, unknown or an ended session. */
  async resolveKey(key: unknown, now: Date = new Date()): Promise<ResolvedKey | null> {
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) return null;
    const hash = hashApiKey(key);
    const cached = this.#cache.get(hash);
    if (cached !== undefined) {
      if (cached.endsAt === null || cached.endsAt > now.getTime()) return cached.resolved;
      this.#cache.delete(hash);
    }
    const generation = this.#generation;
    const live = this.#live(now);
    // One round trip for a live or unknown key: an ended session keeps its last use (RETURNING sees
    // the row as updated, so `live` answers for it unchanged).
    const row = await this.#db
      .updateTable('api_keys')
      .set({ last_used_at: sql<Date>`case when ${live} then ${now}::timestamptz else last_used_at end` })
      .where('key_hash', '=', hash)
      .returning(['id', 'channel_id', 'user_id', 'created_at', 'session_started_at', live.as('live')])
      .executeTakeFirst();
    if (!row) return null;
    if (!row.live) {
      // Past its lifetime: refused as an invalid key and deleted (the condition again, so a row
      // another process has just seen in use is never removed by a stale reading).
      await this.#db.deleteFrom('api_keys').where('key_hash', '=', hash).where(sql<boolean>`not ${live}`).execute();
      return null;
    }
    const resolved: ResolvedKey = { keyId: row.id, channelId: row.channel_id, userId: row.user_id };
    let endsAt: number | null = null;
    if (row.user_id !== null) {
      const started = new Date(row.session_started_at ?? row.created_at).getTime();
      endsAt = Math.min(now.getTime() + this.lifetimes.idleLifetimeMs, started + this.lifetimes.absoluteLifetimeMs);
    }
    const ttl = endsAt === null ? this.#cacheTtlMs : Math.max(1, Math.min(this.#cacheTtlMs, endsAt - now.getTime()));
    if (this.#cacheTrusted && generation === this.#generation) this.#cache.set(hash, { resolved, endsAt }, { ttl });
    return resolved;
  }

  /**
   * The pruning job's work: deletes visitor keys unused for longer than `visitorKeyIdleMs` and
   * sessions past their idle or absolute lifetime (which nobody presented since, so `resolveKey`
   * did not delete them), in batches. Device codes of deleted keys go with them (cascade).
   */
  async prune(now: Date = new Date()): Promise<PruneSummary> {
    const visitorCutoff = new Date(now.getTime() - this.lifetimes.visitorKeyIdleMs);
    const live = this.#live(now);
    const stale = sql<boolean>`((user_id is null and coalesce(last_used_at, created_at) < ${visitorCutoff}) or (user_id is not null and not ${live}))`;
    const summary: PruneSummary = { visitorKeys: 0, sessions: 0 };
    for (;;) {
      const rows = await this.#db
        .deleteFrom('api_keys')
        .where('id', 'in', (eb) => eb.selectFrom('api_keys').select('id').where(stale).limit(PRUNE_BATCH))
        .returning(['key_hash', 'user_id'])
        .execute();
      this.#keysForgotten.emit(rows.map((r) => r.key_hash));
      for (const row of rows) {
        if (row.user_id === null) summary.visitorKeys += 1;
        else summary.sessions += 1;
      }
      if (rows.length < PRUNE_BATCH) return summary;
    }
  }

  /** The channel id of a key, or null when the key is malformed or unknown. */
  async resolve(key: unknown): Promise<number | null> {
    return (await this.resolveKey(key))?.channelId ?? null;
  }

  /** Deletes a key; this process forgets it at once, others when the database's notice reaches them. */
  async revoke(key: string): Promise<void> {
    const hash = hashApiKey(key);
    this.#keysForgotten.emit([hash]);
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

export interface ApiKeysRepositoryOptions {
  cache?: ApiKeyCacheOptions;
  /** Session lifetimes and key pruning (modules/accounts/config.ts). */
  sessions?: SessionOptions;
}

/** `app.apiKeys`: built once on the app's database, with its pruning job and its ear for keys ended elsewhere. */
export default fp<ApiKeysRepositoryOptions>(
  async (app, options) => {
    const apiKeys = new ApiKeyRepository(app.db, app.keysForgotten, options.cache, options.sessions);
    app.decorate('apiKeys', apiKeys);
    app.addHook('onClose', async () => apiKeys.dispose());
    schedulePruning(app, apiKeys.lifetimes.pruneIntervalMs);
    const endedKeys = listenForEndedKeys(app.db, apiKeys, app.log);
    if (endedKeys) {
      app.addHook('onClose', async () => endedKeys.close());
      // Not fatal: until the notices are heard, every key is checked against the database.
      await endedKeys.ready;
    }
  },
  { name: 'api-keys-repository', dependencies: ['db', 'buses'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    apiKeys: ApiKeyRepository;
  }
}

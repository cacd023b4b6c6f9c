import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** How often an instance deletes the counters whose window has ended. */
export const PRUNE_EVERY_MS = 60_000;
const MAX_HITS = 2_147_483_647;

export interface DatabaseCounter {
  /** Counts one hit of `key` in its current window, opening a window of `timeWindowMs` when none is open. */
  hit(key: string, timeWindowMs: number): Promise<{ current: number; ttl: number }>;
  /** Deletes the counters whose window has ended; returns how many. */
  prune(): Promise<number>;
}

/**
 * Attempt counters in the database (table `rate_limit_hits`), so every instance on it counts the
 * same attempts (architecture: stateless instances). One row per key and window: the upsert
 * increments atomically, and starts a new window when the row's one has ended. The database's
 * clock decides the windows, so instances whose clocks differ still agree.
 */
export function databaseCounter(db: Database, now: () => number = Date.now): DatabaseCounter {
  let nextPrune = 0;
  const prune = async () => {
    const result = await db.deleteFrom('rate_limit_hits').where('expires_at', '<=', sql<Date>`now()`).executeTakeFirst();
    return Number(result.numDeletedRows);
  };
  return {
    async hit(key, timeWindowMs) {
      const windowMs = Math.max(1, Math.trunc(timeWindowMs));
      const window = sql`${windowMs} * interval '1 millisecond'`;
      const { rows } = await sql<{ hits: number; ttl: number }>`
        insert into rate_limit_hits as r (key, hits, expires_at)
        values (${key}, 1, now() + ${window})
        on conflict (key) do update set
          hits = case when r.expires_at <= now() then 1 else least(r.hits + 1, ${MAX_HITS}) end,
          expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end
        returning r.hits as hits, least(${windowMs}, greatest(0, ceil(extract(epoch from (r.expires_at - now())) * 1000)))::float8 as ttl`.execute(db);
      // now() is each statement's transaction start: a hit that started first but waited on another's
      // insert would see that window end up to a few ms beyond its own window, hence the cap.
      // Rows of clients that never came back: swept now and then by whichever instance is counting.
      if (now() >= nextPrune) {
        nextPrune = now() + PRUNE_EVERY_MS;
        await prune();
      }
      const row = rows[0]!;
      return { current: Number(row.hits), ttl: Number(row.ttl) };
    },
    prune,
  };
}

/**
 * A `@fastify/rate-limit` store (its documented custom `store` option) on `databaseCounter`.
 * Each limited route counts under its own method and path, as the plugin's own stores do.
 */
export function databaseRateLimitStore(counter: DatabaseCounter): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly #prefix: string;
    constructor(_options?: FastifyRateLimitOptions, prefix = 'rl|') {
      this.#prefix = prefix;
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      counter.hit(this.#prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: { method?: string | string[]; url?: string; routeInfo?: { method?: string | string[]; url?: string } }): FastifyRateLimitStore {
      const route = routeOptions.routeInfo ?? routeOptions;
      return new DatabaseRateLimitStore(undefined, `${this.#prefix}${String(route.method)}${route.url ?? ''}|`);
    }
  }
  return DatabaseRateLimitStore;
}

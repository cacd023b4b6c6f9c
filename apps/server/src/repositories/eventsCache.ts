import { LRUCache } from 'lru-cache';

export interface ListingCacheOptions {
  /** How long an answer is fresh (the catalog's 10 s by default). */
  ttlMs?: number;
  /** How much longer a stale answer may be served while one refresh runs in the background. */
  staleMs?: number;
  max?: number;
  /** The clock in milliseconds (tests move it). */
  now?: () => number;
}

interface Entry<T> {
  value: T;
  freshUntil: number;
  staleUntil: number;
}

/**
 * Listing answers per channel and query, computed once however many callers ask at the same time
 * (an embedded database runs one query at a time, so a burst of identical misses would queue behind
 * each other). An expired answer is still served for `staleMs` while a single refresh replaces it,
 * so a popular listing never makes its callers wait on the database once it has been computed.
 */
export class ListingCache<T> {
  readonly #entries: LRUCache<string, Entry<T>>;
  readonly #pending = new Map<string, Promise<T>>();
  readonly #ttl: number;
  readonly #stale: number;
  readonly #now: () => number;
  #generation = 0;

  constructor(options: ListingCacheOptions = {}) {
    this.#ttl = options.ttlMs ?? 10_000;
    this.#stale = options.staleMs ?? 20_000;
    this.#now = options.now ?? Date.now;
    this.#entries = new LRUCache<string, Entry<T>>({ max: options.max ?? 5_000 });
  }

  async get(key: string, compute: () => Promise<T>): Promise<T> {
    const now = this.#now();
    const entry = this.#entries.get(key);
    if (entry && now < entry.freshUntil) return entry.value;
    if (entry && now < entry.staleUntil) {
      void this.#refresh(key, compute).catch(() => undefined);
      return entry.value;
    }
    return this.#refresh(key, compute);
  }

  #refresh(key: string, compute: () => Promise<T>): Promise<T> {
    const running = this.#pending.get(key);
    if (running) return running;
    const generation = this.#generation;
    const promise = compute()
      .then((value) => {
        // A change notice while computing makes this answer suspect: hand it out, keep none of it.
        if (generation === this.#generation) {
          const at = this.#now();
          this.#entries.set(key, { value, freshUntil: at + this.#ttl, staleUntil: at + this.#ttl + this.#stale });
        }
        return value;
      })
      .finally(() => {
        if (this.#pending.get(key) === promise) this.#pending.delete(key);
      });
    this.#pending.set(key, promise);
    return promise;
  }

  /** Drops the answers whose key starts with `prefix` (one channel's), or all of them. */
  invalidate(prefix: string | null): void {
    this.#generation += 1;
    this.#pending.clear();
    if (prefix === null) return this.#entries.clear();
    for (const key of [...this.#entries.keys()]) if (key.startsWith(prefix)) this.#entries.delete(key);
  }
}

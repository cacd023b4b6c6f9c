/**
 * Login attempts, counted in memory per key (a client IP, an email): after `limit` failures within
 * `windowMs`, the key is refused until its window ends. In memory means per process: several
 * instances behind a balancer each count on their own (REPORTS.md). The map is bounded, so a flood
 * of invented emails cannot grow it without end.
 */
export class Throttle {
  readonly #entries = new Map<string, { failures: number; resetAt: number }>();
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #maxKeys: number;

  constructor(limit: number, windowMs: number, maxKeys = 10_000) {
    this.#limit = limit;
    this.#windowMs = windowMs;
    this.#maxKeys = maxKeys;
  }

  /** Seconds until `key` may try again, or 0 when it may try now. */
  retryAfter(key: string, now = Date.now()): number {
    const entry = this.#entries.get(key);
    if (!entry || entry.resetAt <= now) return 0;
    return entry.failures >= this.#limit ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  fail(key: string, now = Date.now()): void {
    const entry = this.#entries.get(key);
    if (entry && entry.resetAt > now) {
      entry.failures += 1;
      return;
    }
    if (this.#entries.size >= this.#maxKeys) this.#prune(now);
    this.#entries.set(key, { failures: 1, resetAt: now + this.#windowMs });
  }

  reset(key: string): void {
    this.#entries.delete(key);
  }

  #prune(now: number): void {
    for (const [key, entry] of this.#entries) if (entry.resetAt <= now) this.#entries.delete(key);
    // Still full: forget the oldest windows (Map keeps insertion order).
    for (const key of this.#entries.keys()) {
      if (this.#entries.size < this.#maxKeys) break;
      this.#entries.delete(key);
    }
  }
}

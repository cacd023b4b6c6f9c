import { LRUCache } from 'lru-cache';

export interface ListingCacheOptions {
  /** How long an answer is fresh (the catalog's 10 s by default). */
  ttlMs?: number;
  /** How much longer a stale answer may be served while one refresh runs in the background. */
  staleMs?: number;
  max?: number;
  /**
   * How many answers one channel may hold (a key's part before its first `:`), at most `max`: a
   * channel asked for endless new listings (random dates, a crawler) replaces its own oldest
   * answers, never the other channels'. Default: half of `max`.
   */
  maxPerChannel?: number;
  /**
   * How many computations run at once. PGlite runs one query at a time on the event loop, so more
   * than one only queues inside it; a PostgreSQL pool can take a few.
   */
  concurrency?: number;
  /**
   * Up to this share of `ttlMs` is taken off each answer's freshness at random, so answers computed
   * together (a warm-up, a start) do not all expire in the same instant and refresh in one burst.
   */
  jitter?: number;
  /** The clock in milliseconds (tests move it). */
  now?: () => number;
}

interface Entry<T> {
  value: T;
  freshUntil: number;
  staleUntil: number;
}

interface Job<T> {
  key: string;
  compute: () => Promise<T>;
  generation: number;
  /** A caller waits on it (a miss), rather than a stale answer being replaced. */
  urgent: boolean;
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** Lets the event loop answer what queued behind a computation (PGlite blocks it per query). */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Listing answers per channel and query, computed once however many callers ask at the same time.
 * An expired answer is still served for `staleMs` while a single refresh replaces it, so a popular
 * listing never makes its callers wait on the database once it has been computed.
 *
 * Computations go through one queue with `concurrency` slots, misses (a caller waits) ahead of
 * refreshes (a stale answer is served meanwhile), and the event loop gets a turn between two of
 * them: a wave of expiring answers becomes a trickle of one query at a time, not a burst that
 * holds every request behind it (p99 <= 50 ms at 500 req/s). Among the waiting computations of a
 * kind, the channel served longest ago goes first (a key starts with its channel and `:`): a burst
 * of one channel's new listings does not hold another channel's behind the whole of it, so one busy
 * channel of the thousand an instance serves does not make the others wait.
 */
export class ListingCache<T> {
  readonly #entries: LRUCache<string, Entry<T>>;
  readonly #pending = new Map<string, Job<T>>();
  readonly #queue: Job<T>[] = [];
  readonly #ttl: number;
  readonly #stale: number;
  readonly #concurrency: number;
  readonly #jitter: number;
  readonly #now: () => number;
  readonly #idle = new Set<() => void>();
  #running = 0;
  #generation = 0;
  /** When each channel (a key's part before its first `:`) last had a computation started: the order of fairness. */
  readonly #lastStarted = new Map<string, number>();
  #starts = 0;
  /** Each channel's held keys, oldest first (a Set keeps the order of insertion). */
  readonly #byChannel = new Map<string, Set<string>>();
  readonly #maxPerChannel: number;

  constructor(options: ListingCacheOptions = {}) {
    this.#ttl = options.ttlMs ?? 10_000;
    this.#stale = options.staleMs ?? 20_000;
    this.#concurrency = Math.max(1, options.concurrency ?? 1);
    this.#jitter = Math.min(Math.max(options.jitter ?? 0.2, 0), 1);
    this.#now = options.now ?? Date.now;
    const max = options.max ?? 5_000;
    this.#maxPerChannel = Math.max(1, Math.min(max, options.maxPerChannel ?? Math.ceil(max / 2)));
    this.#entries = new LRUCache<string, Entry<T>>({
      max,
      // Whatever drops an answer (the LRU's bound, an invalidation) drops it from its channel's keys.
      dispose: (_value, key, reason) => {
        if (reason === 'set') return;
        const keys = this.#byChannel.get(channelOf(key));
        keys?.delete(key);
        if (keys?.size === 0) this.#byChannel.delete(channelOf(key));
      },
    });
  }

  async get(key: string, compute: () => Promise<T>): Promise<T> {
    const now = this.#now();
    const entry = this.#entries.get(key);
    if (entry && now < entry.freshUntil) return entry.value;
    if (entry && now < entry.staleUntil) {
      void this.#schedule(key, compute, false).catch(() => undefined);
      return entry.value;
    }
    return this.#schedule(key, compute, true);
  }

  /** Whether an answer is held for the key (fresh or stale). */
  has(key: string): boolean {
    const entry = this.#entries.get(key);
    return entry !== undefined && this.#now() < entry.staleUntil;
  }

  /** Resolves once nothing is queued or running (tests, a warm-up that wants to know it is done). */
  idle(): Promise<void> {
    if (this.#running === 0 && this.#queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.add(resolve));
  }

  #schedule(key: string, compute: () => Promise<T>, urgent: boolean): Promise<T> {
    const known = this.#pending.get(key);
    if (known) {
      // A caller now waits on what was a background refresh: move it to the front.
      if (urgent && !known.urgent) {
        known.urgent = true;
        const at = this.#queue.indexOf(known);
        if (at >= 0) {
          this.#queue.splice(at, 1);
          this.#enqueue(known);
        }
      }
      return known.promise;
    }
    let resolve!: (value: T) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const job: Job<T> = { key, compute, generation: this.#generation, urgent, promise, resolve, reject };
    this.#pending.set(key, job);
    this.#enqueue(job);
    this.#pump();
    return promise;
  }

  #enqueue(job: Job<T>): void {
    if (!job.urgent) {
      this.#queue.push(job);
      return;
    }
    // Urgent jobs keep their arrival order among themselves, ahead of every refresh.
    const firstRefresh = this.#queue.findIndex((queued) => !queued.urgent);
    this.#queue.splice(firstRefresh < 0 ? this.#queue.length : firstRefresh, 0, job);
  }

  #pump(): void {
    while (this.#running < this.#concurrency && this.#queue.length > 0) {
      const job = this.#queue.splice(this.#fairest(), 1)[0]!;
      const channel = channelOf(job.key);
      this.#lastStarted.delete(channel);
      this.#lastStarted.set(channel, (this.#starts += 1));
      // One entry per channel that computed lately: the oldest go once there are many.
      if (this.#lastStarted.size > 10_000) this.#lastStarted.delete(this.#lastStarted.keys().next().value!);
      this.#running += 1;
      void this.#run(job);
    }
    if (this.#running === 0 && this.#queue.length === 0) {
      for (const resolve of this.#idle) resolve();
      this.#idle.clear();
    }
  }

  /** The queue's next job: of the first kind waiting (misses, else refreshes), the one of the channel served longest ago, first come among equals. */
  #fairest(): number {
    const urgent = this.#queue[0]!.urgent;
    let best = 0;
    let bestStarted = Infinity;
    for (let at = 0; at < this.#queue.length && this.#queue[at]!.urgent === urgent; at += 1) {
      const started = this.#lastStarted.get(channelOf(this.#queue[at]!.key)) ?? 0;
      if (started < bestStarted) {
        best = at;
        bestStarted = started;
        if (started === 0) break;
      }
    }
    return best;
  }

  async #run(job: Job<T>): Promise<void> {
    try {
      const value = await job.compute();
      // A change notice while computing makes this answer suspect: hand it out, keep none of it.
      if (job.generation === this.#generation) {
        const at = this.#now();
        const freshFor = this.#ttl * (1 - this.#jitter * Math.random());
        this.#hold(job.key, { value, freshUntil: at + freshFor, staleUntil: at + this.#ttl + this.#stale });
      }
      job.resolve(value);
    } catch (error) {
      job.reject(error);
    } finally {
      if (this.#pending.get(job.key) === job) this.#pending.delete(job.key);
      await yieldToLoop();
      this.#running -= 1;
      this.#pump();
    }
  }

  /** Keeps an answer; past its channel's share, that channel's oldest answer goes. */
  #hold(key: string, entry: Entry<T>): void {
    const channel = channelOf(key);
    let keys = this.#byChannel.get(channel);
    if (!keys) this.#byChannel.set(channel, (keys = new Set()));
    keys.delete(key);
    keys.add(key);
    while (keys.size > this.#maxPerChannel) {
      const oldest = keys.values().next().value!;
      keys.delete(oldest);
      this.#entries.delete(oldest);
    }
    this.#entries.set(key, entry);
  }

  /** Drops the answers whose key starts with `prefix` (one channel's), or all of them. */
  invalidate(prefix: string | null): void {
    this.#generation += 1;
    // Jobs already queued or running still answer their callers; a new caller starts afresh.
    this.#pending.clear();
    if (prefix === null) {
      this.#entries.clear();
      this.#byChannel.clear();
      return;
    }
    for (const key of [...this.#entries.keys()]) if (key.startsWith(prefix)) this.#entries.delete(key);
  }
}

/** The channel part of a cache key (`<channelId>:…`); a key without one is of one shared group. */
function channelOf(key: string): string {
  const colon = key.indexOf(':');
  return colon < 0 ? '' : key.slice(0, colon);
}

/** Freezes an answer and everything in it: a cached answer is shared by every caller and must not change under them. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * A listing answer as cached: the parsed body, frozen, so what differs per viewer (access from
 * purchases, a blocked country) is applied to the data rather than to JSON text parsed again.
 * Its JSON text is made once, when first sent as it is; a viewer's variant is serialised once, when sent.
 */
export class FrozenAnswer<T extends object> {
  readonly body: T;
  #json: string | undefined;

  constructor(body: T) {
    this.body = deepFreeze(body);
  }

  /** The JSON text of `body` (or of a variant of it made for one viewer). */
  json(body: T = this.body): string {
    if (body !== this.body) return JSON.stringify(body);
    return (this.#json ??= JSON.stringify(body));
  }
}

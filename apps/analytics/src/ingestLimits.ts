import { addressGroup } from './address.ts';

/**
 * Ingest's per-client limits: the datalake calls take any origin and a public profile key, and
 * anyone can get a fresh session hash, so without them one client could fill the store (and the
 * reports) with as many rows as it likes. Counted in rows (a batch of 40 items is 40 rows):
 * - per client address (IPv6 by its /64) and per session, in fixed windows of `windowMs`: over
 *   either, the call is answered 429 with `Retry-After` (the site's client keeps its queue and
 *   sends again), nothing of it stored;
 * - per session and UTC day: over it, the call is answered 403 naming `session_uuid` (the client
 *   drops those rows: sending them again cannot succeed today), nothing of it stored;
 * - a batch holds at most `batchItems` items (400 beyond, naming `items`).
 * Every refused row is counted by reason (`dropped`, shown by `/healthz`), never stored.
 *
 * Counters live in this process's memory, which is where ingest runs (one `serve` per store); the
 * window maps are replaced when their window ends, so they hold at most one window's clients, and
 * the day's per-session counts are dropped when the UTC day changes.
 */
export interface IngestLimits {
  /** The rate window in ms (60 s). */
  windowMs: number;
  /** Rows from one client address (IPv6 /64) in a window (6,000: a venue's whole crowd behind one NAT). */
  perAddress: number;
  /** Rows of one session in a window (600). */
  perSession: number;
  /** Rows of one session in a UTC day (20,000: a day of watching sends a few thousand). */
  sessionDaily: number;
  /** Items in one batch (100). */
  batchItems: number;
}

export const DEFAULT_INGEST_LIMITS: IngestLimits = { windowMs: 60_000, perAddress: 6_000, perSession: 600, sessionDaily: 20_000, batchItems: 100 };

export type DropReason = 'address_rate' | 'session_rate' | 'session_day' | 'batch';

export type Admission = { ok: true } | { ok: false; reason: Exclude<DropReason, 'batch'>; retryAfterSeconds: number };

const DAY_MS = 86_400_000;

export class IngestLimiter {
  readonly limits: IngestLimits;
  #windowStart = -Infinity;
  #byAddress = new Map<string, number>();
  #bySession = new Map<string, number>();
  #day = -1;
  #daily = new Map<string, number>();
  /** Rows refused since start, by reason. */
  readonly dropped: Record<DropReason, number> = { address_rate: 0, session_rate: 0, session_day: 0, batch: 0 };

  constructor(limits: Partial<IngestLimits> = {}) {
    this.limits = { ...DEFAULT_INGEST_LIMITS, ...limits };
  }

  /**
   * Whether `rows` rows from `ip` on `session` (null: a call before any session, the hash call) may
   * be stored at `now`; if so they are counted, else they are counted as dropped.
   */
  admit(ip: string, session: string | null, rows: number, now: number): Admission {
    const { windowMs, perAddress, perSession, sessionDaily } = this.limits;
    if (now >= this.#windowStart + windowMs) {
      this.#windowStart = now - (now % windowMs);
      this.#byAddress = new Map();
      this.#bySession = new Map();
    }
    const day = Math.floor(now / DAY_MS);
    if (day !== this.#day) {
      this.#day = day;
      this.#daily = new Map();
    }
    const address = addressGroup(ip);
    const windowLeft = Math.max(1, Math.ceil((this.#windowStart + windowMs - now) / 1000));
    const refuse = (reason: Exclude<DropReason, 'batch'>, retryAfterSeconds: number): Admission => {
      this.dropped[reason] += rows;
      return { ok: false, reason, retryAfterSeconds };
    };
    const fromAddress = this.#byAddress.get(address) ?? 0;
    if (fromAddress + rows > perAddress) return refuse('address_rate', windowLeft);
    const ofSession = session === null ? 0 : (this.#bySession.get(session) ?? 0);
    if (session !== null && ofSession + rows > perSession) return refuse('session_rate', windowLeft);
    const today = session === null ? 0 : (this.#daily.get(session) ?? 0);
    if (session !== null && today + rows > sessionDaily) return refuse('session_day', Math.max(1, Math.ceil(((day + 1) * DAY_MS - now) / 1000)));
    this.#byAddress.set(address, fromAddress + rows);
    if (session !== null) {
      this.#bySession.set(session, ofSession + rows);
      this.#daily.set(session, today + rows);
    }
    return { ok: true };
  }

  /** A batch over `batchItems`: refused whole, its items counted as dropped. */
  refuseBatch(items: number): void {
    this.dropped.batch += items;
  }
}

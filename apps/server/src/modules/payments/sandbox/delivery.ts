import { type ExpressionBuilder, sql } from 'kysely';
import type { Database, DatabaseSchema } from '../../../core/db/schema.ts';
import { signSandboxPayload, SANDBOX_SIGNATURE_HEADER } from '../signature.ts';
import type { PaymentEvent } from '../types.ts';

/** Where one webhook goes: an http(s) URL, or a function that posts it in-process (an app not listening). */
export type WebhookTarget = string | ((request: { body: string; headers: Record<string, string> }) => Promise<number>);

export interface WebhookDeliveryOptions {
  /** Pending deliveries live here (table sandbox_webhook_deliveries), shared by every process on it. */
  db: Database;
  secret: string;
  /** Resolved at each attempt: the server's own address is known only once it listens. */
  target: () => WebhookTarget;
  /** Wait before the first attempt (~300 ms, the outcome arrives after the answer). */
  delayMs?: number;
  /** Waits between attempts; one attempt more than entries. */
  retryDelaysMs?: number[];
  /** Per attempt. */
  timeoutMs?: number;
  /** How often the queue is looked at for deliveries this process was not told about (a restart, another process). */
  pollMs?: number;
  /** UTC seconds (tests move it). */
  now?: () => number;
  onFailure?: (event: PaymentEvent, error: string, attempt: number, final: boolean) => void;
}

export const DEFAULT_DELIVERY_DELAY_MS = 300;
/** 1 s, 5 s, 25 s, 2 min: a restarting server is usually back within that. */
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 25_000, 120_000];
export const DEFAULT_POLL_MS = 1_000;
/** Rows claimed per look at the queue. */
const BATCH = 20;

/** The database's clock `ms` from now: every process schedules on the same clock. */
const later = (ms: number) => sql<Date>`now() + ${Math.max(0, Math.round(ms))}::integer * interval '1 millisecond'`;

interface Claimed {
  id: number;
  body: string;
  attempts: number;
}

/**
 * Posts signed webhooks the way a card processor does: asynchronously, after the API answer,
 * re-signed at every attempt (a fresh timestamp), retried with backoff on a non-2xx answer or a
 * network error. The queue is a table (architecture: stateless instances): a delivery waiting for
 * its retry survives a restart and is sent by whichever process looks first. Each attempt is
 * claimed with one atomic UPDATE over rows locked `FOR UPDATE SKIP LOCKED`, so two processes never
 * make the same attempt at once; a claim lapses after the attempt's time-out plus a margin, so a
 * process that dies mid-attempt delays the webhook but does not lose it. Delivery is at least
 * once: the orders drop repeated events.
 */
export class WebhookDelivery {
  readonly #options: Required<Omit<WebhookDeliveryOptions, 'onFailure'>> & Pick<WebhookDeliveryOptions, 'onFailure'>;
  readonly #db: Database;
  #closed = false;
  #started = false;
  #poll: NodeJS.Timeout | null = null;
  readonly #timers = new Set<NodeJS.Timeout>();
  /** Queue inserts not yet committed (flush waits for them). */
  readonly #inserting = new Set<Promise<void>>();
  /** The running look at the queue, and whether another was asked for meanwhile. */
  #running: Promise<void> | null = null;
  #again = false;
  /** Attempts made by this process, successful or not (tests and diagnostics). */
  attempts = 0;
  delivered = 0;

  constructor(options: WebhookDeliveryOptions) {
    this.#options = {
      delayMs: DEFAULT_DELIVERY_DELAY_MS,
      retryDelaysMs: DEFAULT_RETRY_DELAYS_MS,
      timeoutMs: 10_000,
      pollMs: DEFAULT_POLL_MS,
      now: () => Math.floor(Date.now() / 1000),
      ...options,
    };
    this.#db = options.db;
  }

  /** Looks at the queue now and every `pollMs` (deliveries left by a restart or queued by another process). */
  start(): void {
    if (this.#started || this.#closed) return;
    this.#started = true;
    this.#poll = setInterval(() => this.#kick(), this.#options.pollMs);
    this.#poll.unref();
    this.#kick();
  }

  /**
   * Queues the event (resolved once it is stored); the first attempt follows after the delay.
   * While the server shuts down the event is still stored (a request finishing then must not lose
   * its webhook): the next server to start sends it.
   */
  async send(event: PaymentEvent): Promise<void> {
    const insert = (async () => {
      await this.#db
        .insertInto('sandbox_webhook_deliveries')
        .values({ event_id: event.id, body: JSON.stringify(event), next_attempt_at: later(this.#options.delayMs) })
        .onConflict((c) => c.column('event_id').doNothing())
        .execute();
    })();
    this.#inserting.add(insert);
    try {
      await insert;
    } finally {
      this.#inserting.delete(insert);
    }
    this.#wakeIn(this.#options.delayMs);
  }

  /** Resolves when every queued webhook was delivered or given up on (waiting out the retries). */
  async flush(): Promise<void> {
    while (!this.#closed) {
      await Promise.all([...this.#inserting]);
      await this.#process();
      const next = await this.#db
        .selectFrom('sandbox_webhook_deliveries')
        .select(sql<string | number | null>`extract(epoch from (min(next_attempt_at) - now())) * 1000`.as('wait'))
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (next?.wait === null || next?.wait === undefined) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(0, Number(next.wait)) + 5, this.#options.pollMs)));
    }
  }

  /** Stops: no new attempt starts here; the attempt under way is waited for. Later events are only stored. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#poll) clearInterval(this.#poll);
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    await Promise.all([...this.#inserting]);
    await this.#running;
  }

  #wakeIn(ms: number): void {
    if (this.#closed) return;
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.#kick();
    }, ms);
    timer.unref();
    this.#timers.add(timer);
  }

  #kick(): void {
    void this.#process().catch(() => undefined);
  }

  /** One look at the queue at a time per process; a call during one asks for another after it. */
  #process(): Promise<void> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    const run = (async () => {
      try {
        do {
          this.#again = false;
          while (!this.#closed) {
            const batch = await this.#claim();
            if (batch.length === 0) break;
            await Promise.all(batch.map((row) => this.#deliver(row)));
          }
        } while (this.#again && !this.#closed);
      } finally {
        this.#running = null;
      }
    })();
    this.#running = run;
    return run;
  }

  /** Claims due rows for one attempt each: atomic, and rows another process holds are skipped. */
  async #claim(): Promise<Claimed[]> {
    const leaseMs = this.#options.timeoutMs + 30_000;
    const { rows } = await sql<Claimed>`
      update sandbox_webhook_deliveries
         set locked_until = ${later(leaseMs)}, attempts = attempts + 1
       where id in (
         select id from sandbox_webhook_deliveries
          where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until <= now())
          order by next_attempt_at, id
          limit ${BATCH}
          for update skip locked)
      returning id, body, attempts`.execute(this.#db);
    return rows;
  }

  async #deliver(row: Claimed): Promise<void> {
    const error = await this.#attempt(row.body);
    // Only the claim this process holds is settled (`attempts` unchanged since the claim).
    const mine = (eb: ExpressionBuilder<DatabaseSchema, 'sandbox_webhook_deliveries'>) => eb.and([eb('id', '=', row.id), eb('attempts', '=', row.attempts)]);
    if (error === null) {
      this.delivered++;
      await this.#db.deleteFrom('sandbox_webhook_deliveries').where(mine).execute();
      return;
    }
    const retries = this.#options.retryDelaysMs;
    const final = row.attempts > retries.length;
    const event = JSON.parse(row.body) as PaymentEvent;
    this.#options.onFailure?.(event, error, row.attempts, final);
    if (final) {
      await this.#db.updateTable('sandbox_webhook_deliveries').set({ status: 'failed', locked_until: null, last_error: error }).where(mine).execute();
      return;
    }
    const wait = retries[row.attempts - 1] ?? 0;
    await this.#db
      .updateTable('sandbox_webhook_deliveries')
      .set({ next_attempt_at: later(wait), locked_until: null, last_error: error })
      .where(mine)
      .execute();
    this.#wakeIn(wait);
  }

  /** null on a 2xx answer; what went wrong otherwise. */
  async #attempt(body: string): Promise<string | null> {
    this.attempts++;
    const headers = {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body, this.#options.secret, this.#options.now()),
    };
    try {
      const target = this.#options.target();
      let status: number;
      if (typeof target === 'string') {
        const response = await fetch(target, { method: 'POST', headers, body, signal: AbortSignal.timeout(this.#options.timeoutMs) });
        status = response.status;
        // Read the answer so the connection is free for the next webhook.
        await response.arrayBuffer().catch(() => undefined);
      } else {
        status = await target({ body, headers });
      }
      return status >= 200 && status < 300 ? null : `answered ${status}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }
}

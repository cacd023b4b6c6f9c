import { type DuckDBAppender, type DuckDBConnection, DuckDBDecimalValue, DuckDBInstance, DuckDBTimestampTZValue } from '@duckdb/node-api';
import { COLUMNS, type EventRow } from './row.ts';
import { PAYMENTS_SCHEMA, SCHEMA } from './schema.ts';

export type { EventRow } from './row.ts';

/** One of the channel server's settled charges (`payments` in schema.ts). */
export interface PaymentRow {
  channel: string;
  payment_id: string;
  paid_at: Date;
  received_at: Date;
  order_id: number | null;
  product_type: string | null;
  product_id: number | null;
  product_name: string | null;
  amount: number;
  currency: string;
}

/** The ingest queue is full: the caller answers 429 and the client sends again later. Nothing was stored. */
export class QueueFullError extends Error {
  override name = 'QueueFullError';
}

/** The store is closing or closed: nothing more is accepted. */
export class StoreClosedError extends Error {
  override name = 'StoreClosedError';
}

export interface StoreOptions {
  /** The DuckDB file, or `:memory:` (tests). */
  path: string;
  /**
   * Rows waiting for a commit at most (default 20,000). A call whose rows would go past it is
   * refused whole (`QueueFullError`), never half stored, never dropped after acknowledging.
   */
  queueLimit?: number;
  /** Rows in one commit at most (default 2,000): the appender runs on the event loop, so a commit stays short. */
  maxBatchRows?: number;
  /**
   * How long the first row of an idle queue waits for company before the commit starts (default
   * 2 ms). While a commit is under way, new rows wait for it anyway and go in the next one.
   */
  flushDelayMs?: number;
}

export interface StoreStats {
  /** Rows waiting for a commit. */
  queued: number;
  queueLimit: number;
  /** Rows committed since open, and the commits that carried them. */
  committedRows: number;
  commits: number;
}

export interface Store {
  /** For reads (the reports). Writes go through `append`, `forget` and `prune`, on their own connection. */
  readonly connection: DuckDBConnection;
  /**
   * Queues the rows of one call; resolves once they are committed (durable: DuckDB's write-ahead
   * log is synced on commit), all in the same transaction as each other. Rejects with
   * `QueueFullError` at once when the queue has no room for them.
   */
  append(rows: readonly EventRow[]): Promise<void>;
  /** Deletes a viewer's rows in a channel and every row of the sessions they appeared in; the count deleted. */
  forget(channel: string, userId: number): Promise<number>;
  /** Deletes the rows received before each cutoff: per channel, and `otherwise` for every channel not named. */
  prune(cutoffs: { channels: Readonly<Record<string, Date>>; otherwise: Date }): Promise<number>;
  /**
   * Stores one of the server's settled charges, once: true when it was new, false when that charge
   * was stored already (the server retries until it hears back, so a repeat is expected).
   */
  recordPayment(payment: PaymentRow): Promise<boolean>;
  /**
   * Another connection to the store's database, for a small table of its own (the sign-in
   * throttle's `login_failures`): it runs beside the writer and the reports; closed with the store.
   */
  connect(): Promise<DuckDBConnection>;
  stats(): StoreStats;
  /** Commits everything queued, then closes (a clean stop checkpoints the file). */
  close(): Promise<void>;
}

interface Waiting {
  rows: readonly EventRow[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

const DEFAULT_QUEUE_LIMIT = 20_000;
const DEFAULT_MAX_BATCH_ROWS = 2_000;
const DEFAULT_FLUSH_DELAY_MS = 2;

/** `received_at` as DuckDB's microseconds since the epoch. */
function timestamp(date: Date): DuckDBTimestampTZValue {
  return new DuckDBTimestampTZValue(BigInt(date.getTime()) * 1000n);
}

function appendRow(appender: DuckDBAppender, row: EventRow, order: readonly ((typeof COLUMNS)[number] | null)[]): void {
  for (const column of order) {
    const value = column ? row[column[0]] : null;
    if (value === null || value === undefined) {
      appender.appendNull();
      continue;
    }
    switch (column![1]) {
      case 'text':
        appender.appendVarchar(value as string);
        break;
      case 'timestamp':
        appender.appendTimestampTZ(timestamp(value as Date));
        break;
      case 'bigint':
        appender.appendBigInt(BigInt(value as number));
        break;
      case 'double':
        appender.appendDouble(value as number);
        break;
      case 'decimal':
        // Cents, exactly: DECIMAL(12, 2) from a rounded integer rather than a binary fraction.
        appender.appendDecimal(new DuckDBDecimalValue(BigInt(Math.round((value as number) * 100)), 12, 2));
        break;
      case 'json':
        appender.appendVarchar(JSON.stringify(value));
        break;
    }
  }
  appender.endRow();
}

/**
 * Opens (or creates) the store. Ingest is a group commit: calls queue their rows, one writer
 * commits whatever is waiting in one transaction (an Appender: measured the fastest way in, ahead
 * of an INSERT from a JSON array and far ahead of a multi-row VALUES list), then resolves every
 * call it carried. A commit costs a WAL sync (a few ms on this machine) whatever its size, so
 * batching is what makes thousands of calls a second possible.
 */
export async function openStore(options: StoreOptions): Promise<Store> {
  const queueLimit = options.queueLimit ?? DEFAULT_QUEUE_LIMIT;
  const maxBatchRows = options.maxBatchRows ?? DEFAULT_MAX_BATCH_ROWS;
  const flushDelayMs = options.flushDelayMs ?? DEFAULT_FLUSH_DELAY_MS;
  const instance = await DuckDBInstance.create(options.path);
  const writer = await instance.connect();
  await writer.run(SCHEMA);
  await writer.run(PAYMENTS_SCHEMA);
  const reader = await instance.connect();
  const others: DuckDBConnection[] = [];

  // The table's columns in its order: a column added later (nullable) is appended NULL.
  const described = await writer.runAndReadAll(`SELECT column_name FROM information_schema.columns WHERE table_name = 'events' ORDER BY ordinal_position`);
  const order = described.getRowObjectsJS().map((record) => COLUMNS.find(([name]) => name === record['column_name']) ?? null);
  const missing = COLUMNS.filter((column) => !order.includes(column)).map(([name]) => name);
  if (missing.length > 0) throw new Error(`${options.path}: the events table lacks ${missing.join(', ')}`);

  const waiting: Waiting[] = [];
  let queued = 0;
  let committedRows = 0;
  let commits = 0;
  let closing = false;
  let timer: NodeJS.Timeout | null = null;
  // Every use of the writer connection, one after another: commits, deletes, closing.
  let lane: Promise<unknown> = Promise.resolve();

  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = lane.then(work, work);
    lane = run.catch(() => undefined);
    return run;
  }

  /** Takes whole calls (never splits one) up to `maxBatchRows` rows, at least one call. */
  function takeBatch(): Waiting[] {
    const batch: Waiting[] = [];
    let rows = 0;
    while (waiting.length > 0) {
      const next = waiting[0]!;
      if (batch.length > 0 && rows + next.rows.length > maxBatchRows) break;
      batch.push(waiting.shift()!);
      rows += next.rows.length;
    }
    return batch;
  }

  let appender: DuckDBAppender | null = null;
  async function commit(batch: Waiting[]): Promise<void> {
    const rows = batch.reduce((sum, call) => sum + call.rows.length, 0);
    try {
      // One appender for the store's life; each flush is one transaction of its own (DuckDB
      // commits an appender's flush outside an explicit transaction), so a commit is a single call
      // rather than BEGIN, append and COMMIT round trips: measured faster under load.
      appender ??= await writer.createAppender('events');
      try {
        for (const call of batch) for (const row of call.rows) appendRow(appender, row, order);
        appender.flushSync();
      } catch (error) {
        // Nothing of a failed batch stays behind to ride along with the next one.
        appender.clear();
        throw error;
      }
      committedRows += rows;
      commits += 1;
      for (const call of batch) call.resolve();
    } catch (error) {
      for (const call of batch) call.reject(error);
    } finally {
      queued -= rows;
    }
  }

  let draining: Promise<void> | null = null;

  /** Commits until the queue is empty; one loop at a time (a second caller gets the running one). */
  function drain(): Promise<void> {
    draining ??= (async () => {
      try {
        while (waiting.length > 0) {
          const batch = takeBatch();
          await exclusive(() => commit(batch));
        }
      } finally {
        draining = null;
      }
    })();
    return draining;
  }

  function schedule(): void {
    if (timer || draining) return;
    timer = setTimeout(() => {
      timer = null;
      void drain();
    }, flushDelayMs);
  }

  /** Everything queued so far, committed: a delete must not miss rows acknowledged before it. */
  async function settle(): Promise<void> {
    while (queued > 0) {
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      await drain();
    }
  }

  return {
    connection: reader,
    append(rows) {
      if (closing) return Promise.reject(new StoreClosedError('The analytics store is closing.'));
      if (rows.length === 0) return Promise.resolve();
      if (queued + rows.length > queueLimit) return Promise.reject(new QueueFullError(`The ingest queue is full (${queued} of ${queueLimit} rows waiting).`));
      queued += rows.length;
      return new Promise<void>((resolve, reject) => {
        waiting.push({ rows, resolve, reject });
        schedule();
      });
    },
    async forget(channel, userId) {
      await settle();
      return exclusive(async () => {
        const result = await writer.run(
          `DELETE FROM events WHERE channel = $channel AND (user_id = $user OR session_uuid IN (SELECT session_uuid FROM events WHERE channel = $channel AND user_id = $user))`,
          { channel, user: BigInt(userId) },
        );
        return result.rowsChanged;
      });
    },
    async prune({ channels, otherwise }) {
      return exclusive(async () => {
        let deleted = 0;
        const named = Object.keys(channels);
        for (const [channel, before] of Object.entries(channels)) {
          const result = await writer.run(`DELETE FROM events WHERE channel = $channel AND received_at < $before`, { channel, before: timestamp(before) });
          deleted += result.rowsChanged;
        }
        const others = named.length > 0 ? `AND channel NOT IN (${named.map((_, index) => `$c${index}`).join(', ')})` : '';
        const values: Record<string, string | DuckDBTimestampTZValue> = { before: timestamp(otherwise) };
        named.forEach((channel, index) => {
          values[`c${index}`] = channel;
        });
        const result = await writer.run(`DELETE FROM events WHERE received_at < $before ${others}`, values);
        deleted += result.rowsChanged;
        // The server's charges go by the same rule, by when they were paid.
        for (const [channel, before] of Object.entries(channels)) {
          deleted += (await writer.run(`DELETE FROM payments WHERE channel = $channel AND paid_at < $before`, { channel, before: timestamp(before) })).rowsChanged;
        }
        deleted += (await writer.run(`DELETE FROM payments WHERE paid_at < $before ${others}`, values)).rowsChanged;
        return deleted;
      });
    },
    async recordPayment(payment) {
      return exclusive(async () => {
        const result = await writer.run(
          `INSERT INTO payments (channel, payment_id, paid_at, received_at, order_id, product_type, product_id, product_name, amount, currency)
           VALUES ($channel, $payment_id, $paid_at, $received_at, $order_id, $product_type, $product_id, $product_name, $amount, $currency)
           ON CONFLICT DO NOTHING`,
          {
            channel: payment.channel,
            payment_id: payment.payment_id,
            paid_at: timestamp(payment.paid_at),
            received_at: timestamp(payment.received_at),
            order_id: payment.order_id === null ? null : BigInt(payment.order_id),
            product_type: payment.product_type,
            product_id: payment.product_id === null ? null : BigInt(payment.product_id),
            product_name: payment.product_name,
            amount: new DuckDBDecimalValue(BigInt(Math.round(payment.amount * 100)), 12, 2),
            currency: payment.currency,
          },
        );
        return result.rowsChanged > 0;
      });
    },
    async connect() {
      if (closing) throw new StoreClosedError('The analytics store is closing.');
      const connection = await instance.connect();
      others.push(connection);
      return connection;
    },
    stats: () => ({ queued, queueLimit, committedRows, commits }),
    async close() {
      if (closing) return;
      closing = true;
      await settle();
      await exclusive(async () => {
        appender?.closeSync();
        reader.closeSync();
        for (const connection of others) connection.closeSync();
        writer.closeSync();
        instance.closeSync();
      });
    },
  };
}

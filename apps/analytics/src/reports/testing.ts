import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { PAYMENTS_SCHEMA, SCHEMA } from '../storage/schema.ts';

/** One row of `events` as a test writes it: only the columns it cares about. */
export type EventRow = { channel: string; received_at: string; kind: string; session_uuid: string } & Partial<
  Record<
    | 'event'
    | 'user_email'
    | 'video_view_uuid'
    | 'stream_type'
    | 'stream_title'
    | 'sport'
    | 'school'
    | 'team'
    | 'product_type'
    | 'product_name'
    | 'currency'
    | 'reason',
    string | null
  > &
    Record<'user_id' | 'stream_id' | 'ttff_ms' | 'viewing_seconds' | 'product_id' | 'amount', number | null>
>;

/** One of the server's settled charges as a test writes it. */
export interface PaymentRow {
  channel: string;
  payment_id: string;
  paid_at: string;
  product_type?: string;
  product_id?: number;
  product_name?: string;
  amount: number;
  currency: string;
}

/** An in-memory DuckDB holding the service's tables, as the store creates them. */
export async function memoryStore(): Promise<{
  connection: DuckDBConnection;
  insert: (rows: EventRow[]) => Promise<void>;
  insertPayments: (rows: PaymentRow[]) => Promise<void>;
  close: () => void;
}> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  await connection.run(SCHEMA);
  await connection.run(PAYMENTS_SCHEMA);
  return {
    connection,
    async insertPayments(rows) {
      for (const row of rows) {
        await connection.run(
          `INSERT INTO payments (channel, payment_id, paid_at, received_at, product_type, product_id, product_name, amount, currency)
           VALUES ($1, $2, $3::TIMESTAMPTZ, $3::TIMESTAMPTZ, $4, $5::BIGINT, $6, $7::DECIMAL(12, 2), $8)`,
          [row.channel, row.payment_id, row.paid_at, row.product_type ?? null, row.product_id === undefined ? null : String(row.product_id), row.product_name ?? null, String(row.amount), row.currency],
        );
      }
    },
    async insert(rows) {
      for (const row of rows) {
        const columns = Object.keys(row);
        const values = Object.values(row).map((value) => (value === null || value === undefined ? null : String(value)));
        const casts = columns.map((column, index) => `$${index + 1}::${column === 'received_at' ? 'TIMESTAMPTZ' : typeOf(column)}`);
        await connection.run(`INSERT INTO events (${columns.join(', ')}) VALUES (${casts.join(', ')})`, values);
      }
    },
    close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

function typeOf(column: string): string {
  if (['user_id', 'stream_id', 'product_id'].includes(column)) return 'BIGINT';
  if (['ttff_ms', 'viewing_seconds'].includes(column)) return 'DOUBLE';
  if (column === 'amount') return 'DECIMAL(12, 2)';
  return 'VARCHAR';
}

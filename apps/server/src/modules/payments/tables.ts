import type { ColumnType } from 'kysely';
import type { Id, Timestamp, Defaulted } from '../../core/db/schema.ts';

/* The payments (the card sandbox) tables, added to core's DatabaseSchema below (module augmentation): core lists no module's tables. */

/** The sandbox card processor's customer: one per (channel, user) (migration 0007_sandbox). */
export interface SandboxCustomersTable {
  id: string;
  channel_id: number;
  user_id: number;
  email: string;
  created_at: Timestamp;
}

/** A card typed into the sandbox: brand, last four and test behaviour only, never the number. */
export interface SandboxPaymentMethodsTable {
  id: string;
  channel_id: number;
  user_id: number | null;
  /** Set while the card is saved to a customer. */
  customer_id: string | null;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** succeed | decline | insufficient_funds | authenticate */
  behavior: string;
  created_at: Timestamp;
}

/** A sandbox payment (kind payment) or card check (kind setup). */
export interface SandboxIntentsTable {
  id: string;
  channel_id: number;
  user_id: number;
  kind: string;
  /** requires_action | succeeded | failed | canceled (the site gave up on it: nothing can be charged) */
  status: string;
  payment_method_id: string | null;
  order_id: number | null;
  amount: ColumnType<string | number | null, number | string | null | undefined, number | string | null>;
  currency: string | null;
  description: string | null;
  save_card: Defaulted<boolean>;
  off_session: Defaulted<boolean>;
  idempotency_key: string;
  return_url: string | null;
  card_brand: string | null;
  card_last4: string | null;
  failure_reason: string | null;
  created_at: Timestamp;
  /** A refund (migration 0037): its id, when, and the amount given back. */
  refund_id: string | null;
  refunded_at: Timestamp | null;
  refunded_amount: ColumnType<string | number | null, number | string | null | undefined, number | string | null>;
}

/** A sandbox webhook waiting for delivery (migration 0009_payment_durability); deleted once delivered. */
export interface SandboxWebhookDeliveriesTable {
  id: Id;
  event_id: string;
  /** The event's JSON, signed afresh at every attempt. */
  body: string;
  /** pending | failed (given up after the last retry) */
  status: Defaulted<string>;
  attempts: Defaulted<number>;
  next_attempt_at: Timestamp;
  /** Set while one process makes an attempt; a crashed process's claim lapses at this time. */
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
}

declare module '../../core/db/schema.ts' {
  interface DatabaseSchema {
    sandbox_customers: SandboxCustomersTable;
    sandbox_payment_methods: SandboxPaymentMethodsTable;
    sandbox_intents: SandboxIntentsTable;
    sandbox_webhook_deliveries: SandboxWebhookDeliveriesTable;
  }
}

import type { ColumnType, Selectable } from 'kysely';
import type { Id, Timestamp } from '../../core/db/schema.ts';

/* The accounts tables, added to core's DatabaseSchema below (module augmentation): core lists no module's tables. */

export interface ApiKeysTable {
  id: Id;
  channel_id: number;
  /** sha256 hex of the key: the key itself is never stored. */
  key_hash: string;
  user_id: number | null;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  /** When the key became a user's session (login, linked device): the absolute lifetime counts from here. */
  session_started_at: Timestamp | null;
}

export interface UsersTable {
  id: Id;
  channel_id: number;
  email: string;
  /** Argon2id PHC string; null for an account made by a social login. */
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  email_verified_at: Timestamp | null;
  temporary_password: ColumnType<boolean, boolean | undefined, boolean>;
  trial_period_used: ColumnType<boolean, boolean | undefined, boolean>;
  is_geo_blocked: ColumnType<boolean, boolean | undefined, boolean>;
  capabilities: ColumnType<string[], string | undefined, string>;
  feature_count: ColumnType<Record<string, number>, string | undefined, string>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Soft deletion (POST /delete-account-confirm): the row stays, the account is gone. */
  deleted_at: Timestamp | null;
  /** When the analytics service confirmed it forgot this deleted viewer (src/modules/analytics/forget.ts); null while still to do. */
  analytics_forgotten_at: Timestamp | null;
  /** Forget calls made for this viewer so far (the back-off grows with them). */
  analytics_forget_attempts: ColumnType<number, number | undefined, number>;
  /** The next forget call may be made from then: a claim's lease while a call is under way, then the back-off. */
  analytics_forget_next_at: Timestamp | null;
  /** Suspended by the channel's support (migration 0036): no stream and no clip until restored; the reason is shown to the viewer. */
  suspended_at: Timestamp | null;
  suspended_reason: string | null;
}

/** A device's short code (POST auth/device_code) that a logged-in viewer enters to link it. */
export interface DeviceCodesTable {
  id: Id;
  channel_id: number;
  code: string;
  api_key_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A linked device's next game (migration 0070): the linking viewer chooses it, the device plays it. */
export interface DeviceNextTable {
  id: Id;
  channel_id: number;
  api_key_id: number;
  user_id: number;
  event_id: number | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type UserRow = Selectable<UsersTable>;

declare module '../../core/db/schema.ts' {
  interface DatabaseSchema {
    api_keys: ApiKeysTable;
    users: UsersTable;
    device_codes: DeviceCodesTable;
    device_next: DeviceNextTable;
  }
}

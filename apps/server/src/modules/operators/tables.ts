import type { ColumnType, Selectable } from 'kysely';
import type { Id, Json, Timestamp } from '../../core/db/schema.ts';

/* The operators' tables, added to core's DatabaseSchema below (module augmentation): core lists no module's tables. */

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** A person who runs channels: not a viewer (no users row), one account for every channel they hold a role on. */
export interface OperatorsTable {
  id: Id;
  /** Lower case, unique. */
  email: string;
  name: string;
  /** Argon2id PHC string (accounts' password helpers). */
  password_hash: string;
  /** The TOTP secret (base32), sealed with the app secret (`totp.ts`); never sent back once set up. */
  totp_secret: string | null;
  /** When the operator confirmed their TOTP set-up; null: no second factor. */
  totp_enabled_at: Timestamp | null;
  /** The TOTP time step of the last code accepted: a code is good once, not again in its window. */
  totp_last_step: number | null;
  language: string;
  created_at: CreatedAt;
  /** Runs the platform: creates, suspends and restores channels (modules/channels/platformRoutes). */
  is_platform_owner: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface OperatorMembershipsTable {
  id: Id;
  operator_id: number;
  channel_id: number;
  role: string;
  created_at: CreatedAt;
}

export interface OperatorSessionsTable {
  id: Id;
  /** sha256 of the cookie's value: the value itself is never stored. */
  token_hash: string;
  operator_id: number;
  /** The channel the session was opened on: it is valid there only. */
  channel_id: number;
  expires_at: Timestamp;
  created_at: CreatedAt;
  created_ip: string | null;
  created_ua: string | null;
  /** Whether the operator gave a TOTP code (or had none to give) when signing in. */
  totp_passed: boolean;
}

export interface OperatorInvitationsTable {
  id: Id;
  token_hash: string;
  channel_id: number;
  email: string;
  role: string;
  invited_by: number | null;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface IntegrationTokensTable {
  id: Id;
  secret_hash: string;
  channel_id: number;
  role: string;
  name: string;
  created_by: number | null;
  created_at: CreatedAt;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface AuditLogTable {
  id: Id;
  channel_id: number;
  actor_kind: string;
  actor_id: number;
  actor_label: string;
  action: string;
  subject: string;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
  at: CreatedAt;
}

/** A channel's security settings; a channel without a row has the defaults (no TOTP required). */
export interface ChannelSecurityTable {
  channel_id: number;
  require_totp: boolean;
  updated_at: CreatedAt;
}

export type OperatorRow = Selectable<OperatorsTable>;

declare module '../../core/db/schema.ts' {
  interface DatabaseSchema {
    operators: OperatorsTable;
    operator_memberships: OperatorMembershipsTable;
    operator_sessions: OperatorSessionsTable;
    operator_invitations: OperatorInvitationsTable;
    integration_tokens: IntegrationTokensTable;
    audit_log: AuditLogTable;
    channel_security: ChannelSecurityTable;
  }
}

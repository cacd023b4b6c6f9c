import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { channelOwned } from '../../core/db/baseline.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's typed schema */

/**
 * The control room's people (spec §1, admin dashboard): operators, apart from viewers, with a role
 * per channel; their sessions (hashed), invitations (hashed tokens), the integration tokens a
 * channel gives its tools (hashed), the audit log, and each channel's security settings.
 */
const operators: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('operators')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('totp_secret', 'text')
      .addColumn('totp_enabled_at', 'timestamptz')
      .addColumn('totp_last_step', 'integer')
      .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addCheckConstraint('operators_email_lower', sql`email = lower(email)`)
      .execute();
    await channelOwned(db, 'operator_memberships')
      .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('operator_memberships_pair', ['operator_id', 'channel_id'])
      .addCheckConstraint('operator_memberships_role', sql`role in ('owner', 'producer', 'support', 'analyst')`)
      .execute();
    await db.schema.createIndex('operator_memberships_channel').on('operator_memberships').columns(['channel_id']).execute();
    await channelOwned(db, 'operator_sessions')
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id').onDelete('cascade'))
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('created_ip', 'text')
      .addColumn('created_ua', 'text')
      .addColumn('totp_passed', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
    await db.schema.createIndex('operator_sessions_operator').on('operator_sessions').columns(['operator_id', 'channel_id']).execute();
    await channelOwned(db, 'operator_invitations')
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('invited_by', 'integer', (c) => c.references('operators.id').onDelete('set null'))
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('accepted_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await channelOwned(db, 'integration_tokens')
      .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.references('operators.id').onDelete('set null'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('last_used_at', 'timestamptz')
      .addColumn('revoked_at', 'timestamptz')
      .execute();
    await channelOwned(db, 'audit_log')
      .addColumn('actor_kind', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'integer', (c) => c.notNull())
      .addColumn('actor_label', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('before', 'jsonb')
      .addColumn('after', 'jsonb')
      .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('audit_log_channel').on('audit_log').columns(['channel_id', 'id']).execute();
    await db.schema
      .createTable('channel_security')
      .addColumn('channel_id', 'integer', (c) => c.primaryKey().references('channels.id').onDelete('cascade'))
      .addColumn('require_totp', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
  async down(db: Kysely<any>) {
    for (const table of ['channel_security', 'audit_log', 'integration_tokens', 'operator_invitations', 'operator_sessions', 'operator_memberships', 'operators']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};

/** The operators' migrations, by the names databases in service run them under. */
export const operatorsMigrations: Readonly<Record<string, Migration>> = {
  '0019_operators': operators,
};

import {
  ApiErrorBody,
  AuditQuery,
  AuditResponse,
  CONSOLE_CODES,
  ConsoleMembersResponse,
  ConsoleOk,
  ConsoleSecurity,
  IdParams,
  IntegrationTokensResponse,
  NewTokenBody,
  NewTokenResponse,
  type OperatorRole,
  RoleBody,
} from '@grandstand/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleFail, newSecret, recordAudit, requireConsole, sha256, TOKEN_PREFIX } from './auth.ts';
import { endOperatorSessions } from './repository.ts';

const errors = { 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody };
/** The channel's people, tools and security are a person's business: an owner's session, not a token. */
const ownerOnly = requireConsole(['owner'], { operatorsOnly: true });
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The owner's screens: the channel's security (TOTP required), its operators and their roles, its
 * integration tokens, and the audit log. Every change is audited with before and after, in the
 * change's transaction.
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get('/security', { config: { apiKey: false }, preHandler: ownerOnly, schema: { tags: ['console'], response: { 200: ConsoleSecurity, ...errors } } }, async (request) => {
    const row = await db.selectFrom('channel_security').select('require_totp').where('channel_id', '=', request.channelId).executeTakeFirst();
    return { requireTotp: row?.require_totp ?? false };
  });

  app.patch('/security', { config: { apiKey: false }, preHandler: ownerOnly, schema: { tags: ['console'], body: ConsoleSecurity, response: { 200: ConsoleSecurity, ...errors } } }, async (request) => {
    const channelId = request.channelId;
    const requireTotp = request.body.requireTotp;
    await db.transaction().execute(async (tx) => {
      const before = await tx.selectFrom('channel_security').select('require_totp').where('channel_id', '=', channelId).forUpdate().executeTakeFirst();
      await tx
        .insertInto('channel_security')
        .values({ channel_id: channelId, require_totp: requireTotp })
        .onConflict((oc) => oc.column('channel_id').doUpdateSet({ require_totp: requireTotp, updated_at: new Date() }))
        .execute();
      await recordAudit(tx, { actor: request.consoleActor!, action: 'security.update', subject: 'channel', before: { requireTotp: before?.require_totp ?? false }, after: { requireTotp } });
    });
    return { requireTotp };
  });

  app.get('/operators', { config: { apiKey: false }, preHandler: ownerOnly, schema: { tags: ['console'], response: { 200: ConsoleMembersResponse, ...errors } } }, async (request) => {
    const rows = await db
      .selectFrom('operator_memberships as m')
      .innerJoin('operators as o', 'o.id', 'm.operator_id')
      .select(['o.id', 'o.email', 'o.name', 'o.totp_enabled_at', 'm.role', 'm.created_at'])
      .where('m.channel_id', '=', request.channelId)
      .orderBy('o.name')
      .orderBy('o.id')
      .execute();
    return {
      operators: rows.map((row) => ({ id: row.id, email: row.email, name: row.name, role: row.role as OperatorRole, totpEnabled: row.totp_enabled_at !== null, since: iso(row.created_at)! })),
    };
  });

  /**
   * The channel's owners, locked for the transaction: two owners removing each other at once
   * cannot both pass the "not the last owner" check.
   */
  const lockedOwners = (tx: typeof db, channelId: number) =>
    tx.selectFrom('operator_memberships').select('operator_id').where('channel_id', '=', channelId).where('role', '=', 'owner').forUpdate().execute();

  app.patch('/operators/:id', { config: { apiKey: false }, preHandler: ownerOnly, schema: { tags: ['console'], params: IdParams, body: RoleBody, response: { 200: ConsoleOk, ...errors } } }, async (request, reply) => {
    const channelId = request.channelId;
    const operatorId = request.params.id;
    const role = request.body.role;
    const outcome = await db.transaction().execute(async (tx) => {
      const owners = await lockedOwners(tx, channelId);
      const member = await tx.selectFrom('operator_memberships').select('role').where('channel_id', '=', channelId).where('operator_id', '=', operatorId).forUpdate().executeTakeFirst();
      if (!member) return 'missing' as const;
      if (member.role === 'owner' && role !== 'owner' && owners.length <= 1) return 'last-owner' as const;
      if (member.role === role) return 'same' as const;
      await tx.updateTable('operator_memberships').set({ role }).where('channel_id', '=', channelId).where('operator_id', '=', operatorId).execute();
      await recordAudit(tx, { actor: request.consoleActor!, action: 'operator.role', subject: `operator:${operatorId}`, before: { role: member.role }, after: { role } });
      return 'done' as const;
    });
    if (outcome === 'missing') return consoleFail(reply, 404, CONSOLE_CODES.notFound, 'No such operator on this channel.', 'id');
    if (outcome === 'last-owner') return consoleFail(reply, 409, CONSOLE_CODES.lastOwner, 'The channel needs at least one owner.', 'role');
    return { ok: true as const };
  });

  app.delete('/operators/:id', { config: { apiKey: false }, preHandler: ownerOnly, schema: { tags: ['console'], params: IdParams, response: { 200: ConsoleOk, ...errors } } }, async (request, reply) => {
    const channelId = request.channelId;
    const operatorId = request.params.id;
    const outcome = await db.transaction().execute(async (tx) => {
      const owners = await lockedOwners(tx, channelId);
      const member = await tx
        .selectFrom('operator_memberships as m')
        .innerJoin('operators as o', 'o.id', 'm.operator_id')
        .select(['m.role', 'o.email', 'o.name'])
        .where('m.channel_id', '=', channelId)
        .where('m.operator_id', '=', operatorId)
        .executeTakeFirst();
      if (!member) return 'missing' as const;
      if (member.role === 'owner' && owners.length <= 1) return 'last-owner' as const;
      await tx.deleteFrom('operator_memberships').where('channel_id', '=', channelId).where('operator_id', '=', operatorId).execute();
      // Their sessions on this channel end with the role (the role is read on every call anyway).
      await endOperatorSessions(tx, operatorId, channelId);
      await recordAudit(tx, { actor: request.consoleActor!, action: 'operator.remove', subject: `operator:${operatorId}`, before: { email: member.email, name: member.name, role: member.role }, after: null });
      return 'done' as const;
    });
    if (outcome === 'missing') return consoleFail(reply, 404, CONSOLE_CODES.notFound, 'No such operator on this channel.', 'id');
    if (outcome === 'last-owner') return consoleFail(reply, 409, CONSOLE_CODES.lastOwner, 'The channel needs at least one owner.', 'id');
    return { ok: true as const };
  });

  const tokenView = (row: { id: number; name: string; role: string; created_at: Date; last_used_at: Date | null }) => ({
    id: row.id,
    name: row.name,
    role: row.role as OperatorRole,
    createdAt: iso(row.created_at)!,
    lastUsedAt: iso(row.last_used_at),
  });

  app.get('/tokens', { config: { apiKey: false }, preHandler: ownerOnly, schema: { tags: ['console'], response: { 200: IntegrationTokensResponse, ...errors } } }, async (request) => {
    const rows = await db
      .selectFrom('integration_tokens')
      .select(['id', 'name', 'role', 'created_at', 'last_used_at'])
      .where('channel_id', '=', request.channelId)
      .where('revoked_at', 'is', null)
      .orderBy('id', 'desc')
      .execute();
    return { tokens: rows.map(tokenView) };
  });

  app.post('/tokens', { config: { apiKey: false }, preHandler: ownerOnly, schema: { tags: ['console'], body: NewTokenBody, response: { 200: NewTokenResponse, ...errors } } }, async (request) => {
    const token = newSecret(TOKEN_PREFIX);
    const row = await db.transaction().execute(async (tx) => {
      const created = await tx
        .insertInto('integration_tokens')
        .values({ channel_id: request.channelId, secret_hash: sha256(token), role: request.body.role, name: request.body.name, created_by: request.consoleActor!.id })
        .returning(['id', 'name', 'role', 'created_at', 'last_used_at'])
        .executeTakeFirstOrThrow();
      await recordAudit(tx, { actor: request.consoleActor!, action: 'token.create', subject: `token:${created.id}`, before: null, after: { name: created.name, role: created.role } });
      return created;
    });
    // Shown this once: the database keeps its hash only.
    return { token, integrationToken: tokenView(row) };
  });

  app.delete('/tokens/:id', { config: { apiKey: false }, preHandler: ownerOnly, schema: { tags: ['console'], params: IdParams, response: { 200: ConsoleOk, ...errors } } }, async (request, reply) => {
    const revoked = await db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('integration_tokens')
        .set({ revoked_at: new Date() })
        .where('channel_id', '=', request.channelId)
        .where('id', '=', request.params.id)
        .where('revoked_at', 'is', null)
        .returning(['id', 'name', 'role'])
        .executeTakeFirst();
      if (row) await recordAudit(tx, { actor: request.consoleActor!, action: 'token.revoke', subject: `token:${row.id}`, before: { name: row.name, role: row.role, revoked: false }, after: { name: row.name, role: row.role, revoked: true } });
      return row;
    });
    if (!revoked) return consoleFail(reply, 404, CONSOLE_CODES.notFound, 'No such token on this channel.', 'id');
    return { ok: true as const };
  });

  app.get('/audit', { config: { apiKey: false }, preHandler: ownerOnly, schema: { tags: ['console'], querystring: AuditQuery, response: { 200: AuditResponse, ...errors } } }, async (request) => {
    const limit = request.query.limit ?? 50;
    let query = db.selectFrom('audit_log').selectAll().where('channel_id', '=', request.channelId);
    if (request.query.before !== undefined) query = query.where('id', '<', request.query.before);
    const rows = await query.orderBy('id', 'desc').limit(limit + 1).execute();
    const page = rows.slice(0, limit);
    return {
      entries: page.map((row) => ({
        id: row.id,
        at: iso(row.at)!,
        actor: { kind: row.actor_kind as 'operator' | 'token', label: row.actor_label },
        action: row.action,
        subject: row.subject,
        before: row.before ?? null,
        after: row.after ?? null,
      })),
      next: rows.length > limit ? page[page.length - 1]!.id : null,
    };
  });
};

export default adminRoutes;

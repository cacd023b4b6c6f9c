import {
  AcceptInvitationBody,
  ApiErrorBody,
  CONSOLE_CODES,
  ConsoleInvitationResponse,
  ConsoleInvitationsResponse,
  ConsoleOk,
  ConsoleSessionResponse,
  IdParams,
  InvitationBody,
  InvitationInfo,
  type Language,
  type OperatorRole,
} from '@grandstand/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hashPassword, passwordProblem } from '../accounts/index.ts';
import { consoleChannel, consoleFail, newSecret, recordAudit, requireConsole, requiresTotp, sameOrigin, sessionCookie, sha256 } from './auth.ts';
import { invitationMail } from './invitationMail.ts';
import { findOperatorByEmail, normalEmail, upsertOperatorWithRole } from './repository.ts';
import { checkSignIn, refuseSignIn } from './signIn.ts';
import { operatorView } from './view.ts';

/** An invitation's link works for a week, once. */
export const INVITATION_DAYS = 7;
const TokenParams = z.object({ token: z.string().min(20).max(100) });
const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody, 422: ApiErrorBody, 429: ApiErrorBody, 502: ApiErrorBody };
const ownerOnly = requireConsole(['owner'], { operatorsOnly: true });
const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Owners invite by email (the mail module's transport: the outbox in the demo). The link carries
 * a random token, kept hashed; the person accepts as a new operator (name and password) or, when
 * the address already has an operator account, by giving that account's password.
 */
const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const service = app.operatorsService;

  const view = (row: { id: number; email: string; role: string; created_at: Date; expires_at: Date }) => ({
    id: row.id,
    email: row.email,
    role: row.role as OperatorRole,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
  });

  app.post('/invitations', { config: { apiKey: false }, preHandler: ownerOnly, schema: { tags: ['console'], body: InvitationBody, response: { 200: ConsoleInvitationResponse, ...errors } } }, async (request, reply) => {
    const channel = app.channels.byId(request.channelId)!;
    const email = normalEmail(request.body.email);
    if (!/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email)) return consoleFail(reply, 422, CONSOLE_CODES.invalid, 'Enter an email address.', 'email');
    const member = await db
      .selectFrom('operator_memberships as m')
      .innerJoin('operators as o', 'o.id', 'm.operator_id')
      .select('m.id')
      .where('m.channel_id', '=', channel.id)
      .where('o.email', '=', email)
      .executeTakeFirst();
    if (member) return consoleFail(reply, 409, CONSOLE_CODES.alreadyMember, 'This person already works for the channel: change their role instead.', 'email');
    const token = newSecret();
    const expiresAt = new Date(service.now() + INVITATION_DAYS * 86_400_000);
    const row = await db.transaction().execute(async (tx) => {
      const created = await tx
        .insertInto('operator_invitations')
        .values({ token_hash: sha256(token), channel_id: channel.id, email, role: request.body.role, invited_by: request.consoleActor!.id, expires_at: expiresAt })
        .returning(['id', 'email', 'role', 'created_at', 'expires_at'])
        .executeTakeFirstOrThrow();
      await recordAudit(tx, { actor: request.consoleActor!, action: 'invitation.create', subject: `invitation:${created.id}`, before: null, after: { email, role: created.role } });
      return created;
    });
    // Only the channel's configured (or derived) public origin: a Host header never aims a genuine link elsewhere.
    const link = `${app.channels.publicOrigin(channel.id)}/console/invitation/${token}`;
    const content = invitationMail({ channelName: channel.config.name, language: channel.config.language as Language, role: row.role as OperatorRole, link, days: INVITATION_DAYS });
    try {
      await app.accountsMail.sendMessage({ channel, to: email, content });
    } catch (error) {
      request.log.error({ err: error }, 'invitation mail failed');
      // Nobody can use an invitation whose link never left: it goes, and the owner tries again.
      await db.deleteFrom('operator_invitations').where('id', '=', row.id).execute();
      return consoleFail(reply, 502, CONSOLE_CODES.invalid, 'The invitation could not be mailed. Please try again.', 'email');
    }
    return { invitation: view(row) };
  });

  app.get('/invitations', { config: { apiKey: false }, preHandler: ownerOnly, schema: { tags: ['console'], response: { 200: ConsoleInvitationsResponse, ...errors } } }, async (request) => {
    const rows = await db
      .selectFrom('operator_invitations')
      .select(['id', 'email', 'role', 'created_at', 'expires_at'])
      .where('channel_id', '=', request.channelId)
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', new Date(service.now()))
      .orderBy('id', 'desc')
      .execute();
    return { invitations: rows.map(view) };
  });

  app.delete('/invitations/:id', { config: { apiKey: false }, preHandler: ownerOnly, schema: { tags: ['console'], params: IdParams, response: { 200: ConsoleOk, ...errors } } }, async (request, reply) => {
    const removed = await db.transaction().execute(async (tx) => {
      const row = await tx
        .deleteFrom('operator_invitations')
        .where('channel_id', '=', request.channelId)
        .where('id', '=', request.params.id)
        .where('accepted_at', 'is', null)
        .returning(['id', 'email', 'role'])
        .executeTakeFirst();
      if (row) await recordAudit(tx, { actor: request.consoleActor!, action: 'invitation.cancel', subject: `invitation:${row.id}`, before: { email: row.email, role: row.role }, after: null });
      return row;
    });
    if (!removed) return consoleFail(reply, 404, CONSOLE_CODES.notFound, 'No such pending invitation.', 'id');
    return { ok: true as const };
  });

  /** The pending invitation the link names, on the channel of the host it is opened on. */
  const pending = async (hostChannelId: number | undefined, token: string) => {
    if (hostChannelId === undefined) return undefined;
    return db
      .selectFrom('operator_invitations')
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .where('channel_id', '=', hostChannelId)
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', new Date(service.now()))
      .executeTakeFirst();
  };
  const invalid = (reply: Parameters<typeof consoleFail>[0]) => consoleFail(reply, 404, CONSOLE_CODES.invitationInvalid, 'This invitation is unknown, used or expired. Ask the channel’s owner for a new one.', 'token');

  // Public: the link is the credential (the address is redacted from the logs, src/core/redaction.ts).
  app.get('/invitations/:token', { config: { apiKey: false }, schema: { tags: ['console'], params: TokenParams, response: { 200: InvitationInfo, ...errors } } }, async (request, reply) => {
    const channel = consoleChannel(request);
    const invitation = await pending(channel?.id, request.params.token);
    if (!channel || !invitation) return invalid(reply);
    const existing = await findOperatorByEmail(db, invitation.email);
    return { channel: { slug: channel.config.slug, name: channel.config.name }, email: invitation.email, role: invitation.role as OperatorRole, existingOperator: existing !== undefined };
  });

  app.post('/invitations/:token/accept', { config: { apiKey: false }, schema: { tags: ['console'], params: TokenParams, body: AcceptInvitationBody, response: { 200: ConsoleSessionResponse, ...errors } } }, async (request, reply) => {
    const channel = consoleChannel(request);
    if (!sameOrigin(request)) return consoleFail(reply, 403, CONSOLE_CODES.origin, 'This request did not come from the control room’s own page.', 'origin');
    const invitation = await pending(channel?.id, request.params.token);
    if (!channel || !invitation) return invalid(reply);
    const existing = await findOperatorByEmail(db, invitation.email);
    let passwordHash: string;
    if (existing) {
      // The account's own password (and code), checked as a sign-in (throttled the same way).
      const check = await checkSignIn(app, { email: invitation.email, password: request.body.password, code: request.body.code, address: request.ip, credentialsField: 'password' });
      if (!check.ok) return refuseSignIn(reply, check);
      passwordHash = existing.password_hash;
    } else {
      if (request.body.name === undefined) return consoleFail(reply, 422, CONSOLE_CODES.invalid, 'Enter your name.', 'name');
      const problem = passwordProblem(request.body.password, request.body.password);
      if (problem) return consoleFail(reply, 422, CONSOLE_CODES.invalid, problem.message, 'password');
      passwordHash = await hashPassword(request.body.password);
    }
    const accepted = await db.transaction().execute(async (tx) => {
      // Works once: the update that marks it accepted is the one that wins.
      const claimed = await tx.updateTable('operator_invitations').set({ accepted_at: new Date() }).where('id', '=', invitation.id).where('accepted_at', 'is', null).returning('id').executeTakeFirst();
      if (!claimed) return null;
      const { operator } = await upsertOperatorWithRole(tx, {
        email: invitation.email,
        name: request.body.name ?? invitation.email,
        passwordHash,
        channelId: channel.id,
        role: invitation.role as OperatorRole,
        language: channel.config.language,
      });
      const actor = { kind: 'operator' as const, id: operator.id, label: operator.email, channelId: channel.id, role: invitation.role as OperatorRole };
      await recordAudit(tx, { actor, action: 'invitation.accept', subject: `operator:${operator.id}`, before: null, after: { email: operator.email, role: invitation.role, invitation: invitation.id } });
      const token = newSecret();
      await tx
        .insertInto('operator_sessions')
        .values({
          token_hash: sha256(token),
          operator_id: operator.id,
          channel_id: channel.id,
          expires_at: new Date(service.now() + service.sessionSeconds * 1000),
          created_ip: request.ip,
          created_ua: (request.headers['user-agent'] ?? '').slice(0, 300),
          totp_passed: existing?.totp_enabled_at != null,
        })
        .execute();
      return { operator, token };
    });
    if (!accepted) return invalid(reply);
    reply.header('set-cookie', sessionCookie(request, accepted.token, service.sessionSeconds));
    const totpSetupRequired = accepted.operator.totp_enabled_at === null && (await requiresTotp(db, channel.id));
    return { operator: await operatorView(db, { operator: accepted.operator, role: invitation.role as OperatorRole, channel, totpSetupRequired }) };
  });
};

export default invitationRoutes;

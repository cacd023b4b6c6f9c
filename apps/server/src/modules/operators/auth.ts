import { createHash, randomBytes } from 'node:crypto';
import { type ApiErrorBody, CONSOLE_CODES, type OperatorRole } from '@grandstand/contract';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { LoadedChannel } from '../../core/channels/loadChannels.ts';
import type { Database } from '../../core/db/schema.ts';
import type { OperatorRow } from './tables.ts';
import { readCookie } from '@grandstand/service-kit';

export type { OperatorRole } from '@grandstand/contract';

/** Who makes a console request: a signed-in operator, or an integration token (a channel's tool). */
export interface ConsoleActor {
  kind: 'operator' | 'token';
  /** The operator's id, or the token's. */
  id: number;
  /** The operator's email, or the token's name: what the audit log shows. */
  label: string;
  channelId: number;
  role: OperatorRole;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireConsole` on the requests it lets through; null elsewhere. */
    consoleActor: ConsoleActor | null;
  }
}

export const SESSION_COOKIE = 'grandstand_console';
/** The cookie goes to the console's API only: the pages at /console need none. */
export const SESSION_COOKIE_PATH = '/api/console';
/** Integration tokens start with this, so a leaked one is recognised (secret scanners, logs). */
export const TOKEN_PREFIX = 'gsc_';

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function newSecret(prefix = ''): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

export function consoleFail(reply: FastifyReply, status: number, code: string, message: string, field?: string) {
  const body: ApiErrorBody = { message, code, ...(field === undefined ? {} : { field, errors: { [field]: [message] } }) };
  return reply.code(status).send(body);
}

/** The channel a console request is for: the one its Host names (the default host is the default channel). */
export function consoleChannel(request: FastifyRequest): LoadedChannel | null {
  return request.server.channels.byHostname(request.hostname) ?? null;
}

export function sessionCookie(request: FastifyRequest, value: string, maxAgeS: number): string {
  // Secure whenever the console is reached over HTTPS (production, behind a trusted proxy too).
  return [`${SESSION_COOKIE}=${value}`, `Path=${SESSION_COOKIE_PATH}`, `Max-Age=${maxAgeS}`, 'HttpOnly', 'SameSite=Strict', ...(request.protocol === 'https' ? ['Secure'] : [])].join('; ');
}

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

/**
 * A write through a cookie session must come from the console's own origin: a page elsewhere
 * cannot make the browser post with the operator's cookie (SameSite is the first line, this the
 * second). A browser names the origin of every cross-site write; one that names none is refused.
 */
export function sameOrigin(request: FastifyRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return true;
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === 'null') return request.headers['sec-fetch-site'] === 'same-origin';
  try {
    return new URL(origin).host.toLowerCase() === request.host.toLowerCase();
  } catch {
    return false;
  }
}

export interface ResolvedSession {
  sessionId: number;
  operator: OperatorRow;
  /** The operator's role on the session's channel. */
  role: OperatorRole;
  channel: LoadedChannel;
  totpPassed: boolean;
  /** The channel requires TOTP and the operator has none yet. */
  totpSetupRequired: boolean;
}

export type Resolution =
  | { outcome: 'signed-out' }
  | { outcome: 'forbidden'; message: string }
  | { outcome: 'origin' }
  | { outcome: 'session'; session: ResolvedSession; actor: ConsoleActor }
  | { outcome: 'token'; actor: ConsoleActor };

export async function requiresTotp(db: Database, channelId: number): Promise<boolean> {
  const row = await db.selectFrom('channel_security').select('require_totp').where('channel_id', '=', channelId).executeTakeFirst();
  return row?.require_totp ?? false;
}

/**
 * Who the request is from, read from the database on every request: a revoked token, an ended
 * session or a removed membership stops working at once, in every instance (no cache to outlive it).
 */
export async function resolveConsole(request: FastifyRequest): Promise<Resolution> {
  const db = request.server.db;
  const channel = consoleChannel(request);
  const bearer = bearerOf(request);
  if (bearer !== undefined) {
    if (!bearer.startsWith(TOKEN_PREFIX) || bearer.length > 200) return { outcome: 'signed-out' };
    const token = await db
      .selectFrom('integration_tokens')
      .select(['id', 'channel_id', 'role', 'name'])
      .where('secret_hash', '=', sha256(bearer))
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!token) return { outcome: 'signed-out' };
    if (!channel || token.channel_id !== channel.id) return { outcome: 'forbidden', message: 'This token belongs to another channel.' };
    await db.updateTable('integration_tokens').set({ last_used_at: new Date() }).where('id', '=', token.id).execute();
    return { outcome: 'token', actor: { kind: 'token', id: token.id, label: token.name, channelId: token.channel_id, role: token.role as OperatorRole } };
  }
  const value = readCookie(request.headers.cookie, SESSION_COOKIE);
  if (value === undefined || value.length === 0 || value.length > 200) return { outcome: 'signed-out' };
  const row = await db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .selectAll('o')
    .select(['s.id as session_id', 's.channel_id as session_channel_id', 's.totp_passed'])
    .where('s.token_hash', '=', sha256(value))
    // The clock the session's lifetime was written with (sessionRoutes), so both ends agree.
    .where('s.expires_at', '>', new Date(request.server.operatorsService.now()))
    .executeTakeFirst();
  if (!row) return { outcome: 'signed-out' };
  // A session opened on one channel's console is good there only.
  if (!channel || row.session_channel_id !== channel.id) return { outcome: 'forbidden', message: 'You are signed in to another channel’s control room.' };
  if (!sameOrigin(request)) return { outcome: 'origin' };
  const membership = await db.selectFrom('operator_memberships').select('role').where('operator_id', '=', row.id).where('channel_id', '=', channel.id).executeTakeFirst();
  if (!membership) return { outcome: 'forbidden', message: 'You have no role on this channel.' };
  const { session_id: sessionId, session_channel_id: _channelId, totp_passed: totpPassed, ...operator } = row;
  const role = membership.role as OperatorRole;
  const totpSetupRequired = operator.totp_enabled_at === null && (await requiresTotp(db, channel.id));
  return {
    outcome: 'session',
    session: { sessionId, operator, role, channel, totpPassed, totpSetupRequired },
    actor: { kind: 'operator', id: operator.id, label: operator.email, channelId: channel.id, role },
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The session `requireConsole` found, for the identity routes; null for a token or elsewhere. */
    consoleSession: ResolvedSession | null;
  }
}

export interface RequireOptions {
  /** The TOTP set-up calls and the session's own: they answer while the channel waits for the operator to set TOTP up. */
  duringTotpSetup?: boolean;
  /** Operators only: an integration token is refused (the session and TOTP calls are a person's). */
  operatorsOnly?: boolean;
}

/**
 * The console's guard, a preHandler: 401 CONSOLE_SIGNED_OUT without a session or token, 403
 * CONSOLE_FORBIDDEN for another channel's session or token, a removed operator, or a role not in
 * `roles`, 403 TOTP_SETUP_REQUIRED while the channel requires TOTP and the operator has none,
 * 403 CONSOLE_ORIGIN for a cookie-session write from another origin. On success it sets
 * `request.consoleActor` (and `request.channelId`, the channel every query is scoped by).
 */
export function requireConsole(roles: readonly OperatorRole[], options: RequireOptions = {}): preHandlerAsyncHookHandler {
  return async function consoleGuard(request, reply) {
    const resolved = await resolveConsole(request);
    switch (resolved.outcome) {
      case 'signed-out':
        return consoleFail(reply, 401, CONSOLE_CODES.signedOut, 'Please sign in to the control room.');
      case 'forbidden':
        return consoleFail(reply, 403, CONSOLE_CODES.forbidden, resolved.message);
      case 'origin':
        return consoleFail(reply, 403, CONSOLE_CODES.origin, 'This request did not come from the control room’s own page.', 'origin');
      case 'token':
        if (options.operatorsOnly) return consoleFail(reply, 403, CONSOLE_CODES.forbidden, 'This call is for a signed-in operator, not a token.');
        break;
      case 'session':
        if (resolved.session.totpSetupRequired && !options.duringTotpSetup) {
          return consoleFail(reply, 403, CONSOLE_CODES.totpSetupRequired, 'This channel requires a second factor: set up TOTP first.');
        }
        request.consoleSession = resolved.session;
        break;
    }
    if (!roles.includes(resolved.actor.role)) return consoleFail(reply, 403, CONSOLE_CODES.forbidden, 'Your role does not allow this.');
    request.consoleActor = resolved.actor;
    request.channelId = resolved.actor.channelId;
  };
}

export interface AuditEntryInput {
  actor: ConsoleActor;
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
}

/** Writes one audit row (who, what, when, before and after); call it inside the transaction of the change. */
export async function recordAudit(db: Database, entry: AuditEntryInput): Promise<void> {
  const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
  await db
    .insertInto('audit_log')
    .values({
      channel_id: entry.actor.channelId,
      actor_kind: entry.actor.kind,
      actor_id: entry.actor.id,
      actor_label: entry.actor.label,
      action: entry.action,
      subject: entry.subject,
      before: json(entry.before),
      after: json(entry.after),
    })
    .execute();
}

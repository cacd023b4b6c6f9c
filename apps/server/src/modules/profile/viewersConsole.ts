import type {
  SupportViewer} from '@grandstand/contract';
import {
  ApiErrorBody,
  DeleteViewerBody,
  IdParams,
  SUPPORT_ERROR_CODES,
  SUPPORT_PAGE_SIZE,
  SupportViewerActionResponse,
  SupportViewerDetail,
  SupportViewersQuery,
  SupportViewersResponse,
  SuspendViewerBody,
} from '@grandstand/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { endUserSessions } from '../accounts/index.ts';
import type { UserRow } from '../accounts/tables.ts';
import { iso, likePattern, SupportOrders, SupportProblem, supportErrorHandler } from '../commerce/orders/supportOrders.ts';
import supportOrdersRoutes, { SUPPORT_ROLES } from '../commerce/orders/supportRoutes.ts';
import { type ConsoleActor, recordAudit, registerConsoleRoutes, requireConsole } from '../operators/index.ts';
import { deleteViewerAccount } from './deletion.ts';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody, 422: ApiErrorBody, 503: ApiErrorBody };
const guard = requireConsole(SUPPORT_ROLES);
const route = { apiKey: false };


function toSupportViewer(row: Pick<UserRow, 'id' | 'email' | 'first_name' | 'last_name' | 'email_verified_at' | 'created_at' | 'suspended_at' | 'suspended_reason'>): SupportViewer {
  return {
    id: row.id,
    email: row.email,
    name: [row.first_name, row.last_name].filter((part) => part && part.trim() !== '').join(' '),
    verified: row.email_verified_at !== null,
    createdAt: iso(row.created_at)!,
    suspendedAt: iso(row.suspended_at),
    suspendedReason: row.suspended_reason,
  };
}


/** The mail decorator (modules/mail) when it is registered. */
interface VerificationMailer {
  sendVerification(input: { channel: number; user: UserRow }): Promise<void>;
}
function mailOf(app: FastifyInstance): VerificationMailer | undefined {
  return app.hasDecorator('accountsMail') ? (app as unknown as { accountsMail?: VerificationMailer }).accountsMail : undefined;
}

/**
 * The control room's viewers under /api/console/viewers (spec §1 admin dashboard, "users"): found
 * by email or name; their orders, sessions, clips and favourites; the verification mail sent again;
 * their sessions ended; suspended (no stream, no clip, told why) and restored; deleted on request.
 * Support's and the owner's; every change is audited in the transaction that makes it.
 */
const viewersRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = new SupportOrders(app.db, recordAudit, (name) => app.payments.provider(name));
  app.setErrorHandler(supportErrorHandler);

  /** A live (not deleted) viewer of the operator's channel: another channel's is as unknown as a missing one. */
  async function viewerOf(channelId: number, id: number): Promise<UserRow> {
    const row = await app.usersRepository.findById(channelId, id);
    if (!row) throw viewerNotFound();
    return row;
  }

  function viewerNotFound(): SupportProblem {
    return new SupportProblem('id', SUPPORT_ERROR_CODES.notFound, 'Viewer not found.', 404);
  }

  async function audited(actor: ConsoleActor, id: number, action: string, before: unknown, after: unknown, change: (tx: typeof app.db) => Promise<boolean>): Promise<boolean> {
    return app.db.transaction().execute(async (tx) => {
      if (!(await change(tx))) return false;
      await recordAudit(tx, { actor, action, subject: `viewer:${id}`, before, after });
      return true;
    });
  }

  app.get('/viewers', { config: route, preHandler: guard, schema: { tags: ['console'], querystring: SupportViewersQuery, response: { 200: SupportViewersResponse, ...errors } } }, async (request) => {
    const page = request.query.page ?? 1;
    let select = app.db.selectFrom('users').where('channel_id', '=', request.channelId).where('deleted_at', 'is', null);
    const q = request.query.q;
    if (q) {
      const pattern = likePattern(q);
      select = select.where((eb) => eb.or([eb(sql<string>`lower(email)`, 'like', pattern), eb(sql<string>`lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`, 'like', pattern)]));
    }
    const [rows, count] = await Promise.all([
      select.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(SUPPORT_PAGE_SIZE).offset((page - 1) * SUPPORT_PAGE_SIZE).execute(),
      select.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { viewers: rows.map(toSupportViewer), total: Number(count.n), page, pageSize: SUPPORT_PAGE_SIZE };
  });

  app.get('/viewers/:id', { config: route, preHandler: guard, schema: { tags: ['console'], params: IdParams, response: { 200: SupportViewerDetail, ...errors } } }, async (request) => {
    const channelId = request.channelId;
    const viewer = await viewerOf(channelId, request.params.id);
    const [viewerOrders, sessions, clips, favourites] = await Promise.all([
      orders.ofViewer(channelId, viewer.id),
      app.db.selectFrom('api_keys').select(['id', 'session_started_at', 'created_at', 'last_used_at']).where('channel_id', '=', channelId).where('user_id', '=', viewer.id).orderBy('id', 'desc').limit(100).execute(),
      app.db
        .selectFrom('clips as c')
        .leftJoin('events as e', 'e.id', 'c.event_id')
        .select(['c.id', 'c.name', 'e.name as event_name', 'c.status', 'c.created_at'])
        .where('c.channel_id', '=', channelId)
        .where('c.user_id', '=', viewer.id)
        .orderBy('c.created_at', 'desc')
        .limit(100)
        .execute(),
      app.db.selectFrom('favorites').select((eb) => eb.fn.countAll<string | number>().as('n')).where('channel_id', '=', channelId).where('user_id', '=', viewer.id).executeTakeFirstOrThrow(),
    ]);
    return {
      viewer: toSupportViewer(viewer),
      orders: viewerOrders,
      sessions: sessions.map((s) => ({ id: s.id, startedAt: iso(s.session_started_at ?? s.created_at), lastActiveAt: iso(s.last_used_at) })),
      clips: clips.map((c) => ({ id: c.id, title: c.name, eventName: c.event_name, status: c.status, createdAt: iso(c.created_at)! })),
      favouritesCount: Number(favourites.n),
    };
  });

  app.post('/viewers/:id/resend-verification', { config: route, preHandler: guard, schema: { tags: ['console'], params: IdParams, response: { 200: SupportViewerActionResponse, ...errors } } }, async (request) => {
    const actor = request.consoleActor!;
    const viewer = await viewerOf(actor.channelId, request.params.id);
    if (viewer.email_verified_at !== null) throw new SupportProblem('id', SUPPORT_ERROR_CODES.alreadyVerified, 'This viewer’s address is already verified.', 409);
    const mail = mailOf(app);
    if (!mail) throw new SupportProblem('id', SUPPORT_ERROR_CODES.notFound, 'This server sends no mail.', 503);
    await mail.sendVerification({ channel: actor.channelId, user: viewer });
    await audited(actor, viewer.id, 'viewer.resend_verification', null, { email: viewer.email }, async () => true);
    return { viewer: toSupportViewer(viewer), done: 'verification_sent' };
  });

  app.post('/viewers/:id/end-sessions', { config: route, preHandler: guard, schema: { tags: ['console'], params: IdParams, response: { 200: SupportViewerActionResponse, ...errors } } }, async (request) => {
    const actor = request.consoleActor!;
    const viewer = await viewerOf(actor.channelId, request.params.id);
    const open = await app.db.selectFrom('api_keys').select((eb) => eb.fn.countAll<string | number>().as('n')).where('channel_id', '=', actor.channelId).where('user_id', '=', viewer.id).executeTakeFirstOrThrow();
    // Every instance forgets the keys at the database's notice (accounts' endUserSessions).
    await endUserSessions(app, actor.channelId, viewer.id);
    await audited(actor, viewer.id, 'viewer.end_sessions', { sessions: Number(open.n) }, { sessions: 0 }, async () => true);
    return { viewer: toSupportViewer(viewer), done: 'sessions_ended' };
  });

  app.post('/viewers/:id/suspend', { config: route, preHandler: guard, schema: { tags: ['console'], params: IdParams, body: SuspendViewerBody, response: { 200: SupportViewerActionResponse, ...errors } } }, async (request) => {
    const actor = request.consoleActor!;
    const viewer = await viewerOf(actor.channelId, request.params.id);
    const reason = request.body.reason;
    const changed = await audited(actor, viewer.id, 'viewer.suspend', { suspended: false }, { suspended: true, reason }, async (tx) => {
      const result = await tx.updateTable('users').set({ suspended_at: new Date(), suspended_reason: reason }).where('channel_id', '=', actor.channelId).where('id', '=', viewer.id).where('suspended_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    });
    if (!changed) throw new SupportProblem('id', SUPPORT_ERROR_CODES.alreadySuspended, 'This viewer is already suspended.', 409);
    return { viewer: toSupportViewer(await viewerOf(actor.channelId, viewer.id)), done: 'suspended' };
  });

  app.post('/viewers/:id/restore', { config: route, preHandler: guard, schema: { tags: ['console'], params: IdParams, response: { 200: SupportViewerActionResponse, ...errors } } }, async (request) => {
    const actor = request.consoleActor!;
    const viewer = await viewerOf(actor.channelId, request.params.id);
    const changed = await audited(actor, viewer.id, 'viewer.restore', { suspended: true, reason: viewer.suspended_reason }, { suspended: false }, async (tx) => {
      const result = await tx.updateTable('users').set({ suspended_at: null, suspended_reason: null }).where('channel_id', '=', actor.channelId).where('id', '=', viewer.id).where('suspended_at', 'is not', null).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    });
    if (!changed) throw new SupportProblem('id', SUPPORT_ERROR_CODES.notSuspended, 'This viewer is not suspended.', 409);
    return { viewer: toSupportViewer(await viewerOf(actor.channelId, viewer.id)), done: 'restored' };
  });

  app.post('/viewers/:id/delete', { config: route, preHandler: guard, schema: { tags: ['console'], params: IdParams, body: DeleteViewerBody, response: { 200: SupportViewerActionResponse, ...errors } } }, async (request) => {
    const actor = request.consoleActor!;
    const viewer = await viewerOf(actor.channelId, request.params.id);
    const deleted = await deleteViewerAccount(app, actor.channelId, viewer.id, (tx, { clips }) =>
      recordAudit(tx, { actor, action: 'viewer.delete', subject: `viewer:${viewer.id}`, before: { email: viewer.email }, after: { deleted: true, reason: request.body.reason, clips } }),
    );
    // Another operator's (or tab's) deletion got there first: the viewer is gone, as viewerOf says.
    if (!deleted) throw viewerNotFound();
    return { viewer: toSupportViewer(viewer), done: 'deleted' };
  });
};

/** Support's calls (orders and viewers) beside the operators' under /api/console, guarded by their `requireConsole`. */
export default fp(
  async (app) => {
    await registerConsoleRoutes(app, [supportOrdersRoutes, viewersRoutes]);
  },
  { name: 'support-console', dependencies: ['db', 'operators', 'payments'] },
);

import { ApiErrorBody, CONSOLE_CODES, EventDetailResponse, SUPPORT_ERROR_CODES, SupportViewerActionResponse, SupportViewerDetail, SupportViewersResponse } from '@grandstand/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { registerViewer } from '../../../test/support/commerce.ts';
import { consoleCall, makeOperator, signIn } from '../operators/testing.ts';

// Support's viewers in the control room: search, detail, verification mail, sessions, suspension
// (no stream and no clip, told why, on every instance) and restore, deletion on request.
let t: TestApp;
let alpha: number;
let bravo: number;
let eventId: number;
const session: Record<'owner' | 'producer' | 'support' | 'analyst' | 'bravoSupport', string> = { owner: '', producer: '', support: '', analyst: '', bravoSupport: '' };

beforeAll(async () => {
  t = await buildTestApp();
  alpha = t.channel('alpha').id;
  bravo = t.channel('bravo').id;
  for (const role of ['owner', 'producer', 'support', 'analyst'] as const) {
    await makeOperator(t.app, `${role}@viewers-alpha.test`, [[alpha, role]]);
    session[role] = await signIn(t.app, 'alpha', `${role}@viewers-alpha.test`);
  }
  await makeOperator(t.app, 'support@viewers-bravo.test', [[bravo, 'support']]);
  session.bravoSupport = await signIn(t.app, 'bravo', 'support@viewers-bravo.test');
  // A finished game for registered viewers: any logged-in viewer gets its stream address.
  eventId = (await t.database.db.selectFrom('events').select('id').where('channel_id', '=', alpha).where('seed_ref', '=', 'old-game').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t.close());

function call(method: 'GET' | 'POST', url: string, payload?: unknown, credential: string = session.support, slug = 'alpha') {
  return consoleCall(t.app, slug, { method, url, payload, credential });
}

async function profileOf(key: string): Promise<{ id: number; email: string }> {
  const response = await t.app.inject({ url: `/api/profile?api_key=${key}` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { id: number; email: string } }).data;
}

function expectRefusal(response: { statusCode: number; body: string; json(): unknown }, status: number, field: string, code?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = ApiErrorBody.parse(response.json());
  expect(body.field).toBe(field);
  if (code !== undefined) expect(body.code).toBe(code);
}

async function watch(key: string, app = t.app) {
  const response = await app.inject({ url: `/api/events/${eventId}?api_key=${key}` });
  expect(response.statusCode, response.body).toBe(200);
  return EventDetailResponse.parse(response.json()).data;
}

const ROUTES: Array<{ method: 'GET' | 'POST'; url: string; payload?: unknown }> = [
  { method: 'GET', url: '/viewers' },
  { method: 'GET', url: '/viewers/1' },
  { method: 'POST', url: '/viewers/1/resend-verification' },
  { method: 'POST', url: '/viewers/1/end-sessions' },
  { method: 'POST', url: '/viewers/1/suspend', payload: { reason: 'Sharing the account' } },
  { method: 'POST', url: '/viewers/1/restore' },
  { method: 'POST', url: '/viewers/1/delete', payload: { reason: 'Asked by mail' } },
];

describe('who may use the viewers', () => {
  it('refuses every route without a session (401), and a producer, an analyst and another channel’s support (403)', async () => {
    for (const route of ROUTES) {
      expect((await consoleCall(t.app, 'alpha', { ...route })).statusCode, `${route.method} ${route.url}`).toBe(401);
      for (const credential of [session.producer, session.analyst, session.bravoSupport]) {
        const response = await call(route.method, route.url, route.payload, credential);
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(ApiErrorBody.parse(response.json()).code).toBe(CONSOLE_CODES.forbidden);
      }
    }
  });
});

describe('finding a viewer', () => {
  it('by part of the email or the name, case aside; another channel’s viewers stay out', async () => {
    const key = await registerViewer(t);
    const { id, email } = await profileOf(key);
    await t.database.db.updateTable('users').set({ first_name: 'Zelda', last_name: 'Quarterback' }).where('id', '=', id).execute();
    const byEmail = SupportViewersResponse.parse((await call('GET', `/viewers?q=${encodeURIComponent(email.toUpperCase())}`)).json());
    expect(byEmail.viewers.map((v) => v.id)).toEqual([id]);
    const byName = SupportViewersResponse.parse((await call('GET', '/viewers?q=zelda%20quarter')).json());
    expect(byName.viewers.map((v) => v.id)).toEqual([id]);
    expect(byName.viewers[0]).toMatchObject({ name: 'Zelda Quarterback', verified: false, suspendedAt: null });
    // A wildcard typed in the box is a character, not "everyone".
    expect(SupportViewersResponse.parse((await call('GET', '/viewers?q=%25')).json()).total).toBe(0);
    expect(SupportViewersResponse.parse((await call('GET', `/viewers?q=${encodeURIComponent(email)}`, undefined, session.bravoSupport, 'bravo')).json()).total).toBe(0);
    expectRefusal(await call('GET', `/viewers/${id}`, undefined, session.bravoSupport, 'bravo'), 404, 'id', SUPPORT_ERROR_CODES.notFound);
    expectRefusal(await call('GET', `/viewers?q=${'x'.repeat(300)}`), 400, 'q');
  });

  it('shows their orders, sessions, clips and favourites count', async () => {
    const key = await registerViewer(t);
    const { id } = await profileOf(key);
    const team = await t.database.db.selectFrom('participants').select('id').where('channel_id', '=', alpha).executeTakeFirstOrThrow();
    await t.database.db.insertInto('favorites').values({ channel_id: alpha, user_id: id, favoritable_type: 'participant', favoritable_id: team.id, participant_id: team.id }).execute();
    const detail = SupportViewerDetail.parse((await call('GET', `/viewers/${id}`)).json());
    expect(detail.viewer.id).toBe(id);
    expect(detail.sessions).toHaveLength(1);
    expect(detail.favouritesCount).toBe(1);
    expect(detail.orders).toEqual([]);
    expect(detail.clips).toEqual([]);
  });
});

describe('a viewer’s account', () => {
  it('gets the verification mail again, once it is unverified', async () => {
    const key = await registerViewer(t);
    const { id } = await profileOf(key);
    const sent = await call('POST', `/viewers/${id}/resend-verification`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(SupportViewerActionResponse.parse(sent.json()).done).toBe('verification_sent');
    await t.database.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', id).execute();
    expectRefusal(await call('POST', `/viewers/${id}/resend-verification`), 409, 'id', SUPPORT_ERROR_CODES.alreadyVerified);
    expect(await t.app.db.selectFrom('audit_log').select('action').where('subject', '=', `viewer:${id}`).execute()).toEqual([{ action: 'viewer.resend_verification' }]);
  });

  it('has every session ended', async () => {
    const key = await registerViewer(t);
    const { id } = await profileOf(key);
    const ended = await call('POST', `/viewers/${id}/end-sessions`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await t.app.inject({ url: `/api/profile?api_key=${key}` })).statusCode).not.toBe(200);
    expect(SupportViewerDetail.parse((await call('GET', `/viewers/${id}`)).json()).sessions).toEqual([]);
  });
});

describe('a suspended viewer', () => {
  it('gets no stream address and makes no clip, on any instance, and is told why; restored, watches again', async () => {
    const second = await buildApp({ db: t.database.db, channels: t.channels, logger: false, sitesDir: '/nonexistent-sites' });
    await second.ready();
    try {
      const key = await registerViewer(t);
      const { id } = await profileOf(key);
      expect((await watch(key)).stream).not.toBeNull();
      const suspended = await call('POST', `/viewers/${id}/suspend`, { reason: 'Account shared on a forum' });
      expect(suspended.statusCode, suspended.body).toBe(200);
      expect(SupportViewerActionResponse.parse(suspended.json()).viewer).toMatchObject({ suspendedReason: 'Account shared on a forum' });
      for (const app of [t.app, second]) {
        const event = await watch(key, app);
        expect(event.stream).toBeNull();
        expect(event.access).toMatchObject({ allowed: false, options: [], refusal: { code: SUPPORT_ERROR_CODES.viewerSuspended, reason: 'Account shared on a forum' } });
      }
      const clip = await t.app.inject({ method: 'POST', url: '/api/clip', payload: { api_key: key, event_id: eventId, start_time: 0, duration: 10, name: 'Mine' } });
      expectRefusal(clip, 403, 'user', SUPPORT_ERROR_CODES.viewerSuspended);
      expect(ApiErrorBody.parse(clip.json()).message).toContain('Account shared on a forum');
      expectRefusal(await t.app.inject({ url: `/api/download-event/${eventId}?api_key=${key}` }), 403, 'user', SUPPORT_ERROR_CODES.viewerSuspended);
      // Suspending again is refused; the reason stays the first one.
      expectRefusal(await call('POST', `/viewers/${id}/suspend`, { reason: 'Again' }), 409, 'id', SUPPORT_ERROR_CODES.alreadySuspended);
      const restored = await call('POST', `/viewers/${id}/restore`, undefined, session.owner);
      expect(restored.statusCode, restored.body).toBe(200);
      expect(SupportViewerActionResponse.parse(restored.json()).viewer.suspendedAt).toBeNull();
      for (const app of [t.app, second]) expect((await watch(key, app)).stream).not.toBeNull();
      expectRefusal(await call('POST', `/viewers/${id}/restore`), 409, 'id', SUPPORT_ERROR_CODES.notSuspended);
      const audit = await t.app.db.selectFrom('audit_log').select(['action', 'actor_label']).where('subject', '=', `viewer:${id}`).orderBy('id').execute();
      expect(audit).toEqual([
        { action: 'viewer.suspend', actor_label: 'support@viewers-alpha.test' },
        { action: 'viewer.restore', actor_label: 'owner@viewers-alpha.test' },
      ]);
    } finally {
      await second.close();
    }
  });

  it('needs a reason; another channel’s viewer cannot be reached', async () => {
    const key = await registerViewer(t);
    const { id } = await profileOf(key);
    expectRefusal(await call('POST', `/viewers/${id}/suspend`, {}), 400, 'reason');
    expectRefusal(await call('POST', `/viewers/${id}/suspend`, { reason: 'no' }), 400, 'reason');
    const bravoKey = await registerViewer(t, 'bravo');
    const bravoViewer = await profileOf(bravoKey);
    expectRefusal(await call('POST', `/viewers/${bravoViewer.id}/suspend`, { reason: 'Not yours' }), 404, 'id', SUPPORT_ERROR_CODES.notFound);
    expectRefusal(await call('POST', `/viewers/${bravoViewer.id}/delete`, { reason: 'Not yours' }), 404, 'id', SUPPORT_ERROR_CODES.notFound);
    expect((await t.app.inject({ url: `/api/profile?api_key=${bravoKey}` })).statusCode).toBe(200);
  });
});

describe('a deletion on request', () => {
  it('closes the account as the viewer’s own deletion does, keeps its orders, and is audited', async () => {
    const key = await registerViewer(t);
    const { id, email } = await profileOf(key);
    const order = await t.database.db
      .insertInto('orders')
      .values({ channel_id: alpha, user_id: id, type: 'event', product_id: eventId, product_name: 'Old game', amount: 0, currency: 'USD', idempotency_key: `kept-${id}`, request_fingerprint: 'test', status: 'paid', activity_status: 'active' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expectRefusal(await call('POST', `/viewers/${id}/delete`, {}), 400, 'reason');
    const deleted = await call('POST', `/viewers/${id}/delete`, { reason: 'Asked by mail on 2026-12-01' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await t.app.inject({ url: `/api/profile?api_key=${key}` })).statusCode).not.toBe(200);
    expect(SupportViewersResponse.parse((await call('GET', `/viewers?q=${encodeURIComponent(email)}`)).json()).total).toBe(0);
    expectRefusal(await call('GET', `/viewers/${id}`), 404, 'id');
    const row = await t.database.db.selectFrom('users').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(await t.database.db.selectFrom('orders').select('id').where('id', '=', order.id).execute()).toHaveLength(1);
    expect(await t.app.db.selectFrom('audit_log').select('action').where('subject', '=', `viewer:${id}`).execute()).toEqual([{ action: 'viewer.delete' }]);
  });

  it('asked twice at once (two operators, or a double click), deletes once and is audited once', async () => {
    const key = await registerViewer(t);
    const { id } = await profileOf(key);
    const answers = await Promise.all([call('POST', `/viewers/${id}/delete`, { reason: 'Asked by mail' }), call('POST', `/viewers/${id}/delete`, { reason: 'Asked by phone' }, session.owner)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    expectRefusal(answers.find((answer) => answer.statusCode === 404)!, 404, 'id', SUPPORT_ERROR_CODES.notFound);
    expect(await t.app.db.selectFrom('audit_log').select('action').where('subject', '=', `viewer:${id}`).execute()).toEqual([{ action: 'viewer.delete' }]);
  });

  it('is undone whole when its audit line cannot be written: the account, its sessions and its favourites stay', async () => {
    const key = await registerViewer(t);
    const { id } = await profileOf(key);
    const school = await t.database.db.selectFrom('participant_groups').select('id').where('channel_id', '=', alpha).limit(1).executeTakeFirstOrThrow();
    const favourite = await t.app.inject({ method: 'POST', url: '/api/favorite', payload: { api_key: key, favoritable_type: 'group', favoritable_id: school.id } });
    expect(favourite.statusCode, favourite.body).toBe(200);
    // The database refuses this viewer's deletion line, as a full disk or a lost connection would.
    await sql`CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit refused'; END $$`.execute(t.database.db);
    await sql.raw(`CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW WHEN (NEW.subject = 'viewer:${id}') EXECUTE FUNCTION refuse_audit()`).execute(t.database.db);
    try {
      const refused = await call('POST', `/viewers/${id}/delete`, { reason: 'Asked by mail on 2026-12-02' });
      expect(refused.statusCode, refused.body).toBe(500);
    } finally {
      await sql`DROP TRIGGER refuse_audit ON audit_log`.execute(t.database.db);
      await sql`DROP FUNCTION refuse_audit()`.execute(t.database.db);
    }
    expect((await profileOf(key)).id).toBe(id);
    expect((await t.database.db.selectFrom('users').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow()).deleted_at).toBeNull();
    expect(await t.database.db.selectFrom('favorites').select('id').where('user_id', '=', id).execute()).toHaveLength(1);
    expect(await t.app.db.selectFrom('audit_log').select('action').where('subject', '=', `viewer:${id}`).execute()).toEqual([]);
    // Asked again with the audit written, it goes through.
    expect((await call('POST', `/viewers/${id}/delete`, { reason: 'Asked by mail on 2026-12-02' })).statusCode).toBe(200);
    expect(await t.app.db.selectFrom('audit_log').select('action').where('subject', '=', `viewer:${id}`).execute()).toEqual([{ action: 'viewer.delete' }]);
  });
});

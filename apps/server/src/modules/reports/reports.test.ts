import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BuyResponse, ReportSettingsResponse, ReportsAudience, ReportsOverview, RevenueShareStatement } from '@grandstand/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { registerViewer, sandboxCard, settledOrder } from '../../../test/support/commerce.ts';
import { consoleCall, makeOperator, signIn } from '../operators/testing.ts';
import { splitCents } from './share.ts';

/**
 * The control room's reports on both engines: who may read them, that money is the server's own
 * settled charges (never what a browser said), refunds and comps apart, and that the revenue-share
 * statement and its CSV add up to the revenue shown. The analytics service is a small HTTP server
 * answering its `/admin/report` as apps/analytics does (that call has its own tests there).
 */

const ADMIN_TOKEN = 'reports-test-admin-token-0123456789';
let t: TestApp;
let alpha: number;
let service: Server;
/** What the analytics service answers; null: 503. */
let analyticsAnswer: Record<string, unknown> | null = null;
const asked: Array<{ authorization: string | undefined; body: unknown }> = [];
const session: Record<'owner' | 'producer' | 'support' | 'analyst', string> = { owner: '', producer: '', support: '', analyst: '' };
const ids = { liveGame: 0, nextGame: 0, oldGame: 0, northBoys: 0, north: 0, south: 0 };

/** `credential` null: no session at all. */
function call(method: 'GET' | 'POST', url: string, payload?: unknown, credential: string | null = session.analyst) {
  return consoleCall(t.app, 'alpha', { method, url, payload, ...(credential === null ? {} : { credential }) });
}

function report(eventSeconds: Array<{ stream_id: number; seconds: number }>) {
  return {
    channel: 'alpha',
    from: '',
    to: '',
    generated_at: new Date().toISOString(),
    live_viewers: 3,
    views: 4,
    unique_viewers: 2,
    watch_seconds: eventSeconds.reduce((sum, row) => sum + row.seconds, 0),
    watch_time: { by_event: eventSeconds.map((row) => ({ ...row, title: null })), by_sport: [], by_school: [{ key: 'North', seconds: 250 }], by_team: [] },
    // A browser's purchase_success, and money it claimed: never counted as revenue.
    funnel: [{ step: 'purchase_success', events: 40, sessions: 40 }],
    revenue: { total: [{ currency: 'USD', amount: 99_999, purchases: 40 }] },
    event_seconds: eventSeconds,
  };
}

beforeAll(async () => {
  service = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      if (request.url === '/admin/report') {
        asked.push({ authorization: request.headers.authorization, body: JSON.parse(text) });
        if (analyticsAnswer === null) {
          response.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"down"}');
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: analyticsAnswer }));
        return;
      }
      // The payments and forget jobs' calls: stored.
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"stored":true,"deleted":0}}');
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const { port } = service.address() as AddressInfo;
  t = await buildTestApp({ analyticsForget: { url: `http://127.0.0.1:${port}`, adminToken: ADMIN_TOKEN, intervalMs: 0, timeoutMs: 2_000 } });
  alpha = t.channel('alpha').id;
  for (const role of ['owner', 'producer', 'support', 'analyst'] as const) {
    await makeOperator(t.app, `${role}@reports-alpha.test`, [[alpha, role]]);
    session[role] = await signIn(t.app, 'alpha', `${role}@reports-alpha.test`);
  }
  const db = t.database.db;
  const event = async (name: string) => (await db.selectFrom('events').select('id').where('channel_id', '=', alpha).where('name', '=', name).executeTakeFirstOrThrow()).id;
  ids.liveGame = await event('North vs South');
  ids.nextGame = await event('South vs North');
  ids.oldGame = await event('Last season final');
  ids.northBoys = (await db.selectFrom('participants').select('id').where('channel_id', '=', alpha).where('name', '=', 'Alpha North Boys').executeTakeFirstOrThrow()).id;
  const school = async (ref: string) => (await db.selectFrom('participant_groups').select('id').where('channel_id', '=', alpha).where('seed_ref', '=', ref).executeTakeFirstOrThrow()).id;
  ids.north = await school('north');
  ids.south = await school('south');
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => service?.close(resolve));
});

const ROUTES: Array<{ method: 'GET' | 'POST'; url: string; payload?: unknown; readers: Array<keyof typeof session> }> = [
  { method: 'GET', url: '/reports/overview', readers: ['owner', 'analyst'] },
  { method: 'GET', url: '/reports/audience', readers: ['owner', 'analyst'] },
  { method: 'GET', url: '/reports/revenue-share', readers: ['owner', 'analyst'] },
  { method: 'GET', url: '/reports/export.csv?table=revenue_by_school', readers: ['owner', 'analyst'] },
  { method: 'GET', url: '/reports/settings', readers: ['owner', 'analyst'] },
  { method: 'POST', url: '/reports/settings', payload: { shareRule: 'watch_time', sharePercent: 10 }, readers: ['owner'] },
];

describe('who may use the reports', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.url}: 401 without a session, 403 for ${(['owner', 'producer', 'support', 'analyst'] as const).filter((role) => !route.readers.includes(role)).join(', ')}`, async () => {
      const anonymous = await call(route.method, route.url, route.payload, null);
      expect(anonymous.statusCode).toBe(401);
      for (const role of ['owner', 'producer', 'support', 'analyst'] as const) {
        const answer = await call(route.method, route.url, route.payload, session[role]);
        if (route.readers.includes(role)) expect(answer.statusCode, `${role}: ${answer.body}`).toBe(200);
        else {
          expect(answer.statusCode, role).toBe(403);
          expect(answer.json()).toMatchObject({ code: expect.any(String) });
        }
      }
    });
  }

  it("refuses another channel's operator on this channel", async () => {
    await makeOperator(t.app, 'owner@reports-bravo.test', [[t.channel('bravo').id, 'owner']]);
    const bravoOwner = await signIn(t.app, 'bravo', 'owner@reports-bravo.test');
    // A bravo session on alpha's host is no session there.
    expect([401, 403]).toContain((await call('GET', '/reports/overview', undefined, bravoOwner)).statusCode);
  });
});

describe('money in the reports', () => {
  let buyerId = 0;
  const today = new Date().toISOString().slice(0, 10);

  async function order(values: { type: string; productId: number; name: string; status: string; cents: number; transaction: string | null; provider?: string | null; participantId?: number | null }) {
    const db = t.database.db;
    const row = await db
      .insertInto('orders')
      .values({
        channel_id: alpha,
        user_id: buyerId,
        type: values.type,
        status: values.status,
        product_id: values.productId,
        product_name: values.name,
        participant_id: values.participantId ?? null,
        amount: values.cents / 100,
        currency: 'USD',
        idempotency_key: randomUUID(),
        request_fingerprint: 'test',
        provider: values.provider === undefined ? 'sandbox' : values.provider,
        paid_at: values.status === 'paid' || values.status === 'refunded' ? new Date() : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (values.transaction !== null) {
      await db
        .insertInto('transactions')
        .values({ channel_id: alpha, order_id: row.id, kind: 'Purchase', status: values.transaction, amount: values.cents / 100, currency: 'USD' })
        .execute();
    }
  }

  beforeAll(async () => {
    // A real purchase through the sandbox checkout: 9.99 + 1.50, settled by its webhook.
    const viewer = await registerViewer(t, 'alpha');
    const card = await sandboxCard(t, viewer);
    const pkg = await t.database.db
      .insertInto('packages')
      .values({ channel_id: alpha, name: 'Single event', description: null, scope: 'single', base_price: 0, service_fee: 0, offer: null, period: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/buy',
      payload: { api_key: viewer, idempotency_key: randomUUID(), type: 'event', event_id: ids.nextGame, single_event_package_id: pkg.id, payment_method: card },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const settled = await settledOrder(t, viewer, BuyResponse.parse(bought.json()).data.order.id);
    expect(settled.status).toBe('paid');
    buyerId = (await t.database.db.selectFrom('orders').select('user_id').where('id', '=', settled.id).executeTakeFirstOrThrow()).user_id;

    // A team pass and a subscription the server was paid for.
    await order({ type: 'package', productId: 1, name: 'North pass', status: 'paid', cents: 20_00, transaction: 'succeeded', participantId: ids.northBoys });
    await order({ type: 'subscription', productId: 1, name: 'Monthly', status: 'paid', cents: 9_99, transaction: 'succeeded' });
    // What a browser may say it paid but the server never settled: an order still waiting, and a declined one.
    await order({ type: 'event', productId: ids.liveGame, name: 'Waiting', status: 'created', cents: 500_00, transaction: 'pending' });
    await order({ type: 'event', productId: ids.liveGame, name: 'Declined', status: 'failed', cents: 300_00, transaction: 'failed' });
    // A refund and a comp: shown apart, never revenue.
    await order({ type: 'event', productId: ids.liveGame, name: 'Refunded game', status: 'refunded', cents: 7_00, transaction: 'succeeded' });
    await order({ type: 'event', productId: ids.liveGame, name: 'Comped game', status: 'paid', cents: 0, transaction: 'succeeded', provider: 'comp' });
  });

  it("counts the server's settled charges only: refunds and comps apart, browsers' claims nowhere", async () => {
    analyticsAnswer = report([]);
    // The console's api-client adds its api key to every GET: taken and dropped.
    const answer = await call('GET', `/reports/overview?from=${today}&to=${today}&api_key=any`);
    expect(answer.statusCode, answer.body).toBe(200);
    const overview = ReportsOverview.parse(answer.json());
    expect(overview.revenue.total).toBe(41.48);
    expect(overview.revenue.orders).toBe(3);
    expect(overview.revenue.byDay).toEqual([{ day: today, amount: 41.48, orders: 3 }]);
    expect(overview.revenue.byProduct.map((row) => row.amount).reduce((a, b) => a + b, 0)).toBeCloseTo(41.48, 2);
    expect(overview.refunds).toMatchObject({ total: 7, orders: 1 });
    expect(overview.comps).toMatchObject({ orders: 1, byProduct: [{ type: 'event', productId: ids.liveGame, name: 'Comped game', orders: 1 }] });
    expect(overview.newViewers.total).toBeGreaterThanOrEqual(1);

    // The analytics service's funnel says 40 purchases and 99,999 of money: the figures carry no money.
    const audience = ReportsAudience.parse((await call('GET', `/reports/audience?from=${today}&to=${today}`)).json());
    expect(audience.status).toBe('ok');
    expect(audience.figures?.funnel.find((step) => step.step === 'purchase_success')?.events).toBe(40);
    expect(JSON.stringify(audience)).not.toContain('99999');
    // Asked with the admin token, for alpha and the period's UTC days.
    expect(asked.at(-1)).toEqual({ authorization: `Bearer ${ADMIN_TOKEN}`, body: { channel: 'alpha', from: `${today}T00:00:00.000Z`, to: expect.stringMatching(/T00:00:00\.000Z$/) } });
  });

  // The seeded live game began 30 minutes before the seed: shortly after midnight UTC that is yesterday. The
  // statements' period starts on its day, so the flat rule finds it played whatever the hour of the run.
  async function sharePeriod(): Promise<string> {
    const live = await t.database.db.selectFrom('events').select('event_utc_ts').where('id', '=', ids.liveGame).executeTakeFirstOrThrow();
    const from = new Date(Number(live.event_utc_ts) * 1000).toISOString().slice(0, 10);
    return `from=${from < today ? from : today}&to=${today}`;
  }

  async function statement(): Promise<RevenueShareStatement> {
    const answer = await call('GET', `/reports/revenue-share?${await sharePeriod()}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return RevenueShareStatement.parse(answer.json());
  }

  async function csvSum(table: 'revenue_by_school' | 'revenue_by_team'): Promise<{ cents: number; rows: Array<Record<string, string>> }> {
    const answer = await call('GET', `/reports/export.csv?table=${table}&${await sharePeriod()}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toContain('text/csv');
    const rows = parse(answer.body, { columns: true }) as Array<Record<string, string>>;
    return { cents: rows.reduce((sum, row) => sum + Math.round(Number(row.revenue_USD) * 100), 0), rows };
  }

  it('shares by watch time: each list, and the CSV of revenue by school, add up to the revenue shown', async () => {
    analyticsAnswer = report([
      { stream_id: ids.liveGame, seconds: 300 },
      { stream_id: ids.oldGame, seconds: 100 },
    ]);
    const shown = await statement();
    expect(shown.settings).toEqual({ shareRule: 'watch_time', sharePercent: 10 });
    expect(shown.revenue).toBe(41.48);
    expect(shown.pooled).toBe(9.99);
    const cents = (lines: RevenueShareStatement['bySchool']) => lines.reduce((sum, line) => sum + Math.round(line.revenue * 100), 0);
    expect(cents(shown.bySchool)).toBe(4148);
    expect(cents(shown.byTeam)).toBe(4148);
    // The live game (300 s) is both schools'; the old one (100 s) North's: 250 to 150 of the pool.
    const [northPool, southPool] = splitCents(999, [250, 150]);
    const north = shown.bySchool.find((line) => line.id === ids.north)!;
    const south = shown.bySchool.find((line) => line.id === ids.south)!;
    expect(north.pooled).toBe(northPool! / 100);
    expect(south.pooled).toBe(southPool! / 100);
    // The bought game (North and South's) in halves, the North team pass to North.
    expect(north.direct + south.direct).toBeCloseTo(11.49 + 20, 2);
    expect(north.share).toBe(Math.round(north.revenue * 10) / 100);

    const csv = await csvSum('revenue_by_school');
    expect(csv.cents).toBe(Math.round(shown.revenue * 100));
    expect(csv.rows.map((row) => row.school)).toEqual(shown.bySchool.map((line) => (line.id === null ? 'Not credited' : line.name)));
    expect((await csvSum('revenue_by_team')).cents).toBe(4148);
  });

  it('leaves the pool uncredited, and says why, when the analytics service does not answer; the flat rule needs no service', async () => {
    analyticsAnswer = null;
    const down = await statement();
    expect(down.audience).toBe('unavailable');
    expect(down.bySchool.find((line) => line.id === null)).toMatchObject({ pooled: 9.99, share: 0 });
    expect((await csvSum('revenue_by_school')).cents).toBe(4148);
    const audience = ReportsAudience.parse((await call('GET', `/reports/audience?from=${today}&to=${today}`)).json());
    expect(audience).toMatchObject({ status: 'unavailable', figures: null });
    const exported = await call('GET', `/reports/export.csv?table=funnel&from=${today}&to=${today}`);
    expect(exported.statusCode).toBe(503);
    expect(exported.json()).toMatchObject({ field: 'table', code: 'ANALYTICS_UNAVAILABLE' });

    const saved = await call('POST', '/reports/settings', { shareRule: 'flat', sharePercent: 12.5 }, session.owner);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ReportSettingsResponse.parse(saved.json())).toMatchObject({ settings: { shareRule: 'flat', sharePercent: 12.5 }, changedBy: 'owner@reports-alpha.test' });
    const audit = await t.database.db.selectFrom('audit_log').selectAll().where('channel_id', '=', alpha).where('action', '=', 'reports.settings').execute();
    expect(audit.at(-1)).toMatchObject({ actor_label: 'owner@reports-alpha.test', subject: `channel:${alpha}` });
    expect(JSON.parse(JSON.stringify(audit.at(-1)?.after))).toMatchObject({ shareRule: 'flat', sharePercent: 12.5 });

    // Flat: North and South both played in the period (the live game), the pool in halves.
    const flat = await statement();
    expect(flat.audience).toBe('ok');
    expect(flat.settings).toEqual({ shareRule: 'flat', sharePercent: 12.5 });
    const [first, second] = splitCents(999, [1, 1]);
    expect(flat.bySchool.filter((line) => line.id !== null).map((line) => Math.round(line.pooled * 100)).sort((a, b) => b - a)).toEqual([first, second]);
    expect(flat.bySchool.find((line) => line.id === null)).toBeUndefined();
    for (const line of flat.bySchool) expect(line.share).toBe(Math.round(line.revenue * 12.5) / 100);
    expect((await csvSum('revenue_by_school')).cents).toBe(4148);
  });
});

describe('bad input', () => {
  it('names the field of a bad period, table or setting', async () => {
    for (const [url, field] of [
      ['/reports/overview?from=2026-02-31', 'from'],
      ['/reports/overview?from=yesterday', 'from'],
      ['/reports/overview?from=2026-03-02&to=2026-03-01', 'from'],
      ['/reports/overview?from=2020-01-01&to=2026-01-01', 'from'],
      ['/reports/revenue-share?to=2026-13-01', 'to'],
      ['/reports/export.csv?table=passwords', 'table'],
    ] as const) {
      const answer = await call('GET', url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json(), url).toMatchObject({ field, message: expect.any(String) });
    }
    for (const [payload, field] of [
      [{ shareRule: 'flat', sharePercent: 150 }, 'sharePercent'],
      [{ shareRule: 'flat', sharePercent: 10.001 }, 'sharePercent'],
      [{ shareRule: 'by_luck', sharePercent: 10 }, 'shareRule'],
      [{ shareRule: 'flat', sharePercent: 10, extra: 1 }, ''],
    ] as const) {
      const answer = await call('POST', '/reports/settings', payload, session.owner);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      if (field) expect(answer.json()).toMatchObject({ field });
    }
  });
});

describe('clips shared', () => {
  it("counts a clip as shared once someone other than its maker opens its link, once per clip and day", async () => {
    const db = t.database.db;
    const today = new Date().toISOString().slice(0, 10);
    const maker = await registerViewer(t, 'alpha');
    const makerId = (await db.selectFrom('users').select('id').where('channel_id', '=', alpha).orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    const clip = () =>
      db
        .insertInto('clips')
        .values({ channel_id: alpha, user_id: makerId, event_id: ids.liveGame, name: 'Goal', start_time: 0, duration: 10, tags: JSON.stringify([]), status: 'ready', live: false, created_at: new Date(), ready_at: new Date() })
        .returning(['id', 'uuid'])
        .executeTakeFirstOrThrow();
    const before = ReportsOverview.parse((await call('GET', `/reports/overview?from=${today}&to=${today}`)).json()).clips;
    const passedOn = await clip();
    const kept = await clip();
    const visitor = await t.keyFor('alpha');
    for (const [uuid, key] of [
      [passedOn.uuid, visitor],
      [passedOn.uuid, visitor],
      [passedOn.uuid, maker],
      [kept.uuid, maker],
    ] as const) {
      const read = await t.app.inject({ url: `/api/shared-clip/${uuid}?api_key=${key}` });
      expect(read.statusCode, read.body).toBe(200);
    }
    const after = ReportsOverview.parse((await call('GET', `/reports/overview?from=${today}&to=${today}`)).json()).clips;
    expect(after.made).toBe(before.made + 2);
    // Only the clip someone else opened is shared; its maker watching their own is not.
    expect(after.shared).toBe(before.shared + 1);
    expect(after.byDay.find((row) => row.day === today)).toMatchObject({ made: after.made, shared: after.shared });
    expect(await db.selectFrom('clip_share_opens').select('clip_id').where('clip_id', '=', kept.id).execute()).toEqual([]);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { ReportQueries } from '../src/reports/queries.ts';
import { renderReports } from '../src/reports/render.ts';
import { ADMIN_TOKEN, NORTHFIELD_KEY, post, sessionFor, testApp, type TestApp } from './helpers.ts';

const NOW = new Date('2026-03-10T12:00:00Z');
const PERIOD = { from: new Date('2026-03-01T00:00:00Z'), to: NOW };

const payment = {
  channel: 'northfield',
  payment_id: '41',
  paid_at: '2026-03-09T18:30:00Z',
  order_id: 17,
  product_type: 'event',
  product_id: 5,
  product_name: 'Final pass',
  amount: 12.5,
  currency: 'cad',
};

function admin(app: TestApp['app'], body: unknown, token: string | null = ADMIN_TOKEN) {
  return app.inject({
    method: 'POST',
    url: '/admin/payment',
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    payload: JSON.stringify(body),
  });
}

// Revenue is money the channel server was paid, never what a browser says it paid.
describe('revenue in the reports', () => {
  let service: TestApp | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  it("counts a browser's purchase_success in the funnel only: the public profile key cannot write revenue", async () => {
    service = await testApp({}, { now: () => new Date('2026-03-09T18:31:00Z') });
    const { app, store } = service;
    const session = await sessionFor(app, NORTHFIELD_KEY);
    const forged = { user_id: null, user_email: null, event: 'purchase_success', origin_url: 'https://northfield.example/buy' };
    const items = Array.from({ length: 100 }, () => ({
      call: 'event',
      body: { ...forged, extras: { product_type: 'event', product_id: 5, product_name: 'Final pass', amount: 9_999_999_999.99, currency: 'CAD' } },
    }));
    expect((await post(app, '/datalake/batch/', { profile: NORTHFIELD_KEY, session_uuid: session, items })).statusCode).toBe(200);

    for (const rollups of [false, true]) {
      const summary = await new ReportQueries(store.connection, { rollups }).summary('northfield', PERIOD, NOW);
      expect(summary.funnel.steps.find((step) => step.step === 'purchase_success')).toEqual({ step: 'purchase_success', events: 100, sessions: 1 });
      expect(summary.revenue).toEqual({ total: [], by_day: [], by_product: [] });
      expect(summary.sources).toMatchObject({ funnel: 'browser', revenue: 'server' });
    }
  });

  it("counts the server's settled charges, each once however often the server retries", async () => {
    service = await testApp({}, { now: () => new Date('2026-03-09T18:31:00Z') });
    const { app, store } = service;
    const first = await admin(app, payment);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { stored: true } });
    const again = await admin(app, payment);
    expect(again.json()).toEqual({ data: { stored: false } });
    // Another channel's charge with the same id is another charge.
    expect((await admin(app, { ...payment, channel: 'laurentides', amount: 300 })).json()).toEqual({ data: { stored: true } });

    for (const rollups of [false, true]) {
      const summary = await new ReportQueries(store.connection, { rollups }).summary('northfield', PERIOD, NOW);
      expect(summary.revenue.total).toEqual([{ currency: 'CAD', amount: 12.5, purchases: 1 }]);
      expect(summary.revenue.by_day).toEqual([{ day: '2026-03-09', currency: 'CAD', amount: 12.5, purchases: 1 }]);
      expect(summary.revenue.by_product).toEqual([{ product_type: 'event', product_id: 5, product_name: 'Final pass', currency: 'CAD', amount: 12.5, purchases: 1 }]);
      // The page says which figures the server measured and which the browsers reported, in both languages.
      const en = renderReports(summary, 'en');
      expect(en.match(/data-source="server">Measured on the channel server/g)).toHaveLength(2);
      expect(en).toContain('data-source="browser">Reported by the viewers’ browsers');
      const fr = renderReports(summary, 'fr');
      expect(fr.match(/data-source="server">Mesuré sur le serveur de la chaîne/g)).toHaveLength(2);
      expect(fr).toContain('data-source="browser">Signalé par les navigateurs des spectateurs');
    }
  });

  it('takes a charge only with the admin token, and refuses a bad one naming the field', async () => {
    service = await testApp({}, { now: () => new Date('2026-03-09T18:31:00Z') });
    const { app } = service;
    expect((await admin(app, payment, null)).statusCode).toBe(401);
    expect((await admin(app, payment, NORTHFIELD_KEY)).statusCode).toBe(401);
    const bad = await admin(app, { ...payment, amount: -5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'amount' });
    expect((await admin(app, { ...payment, amount: 1.005 })).json()).toMatchObject({ field: 'amount' });
    expect((await admin(app, { ...payment, paid_at: 'yesterday' })).json()).toMatchObject({ field: 'paid_at' });
    expect((await admin(app, { ...payment, channel: 'elsewhere' })).statusCode).toBe(404);
  });
});

import type { FakeHandler, FakeRequest } from '@grandstand/api-client/testing';
import type { ConsoleOperator, ReportSettingsResponse, ReportsAudience, ReportsOverview, RevenueShareStatement } from '@grandstand/contract';

/** The demo owner of Northfield, signed in. */
export function testOperator(overrides: Partial<ConsoleOperator> = {}): ConsoleOperator {
  return {
    id: 1,
    email: 'owner@northfield.test',
    name: 'Nora Owner',
    role: 'owner',
    channel: { slug: 'northfield', name: 'Northfield Schools Network' },
    totpEnabled: true,
    totpSetupRequired: false,
    channels: [{ slug: 'northfield', name: 'Northfield Schools Network', role: 'owner' }],
    platformOwner: false,
    ...overrides,
  };
}

/** Northfield's analyst (`ops@`), who reads the reports and may not change the share rule. */
export const analyst = testOperator({ id: 3, email: 'ops@northfield.test', name: 'Oscar Ops', role: 'analyst', channels: [{ slug: 'northfield', name: 'Northfield Schools Network', role: 'analyst' }] });

const PERIOD = { from: '2026-11-07', to: '2026-12-06' };

export function overview(overrides: Partial<ReportsOverview> = {}): ReportsOverview {
  return {
    period: PERIOD,
    currency: 'USD',
    revenue: {
      total: 61.47,
      orders: 4,
      byDay: [
        { day: '2026-12-05', amount: 29.99, orders: 2 },
        { day: '2026-12-06', amount: 31.48, orders: 2 },
      ],
      byProduct: [
        { type: 'package', productId: 4, name: 'Northfield Owls pass', amount: 39.99, orders: 2 },
        { type: 'event', productId: 12, name: 'Owls vs Hawks', amount: 11.49, orders: 1 },
        { type: 'subscription', productId: 1, name: 'Monthly', amount: 9.99, orders: 1 },
      ],
    },
    refunds: { total: 11.49, orders: 1, byProduct: [{ type: 'event', productId: 12, name: 'Owls vs Hawks', amount: 11.49, orders: 1 }] },
    comps: { orders: 1, byProduct: [{ type: 'event', productId: 13, name: 'Cup final', orders: 1 }] },
    newViewers: { total: 5, byDay: [{ day: '2026-12-06', count: 5 }] },
    clips: { made: 3, shared: 1, byDay: [{ day: '2026-12-06', made: 3, shared: 1 }] },
    ...overrides,
  };
}

export function audience(overrides: Partial<ReportsAudience> = {}): ReportsAudience {
  return {
    period: PERIOD,
    status: 'ok',
    figures: {
      liveViewers: 42,
      uniqueViewers: 310,
      views: 512,
      watchSeconds: 93_600,
      watchTime: {
        byEvent: [{ eventId: 12, title: 'Owls vs Hawks', seconds: 54_000 }],
        bySport: [{ key: 'Basketball', seconds: 72_000 }],
        bySchool: [{ key: 'Northfield High', seconds: 61_200 }],
        byTeam: [{ key: 'Northfield Owls', seconds: 61_200 }],
      },
      funnel: [
        { step: 'view_buy_page', events: 90, sessions: 80 },
        { step: 'begin_purchase', events: 40, sessions: 35 },
        { step: 'begin_checkout', events: 30, sessions: 28 },
        { step: 'purchase', events: 10, sessions: 10 },
        { step: 'purchase_success', events: 8, sessions: 8 },
        { step: 'purchase_failed', events: 2, sessions: 2 },
      ],
    },
    ...overrides,
  };
}

export function statement(overrides: Partial<RevenueShareStatement> = {}): RevenueShareStatement {
  return {
    period: PERIOD,
    currency: 'USD',
    settings: { shareRule: 'watch_time', sharePercent: 10 },
    revenue: 61.47,
    pooled: 9.99,
    audience: 'ok',
    bySchool: [
      { id: 1, name: 'Northfield High', direct: 45.74, pooled: 6.24, revenue: 51.98, share: 5.2, watchSeconds: 61_200 },
      { id: 2, name: 'Eastside Academy', direct: 5.74, pooled: 3.75, revenue: 9.49, share: 0.95, watchSeconds: 36_000 },
    ],
    byTeam: [
      { id: 7, name: 'Northfield Owls', direct: 45.74, pooled: 6.24, revenue: 51.98, share: 5.2, watchSeconds: 61_200 },
      { id: 8, name: 'Eastside Hawks', direct: 5.74, pooled: 3.75, revenue: 9.49, share: 0.95, watchSeconds: 36_000 },
    ],
    ...overrides,
  };
}

/** The reports' calls over fixed figures; a settings POST changes them as the server would. */
export function reportsApi(options: { overview?: ReportsOverview; audience?: ReportsAudience; statement?: RevenueShareStatement; extra?: Record<string, FakeHandler> } = {}) {
  const sent: FakeRequest[] = [];
  let settings: ReportSettingsResponse = { settings: { shareRule: 'watch_time', sharePercent: 10 }, changedBy: null, changedAt: null };
  const routes: Record<string, FakeHandler> = {
    'GET /console/reports/overview': (request) => {
      sent.push(request);
      return { json: options.overview ?? overview() };
    },
    'GET /console/reports/audience': () => ({ json: options.audience ?? audience() }),
    'GET /console/reports/revenue-share': (request) => {
      sent.push(request);
      return { json: { ...(options.statement ?? statement()), settings: settings.settings } };
    },
    'GET /console/reports/settings': () => ({ json: settings }),
    'POST /console/reports/settings': (request) => {
      sent.push(request);
      const body = request.body as { shareRule: 'watch_time' | 'flat'; sharePercent: number };
      settings = { settings: { shareRule: body.shareRule, sharePercent: body.sharePercent }, changedBy: 'owner@northfield.test', changedAt: '2026-12-06T12:00:00.000Z' };
      return { json: settings };
    },
    ...options.extra,
  };
  return { routes, sent };
}

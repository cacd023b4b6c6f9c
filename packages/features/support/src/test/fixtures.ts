import type { FakeHandler, FakeRequest } from '@grandstand/api-client/testing';
import type { SupportCompOptions, SupportOrder, SupportOrderResponse, SupportViewer, SupportViewerDetail } from '@grandstand/contract';

export function viewer(overrides: Partial<SupportViewer> = {}): SupportViewer {
  return { id: 7, email: 'fan@example.com', name: 'Ada Fan', verified: false, createdAt: '2026-11-02T15:00:00.000Z', suspendedAt: null, suspendedReason: null, ...overrides };
}

export function order(overrides: Partial<SupportOrder> = {}): SupportOrder {
  return {
    id: 41,
    viewer: { id: 7, email: 'fan@example.com', name: 'Ada Fan' },
    type: 'package',
    productId: 4,
    productName: 'Owls team pass',
    teamName: 'Northfield Owls',
    status: 'paid',
    active: true,
    amount: 31.99,
    currency: 'USD',
    couponCode: 'OWLS20',
    provider: 'sandbox',
    providerRef: 'pi_sbx_1',
    createdAt: '2026-12-05T18:00:00.000Z',
    paidAt: '2026-12-05T18:00:02.000Z',
    endsAt: '2027-12-05T18:00:02.000Z',
    refundedAt: null,
    refundReason: null,
    refundedBy: null,
    refundProviderRef: null,
    comp: false,
    compReason: null,
    compedBy: null,
    ...overrides,
  };
}

export function orderDetail(current: SupportOrder = order()): SupportOrderResponse {
  return {
    order: current,
    transactions: [{ id: 90, kind: 'Purchase', status: 'succeeded', amount: current.amount, currency: 'USD', card: 'visa •••• 4242', providerRef: 'pi_sbx_1', createdAt: '2026-12-05T18:00:00.000Z' }],
    payment: { provider: 'sandbox', ref: 'pi_sbx_1', status: 'succeeded', refunded: current.status === 'refunded', dashboardUrl: null },
  };
}

export const compOptions: SupportCompOptions = {
  events: [{ id: 12, name: 'Owls vs Hawks', startsAt: '2026-12-10T23:00:00.000Z', accessType: 'ppv' }],
  passes: [{ id: 4, name: 'Owls team pass', teams: [{ id: 3, name: 'Northfield Owls' }] }],
};

/** The support calls answered as the server would, remembering refunds, comps and suspensions; `sent` keeps the writes. */
export function supportApi(options: { orders?: SupportOrder[]; viewers?: SupportViewer[]; extra?: Record<string, FakeHandler> } = {}) {
  const sent: FakeRequest[] = [];
  let orders = options.orders ?? [order()];
  let viewers = options.viewers ?? [viewer()];
  const detailOf = (id: number): SupportViewerDetail => ({
    viewer: viewers.find((v) => v.id === id)!,
    orders: orders.filter((o) => o.viewer.id === id),
    sessions: [{ id: 1, startedAt: '2026-12-05T17:00:00.000Z', lastActiveAt: '2026-12-06T09:00:00.000Z' }],
    clips: [{ id: 5, title: 'The winning goal', eventName: 'Owls vs Hawks', status: 'ready', createdAt: '2026-12-05T20:00:00.000Z' }],
    favouritesCount: 2,
  });
  const routes: Record<string, FakeHandler> = {
    'GET /console/orders': () => ({ json: { orders, total: orders.length, page: 1, pageSize: 50 } }),
    'GET /console/orders/comp-options': () => ({ json: compOptions }),
    'POST /console/orders/comp': (request) => {
      sent.push(request);
      const body = request.body as { viewerId: number; type: 'event' | 'package'; productId: number; reason: string };
      const given = order({ id: 99, type: body.type, productId: body.productId, productName: 'Owls vs Hawks', teamName: null, amount: 0, provider: 'comp', providerRef: null, comp: true, compReason: body.reason, compedBy: 'support@northfield.test', couponCode: null });
      orders = [given, ...orders];
      return { json: orderDetail(given) };
    },
    'GET /console/viewers': () => ({ json: { viewers, total: viewers.length, page: 1, pageSize: 50 } }),
    ...options.extra,
  };
  for (const current of orders) {
    routes[`GET /console/orders/${current.id}`] = () => ({ json: orderDetail(orders.find((o) => o.id === current.id)!) });
    routes[`POST /console/orders/${current.id}/refund`] = (request) => {
      sent.push(request);
      const reason = (request.body as { reason: string }).reason;
      orders = orders.map((o) => (o.id === current.id ? { ...o, status: 'refunded', active: false, refundedAt: '2026-12-06T10:00:00.000Z', refundReason: reason, refundedBy: 'support@northfield.test', refundProviderRef: 're_sbx_1' } : o));
      return { json: orderDetail(orders.find((o) => o.id === current.id)!) };
    };
  }
  for (const current of viewers) {
    routes[`GET /console/viewers/${current.id}`] = () =>
      viewers.some((v) => v.id === current.id) ? { json: detailOf(current.id) } : { status: 404, json: { message: 'Viewer not found.', field: 'id', code: 'not_found' } };
    for (const action of ['resend-verification', 'end-sessions', 'suspend', 'restore', 'delete']) {
      routes[`POST /console/viewers/${current.id}/${action}`] = (request) => {
        sent.push(request);
        const reason = (request.body as { reason?: string } | undefined)?.reason ?? null;
        viewers = viewers.map((v) => (v.id !== current.id ? v : action === 'suspend' ? { ...v, suspendedAt: '2026-12-06T10:00:00.000Z', suspendedReason: reason } : action === 'restore' ? { ...v, suspendedAt: null, suspendedReason: null } : v));
        if (action === 'delete') viewers = viewers.filter((v) => v.id !== current.id);
        return { json: { viewer: current, done: action } };
      };
    }
  }
  return { routes, sent };
}

import type { Order, Transaction } from '@grandstand/contract';
import { testUser } from '@grandstand/test-kit/fixtures';

/** The demo viewer, who has had a free trial already. */
export const viewer = testUser({ trial_period_used: true });

/** The server's word once auto-renewal is cancelled (product rule for unsubscribe). */
export const PROCESSED = 'Your request has been processed. Auto-renewal is cancelled; your subscription stays active until the end of the paid period.';

function transaction(overrides: Partial<Transaction> & Pick<Transaction, 'id' | 'order_id'>): Transaction {
  return {
    kind: 'Purchase',
    status: 'succeeded',
    amount: 10.98,
    currency: 'USD',
    card: { brand: 'visa', last4: '4242' },
    created_at: '2026-03-02T18:00:00.000Z',
    ...overrides,
  };
}

/** A bought event: lasts, labelled Paid. */
export const eventOrder: Order = {
  id: 11,
  type: 'event',
  status: 'paid',
  activity_status: 'active',
  label: 'Paid',
  product: { id: 301, name: 'Northfield v Eastbrook — Final', participant_id: null, event_category_id: 4 },
  amount: 10.98,
  currency: 'USD',
  coupon: null,
  popup: false,
  failure_reason: null,
  created_at: '2026-03-02T17:59:00.000Z',
  paid_at: '2026-03-02T18:00:00.000Z',
  expires_at: null,
  subscription: null,
  transactions: [transaction({ id: 101, order_id: 11 })],
};

/** A season pass for a period: labelled Active until it expires. */
export const passOrder: Order = {
  ...eventOrder,
  id: 12,
  type: 'package',
  label: 'Active',
  product: { id: 21, name: 'Basketball season pass', participant_id: null, event_category_id: null },
  amount: 49.99,
  paid_at: '2026-01-15T12:00:00.000Z',
  created_at: '2026-01-15T11:59:00.000Z',
  expires_at: '2027-01-15T12:00:00.000Z',
  transactions: [transaction({ id: 102, order_id: 12, amount: 49.99, created_at: '2026-01-15T12:00:00.000Z', card: { brand: 'mastercard', last4: '4444' } })],
};

/** A monthly subscription renewing on its own, once renewed. */
export const subscriptionOrder: Order = {
  ...eventOrder,
  id: 13,
  type: 'subscription',
  label: 'Active',
  product: { id: 5, name: 'All-access monthly', participant_id: null, event_category_id: null },
  amount: 9.99,
  paid_at: '2026-02-01T09:00:00.000Z',
  created_at: '2026-02-01T08:59:00.000Z',
  expires_at: '2099-04-02T09:00:00.000Z',
  subscription: {
    status: 'active',
    auto_renew: true,
    renewal_label: 'Auto-Renewal',
    trial_ends_at: null,
    current_period_end: '2099-04-02T09:00:00.000Z',
  },
  transactions: [
    transaction({ id: 103, order_id: 13, kind: 'New subscription', amount: 9.99, created_at: '2026-02-01T09:00:00.000Z' }),
    transaction({ id: 104, order_id: 13, kind: 'Subscription Renewal', amount: 9.99, created_at: '2026-03-03T09:00:00.000Z' }),
    transaction({ id: 105, order_id: 13, kind: 'Subscription Renewal', status: 'failed', amount: 9.99, created_at: '2026-03-03T08:00:00.000Z', card: { brand: 'visa', last4: '0002' } }),
  ],
};

/** The same subscription as the server answers it after unsubscribe. */
export const cancelledSubscriptionOrder: Order = {
  ...subscriptionOrder,
  subscription: { ...subscriptionOrder.subscription!, status: 'canceled', auto_renew: false, renewal_label: 'Auto-Renewal Cancelled' },
};

/** A subscription still in its free trial: nothing charged yet. */
export const trialOrder: Order = {
  ...subscriptionOrder,
  id: 14,
  product: { id: 6, name: 'All-access annual', participant_id: null, event_category_id: null },
  amount: 0,
  subscription: {
    status: 'active',
    auto_renew: true,
    renewal_label: 'Auto-Renewal',
    trial_ends_at: '2099-02-08T09:00:00.000Z',
    current_period_end: '2099-02-08T09:00:00.000Z',
  },
  transactions: [],
};

/** A declined purchase: no longer active, seen only among the transactions. */
export const failedOrder: Order = {
  ...eventOrder,
  id: 15,
  status: 'failed',
  activity_status: 'inactive',
  label: 'Inactive',
  popup: true,
  failure_reason: 'Your card was declined.',
  paid_at: null,
  transactions: [transaction({ id: 106, order_id: 15, status: 'failed', created_at: '2026-03-04T10:00:00.000Z', card: { brand: 'visa', last4: '0002' } })],
};

export function ordersResponse(orders: Order[]) {
  return { data: orders, meta: { total: orders.length, offset: 0, limit: null } };
}

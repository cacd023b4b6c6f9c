import type { Card, EventDetail, Order, Package, Subscription } from '@grandstand/contract';
import { testPicture, testSettings, testUser } from '@grandstand/test-kit/fixtures';

/** The demo channel, paying through the sandbox provider. */
export const settings = testSettings({ payments: { provider: 'sandbox', publishable_key: null } });

export const viewer = testUser();

export function paidEvent(overrides: Partial<EventDetail> = {}): EventDetail {
  return {
    id: 12,
    name: 'Hockey night',
    type: 'paid',
    access_type: 'paid',
    participants: [
      { id: 21, name: 'Riverside Lions', short_name: null, color: '#002d72', side: 'home' },
      { id: 11, name: 'Northfield Eagles', short_name: null, color: '#c8102e', side: 'away' },
    ],
    event_utc_ts: 1_763_775_000,
    end_utc_ts: 1_763_782_200,
    time_zone: 'America/Chicago',
    event_category_id: 100,
    location_id: null,
    base_price: 9.99,
    service_fee: 1,
    has_access: false,
    stream_status: 'upcoming',
    image: null,
    picture: testPicture({ src: '/media/pictures/events/12/card-0123456789.svg' }),
    description: null,
    category: { id: 100, name: 'Hockey', alias: 'hockey' },
    location: null,
    access: { allowed: false, geo_blocked: false, options: ['buy_price'] },
    stream: null,
    ...overrides,
  };
}

export function pkg(overrides: Partial<Package> & { id: number }): Package {
  return {
    name: `Package ${overrides.id}`,
    description: null,
    scope: 'category',
    event_categories: [100],
    is_team_pass: false,
    participants: [],
    price: 24.99,
    base_price: 24.99,
    service_fee: 0,
    offer: 'month',
    period: 3,
    weight: 1,
    purchased: false,
    capabilities: [],
    basic: false,
    quota: null,
    quota_left: null,
    ...overrides,
  };
}

export const singleEventPackage = pkg({ id: 1, name: 'Single event', scope: 'single', event_categories: [], price: 0, base_price: 0, offer: null, period: null });
export const hockeyPass = pkg({ id: 2, name: 'Hockey season pass', description: 'Every hockey game for three months.' });
export const teamPass = pkg({
  id: 3,
  name: 'Eagles team pass',
  is_team_pass: true,
  participants: [
    { id: 11, name: 'Northfield Eagles' },
    { id: 21, name: 'Riverside Lions' },
  ],
  price: 49.99,
  base_price: 49.99,
  offer: 'annual',
  period: 1,
});

export const monthly: Subscription = {
  id: 5,
  name: 'All access monthly',
  description: 'Every event, every month.',
  price: 9.99,
  base_price: 9.99,
  service_fee: 0,
  offer: 'monthly',
  period: 1,
  trial_period: 7,
  weight: 1,
  purchased: false,
  capabilities: [],
};

export const savedCard: Card = { id: 'pm_saved_4242', brand: 'Visa', last4: '4242', exp_month: 4, exp_year: 2031 };

export function order(overrides: Partial<Order> & { id: number }): Order {
  return {
    type: 'event',
    status: 'created',
    activity_status: 'inactive',
    label: 'Inactive',
    product: { id: 12, name: 'Hockey night', participant_id: null, event_category_id: 100 },
    amount: 10.99,
    currency: 'USD',
    coupon: null,
    popup: false,
    failure_reason: null,
    created_at: '2025-11-21T18:00:00.000Z',
    paid_at: null,
    expires_at: null,
    subscription: null,
    transactions: [],
    ...overrides,
  };
}

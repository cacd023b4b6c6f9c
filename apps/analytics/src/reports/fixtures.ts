import type { Summary } from './summary.ts';
import type { EventRow, PaymentRow } from './testing.ts';

// A small hand-made week of two channels. Every figure below is counted by hand from these rows.
export const NOW = new Date('2025-03-10T12:00:00Z');
export const PERIOD = { from: new Date('2025-03-01T00:00:00Z'), to: NOW };

const north = (received_at: string, kind: string, session_uuid: string, extra: Partial<EventRow> = {}): EventRow => ({
  channel: 'north',
  received_at,
  kind,
  session_uuid,
  ...extra,
});
const final = { stream_id: 100, stream_title: 'Final', stream_type: 'live' };
const semi = { stream_id: 200, stream_title: 'Semi', stream_type: 'vod' };

export const ROWS: EventRow[] = [
  // s1, viewer 7: one view of the final (first frame then start), 50 s watched.
  north('2025-03-02T10:00:00Z', 'video', 's1', { user_id: 7, video_view_uuid: 'v1', event: 'first_frame', ttff_ms: 100, ...final }),
  north('2025-03-02T10:00:01Z', 'video', 's1', { user_id: 7, video_view_uuid: 'v1', event: 'start', ...final }),
  north('2025-03-02T10:00:30Z', 'viewing', 's1', { user_id: 7, video_view_uuid: 'v1', viewing_seconds: 30, sport: 'hockey', school: 'Alma', team: 'Owls', ...final }),
  north('2025-03-02T10:00:50Z', 'viewing', 's1', { user_id: 7, video_view_uuid: 'v1', viewing_seconds: 20, sport: 'hockey', school: 'Alma', team: 'Owls', ...final }),
  // s2, anonymous: a view of the final that errs.
  north('2025-03-05T08:00:00Z', 'video', 's2', { video_view_uuid: 'v2', event: 'first_frame', ttff_ms: 200, ...final }),
  north('2025-03-05T08:01:00Z', 'viewing', 's2', { video_view_uuid: 'v2', viewing_seconds: 50, sport: 'hockey', school: 'Alma', team: 'Bears', ...final }),
  north('2025-03-05T08:01:10Z', 'video', 's2', { video_view_uuid: 'v2', event: 'error', reason: 'network', ...final }),
  // s3, viewer 7 again: a view of the semi today (no first frame reported), watching in the last minute.
  north('2025-03-10T11:00:00Z', 'video', 's3', { user_id: 7, video_view_uuid: 'v3', event: 'start', ...semi }),
  north('2025-03-10T11:59:30Z', 'viewing', 's3', { user_id: 7, video_view_uuid: 'v3', viewing_seconds: 40, sport: 'soccer', ...semi }),
  // s4, viewer 9: a first frame in the last second of a day.
  north('2025-03-09T23:59:59Z', 'video', 's4', { user_id: 9, video_view_uuid: 'v4', event: 'first_frame', ttff_ms: 400, ...semi }),
  // s5, anonymous: a pause only, which is not a view, but the session is a viewer.
  north('2025-03-04T09:00:00Z', 'video', 's5', { video_view_uuid: 'v5', event: 'pause', ...semi }),
  // Outside the period: the day before, and a non-video row in the live window.
  north('2025-02-28T23:59:59Z', 'viewing', 's0', { video_view_uuid: 'v0', viewing_seconds: 1000, sport: 'rugby', ...final }),
  north('2025-02-28T23:59:59Z', 'video', 's0', { video_view_uuid: 'v0', event: 'first_frame', ttff_ms: 9999, ...final }),
  north('2025-03-10T11:59:40Z', 'event', 's1', { user_id: 7, event: 'visit_page' }),
  // The site: page views (two in s2, on a rolled-up day) and a login.
  north('2025-03-05T07:59:00Z', 'event', 's2', { event: 'visit_page' }),
  north('2025-03-05T07:59:30Z', 'event', 's2', { event: 'visit_page' }),
  north('2025-03-02T09:59:00Z', 'event', 's1', { user_id: 7, event: 'login' }),

  // The funnel.
  north('2025-03-02T11:00:00Z', 'event', 's1', { event: 'view_buy_page' }),
  north('2025-03-02T11:00:10Z', 'event', 's1', { event: 'view_buy_page' }),
  north('2025-03-02T11:01:00Z', 'event', 's1', { event: 'begin_checkout' }),
  north('2025-03-02T11:02:00Z', 'event', 's1', { event: 'purchase' }),
  north('2025-03-02T11:02:05Z', 'event', 's1', { event: 'purchase_success', product_type: 'event', product_id: 5, product_name: 'Final pass', amount: 9.99, currency: 'CAD' }),
  north('2025-03-05T09:00:00Z', 'event', 's2', { event: 'view_buy_page' }),
  north('2025-03-05T09:01:00Z', 'event', 's2', { event: 'begin_checkout' }),
  north('2025-03-05T09:02:00Z', 'event', 's2', { event: 'purchase' }),
  north('2025-03-05T09:02:05Z', 'event', 's2', { event: 'purchase_failed', reason: 'card_declined', product_type: 'event', product_id: 5, amount: 9.99, currency: 'CAD' }),
  north('2025-03-09T10:00:00Z', 'event', 's4', { event: 'view_buy_page' }),
  north('2025-03-09T10:05:00Z', 'event', 's4', { event: 'purchase_failed' }),
  north('2025-03-09T10:06:00Z', 'event', 's4', { event: 'purchase_success', product_type: 'event', product_id: 5, product_name: 'Final pass', amount: 9.99, currency: 'CAD' }),
  north('2025-03-10T10:00:00Z', 'event', 's4', { event: 'purchase_success', product_type: 'package', product_id: 8, product_name: 'Season', amount: 19.99, currency: 'CAD' }),
  north('2025-03-10T11:00:00Z', 'event', 's3', { event: 'purchase_success', product_type: 'event', product_id: 5, product_name: 'Final pass', amount: 5, currency: 'USD' }),

  // Another channel, with the same ids, viewers and streams: none of it may reach north's figures.
  ...[
    { kind: 'video', event: 'first_frame', video_view_uuid: 'v1', ttff_ms: 5000, user_id: 7, ...final },
    { kind: 'video', event: 'first_frame', video_view_uuid: 'v99', ttff_ms: 5000, user_id: 99, ...final },
    { kind: 'video', event: 'error', video_view_uuid: 'v99', ...final },
    { kind: 'viewing', video_view_uuid: 'v99', viewing_seconds: 999, sport: 'hockey', school: 'Alma', team: 'Owls', ...final },
    { kind: 'event', event: 'view_buy_page' },
    { kind: 'event', event: 'visit_page' },
    { kind: 'event', event: 'login', user_id: 99 },
    { kind: 'event', event: 'purchase_failed', reason: 'fraud' },
    { kind: 'event', event: 'purchase_success', product_type: 'event', product_id: 5, product_name: 'Final pass', amount: 500, currency: 'CAD' },
  ].flatMap((row) => [
    { channel: 'south', received_at: '2025-03-02T10:00:00Z', session_uuid: 's1', ...row },
    { channel: 'south', received_at: '2025-03-10T11:59:50Z', session_uuid: 'south-live', ...row },
  ]),
];

// The channel server's settled charges: revenue counts these only. A browser's purchase_success
// above (and south's 500 CAD one) counts in the funnel, never as money.
export const PAYMENTS: PaymentRow[] = [
  { channel: 'north', payment_id: '1', paid_at: '2025-03-02T11:02:04Z', product_type: 'event', product_id: 5, product_name: 'Final pass', amount: 9.99, currency: 'CAD' },
  { channel: 'north', payment_id: '2', paid_at: '2025-03-09T10:05:59Z', product_type: 'event', product_id: 5, product_name: 'Final pass', amount: 9.99, currency: 'CAD' },
  { channel: 'north', payment_id: '3', paid_at: '2025-03-10T09:59:59Z', product_type: 'package', product_id: 8, product_name: 'Season', amount: 19.99, currency: 'CAD' },
  { channel: 'north', payment_id: '4', paid_at: '2025-03-10T10:59:59Z', product_type: 'event', product_id: 5, product_name: 'Final pass', amount: 5, currency: 'USD' },
  // Outside the period, and another channel's.
  { channel: 'north', payment_id: '5', paid_at: '2025-02-28T23:59:59Z', product_type: 'event', product_id: 5, product_name: 'Final pass', amount: 9.99, currency: 'CAD' },
  { channel: 'south', payment_id: '1', paid_at: '2025-03-02T10:00:00Z', product_type: 'event', product_id: 5, product_name: 'Final pass', amount: 500, currency: 'CAD' },
  { channel: 'south', payment_id: '6', paid_at: '2025-03-10T11:59:50Z', product_type: 'event', product_id: 5, product_name: 'Final pass', amount: 500, currency: 'CAD' },
];

export const EXPECTED: Omit<Summary, 'generated_at'> = {
  channel: 'north',
  from: '2025-03-01T00:00:00.000Z',
  to: '2025-03-10T12:00:00.000Z',
  sources: { site: 'browser', audience: 'browser', playback: 'browser', watch_time: 'browser', funnel: 'browser', revenue: 'server' },
  live_viewers: 1,
  views: 4,
  unique_viewers: 4,
  watch_seconds: 140,
  watch_time: {
    by_event: [
      { stream_id: 100, title: 'Final', seconds: 100 },
      { stream_id: 200, title: 'Semi', seconds: 40 },
    ],
    by_sport: [
      { key: 'hockey', seconds: 100 },
      { key: 'soccer', seconds: 40 },
    ],
    by_school: [
      { key: 'Alma', seconds: 100 },
      { key: null, seconds: 40 },
    ],
    by_team: [
      { key: 'Bears', seconds: 50 },
      { key: 'Owls', seconds: 50 },
      { key: null, seconds: 40 },
    ],
  },
  // ttff 100, 200, 400: median 200; p90 interpolates 200 + 0.8 × (400 − 200).
  playback: { ttff_median_ms: 200, ttff_p90_ms: 360, errors: 1, error_rate: 0.25 },
  // Page views in s1 (today) and s2 (twice), and s1's login; none of south's.
  site: { page_views: 3, visitors: 2, logins: 1 },
  funnel: {
    steps: [
      { step: 'view_buy_page', events: 4, sessions: 3 },
      { step: 'begin_purchase', events: 0, sessions: 0 },
      { step: 'begin_checkout', events: 2, sessions: 2 },
      { step: 'purchase', events: 2, sessions: 2 },
      { step: 'purchase_success', events: 4, sessions: 3 },
      { step: 'purchase_failed', events: 2, sessions: 2 },
    ],
    failed_by_reason: [
      { reason: 'card_declined', events: 1 },
      { reason: 'unknown', events: 1 },
    ],
  },
  revenue: {
    total: [
      { currency: 'CAD', amount: 39.97, purchases: 3 },
      { currency: 'USD', amount: 5, purchases: 1 },
    ],
    by_day: [
      { day: '2025-03-02', currency: 'CAD', amount: 9.99, purchases: 1 },
      { day: '2025-03-09', currency: 'CAD', amount: 9.99, purchases: 1 },
      { day: '2025-03-10', currency: 'CAD', amount: 19.99, purchases: 1 },
      { day: '2025-03-10', currency: 'USD', amount: 5, purchases: 1 },
    ],
    by_product: [
      { product_type: 'package', product_id: 8, product_name: 'Season', currency: 'CAD', amount: 19.99, purchases: 1 },
      { product_type: 'event', product_id: 5, product_name: 'Final pass', currency: 'CAD', amount: 19.98, purchases: 2 },
      { product_type: 'event', product_id: 5, product_name: 'Final pass', currency: 'USD', amount: 5, purchases: 1 },
    ],
  },
};


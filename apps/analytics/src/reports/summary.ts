/** What the summary call answers: every report of one channel and period (the page's script reads it too). */

export const FUNNEL_STEPS = [
  'view_buy_page',
  'begin_purchase',
  'begin_checkout',
  'purchase',
  'purchase_success',
  'purchase_failed',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const TOP = 20;

/**
 * Where each report's figures come from. `server`: measured by the channel server itself (its
 * settled charges, told to the service with the admin token), so no one outside can change them.
 * `browser`: reported by the viewers' browsers through the public profile key, so indicative only.
 */
export type FigureSource = 'server' | 'browser';
export const FIGURE_SOURCES = {
  site: 'browser',
  audience: 'browser',
  playback: 'browser',
  watch_time: 'browser',
  funnel: 'browser',
  revenue: 'server',
} as const satisfies Record<string, FigureSource>;

export interface WatchRow {
  key: string | null;
  seconds: number;
}
export interface EventWatchRow {
  stream_id: number;
  title: string | null;
  seconds: number;
}
export interface Summary {
  channel: string;
  from: string;
  to: string;
  generated_at: string;
  /** Which figures the server measured and which the browsers reported (FIGURE_SOURCES). */
  sources: typeof FIGURE_SOURCES;
  live_viewers: number;
  views: number;
  unique_viewers: number;
  watch_seconds: number;
  watch_time: {
    by_event: EventWatchRow[];
    by_sport: WatchRow[];
    by_school: WatchRow[];
    by_team: WatchRow[];
  };
  playback: {
    ttff_median_ms: number | null;
    ttff_p90_ms: number | null;
    errors: number;
    /** Video error rows per view; null when there was no view. */
    error_rate: number | null;
  };
  /** The site's traffic: page views, the sessions that viewed a page, and logins. */
  site: { page_views: number; visitors: number; logins: number };
  funnel: {
    steps: { step: FunnelStep; events: number; sessions: number }[];
    failed_by_reason: { reason: string; events: number }[];
  };
  /** The channel server's settled charges only (`payments`), never a browser's purchase_success. */
  revenue: {
    total: { currency: string; amount: number; purchases: number }[];
    by_day: { day: string; currency: string; amount: number; purchases: number }[];
    by_product: {
      product_type: string | null;
      product_id: number | null;
      product_name: string | null;
      currency: string;
      amount: number;
      purchases: number;
    }[];
  };
}

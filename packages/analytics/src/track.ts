import type { DatalakeClient, DatalakeClientOptions } from './datalake/client.ts';
import type { AnalyticsStorage, DatalakeEvent, DatalakeItem } from './datalake/types.ts';

/**
 * The site's analytics calls (spec §7), for any part of the site: features call `trackEvent`,
 * `trackLogin` or a `createVideoTracker`, and the shell starts (or stops) the client once the
 * channel's settings and the viewer's consent are known. Until then calls wait here, a bounded few;
 * the client itself (a lazy chunk) loads only when analytics runs on the page.
 */

export interface AnalyticsUser {
  id: number;
  email: string;
}

export interface StartAnalyticsOptions {
  /** The service's base URL (settings `analytics_url`); null: no analytics. */
  url: string | null;
  /** The channel's profile key (settings `analytics_key`); null: no analytics. */
  profile: string | null;
  /** The site's prefixed storage (`ApiClient.storage`). */
  storage: AnalyticsStorage;
  /** The page's host name; the browser's by default. */
  hostname?: string;
  /** @internal Tests give the client's module. */
  load?: () => Promise<{ createDatalakeClient: (options: DatalakeClientOptions) => DatalakeClient }>;
}

/** Calls held before the client starts (an early page view, a login): beyond this, later ones are dropped. */
export const PENDING_LIMIT = 100;

type State = 'waiting' | 'starting' | 'running' | 'stopped';

let state: State = 'waiting';
let pending: DatalakeItem[] = [];
let client: DatalakeClient | null = null;
let user: AnalyticsUser | null = null;

/** @internal The front's queue, for the calls of other modules of this package. */
export function enqueue(item: DatalakeItem): void {
  if (state === 'stopped') return;
  if (client) client.push(item);
  else if (pending.length < PENDING_LIMIT) pending.push(item);
}

const SECRET_PARAM = /sign|token|code|mail|key|pass|secret|expires/i;

/**
 * The page's address as the service gets it: without the query values that are credentials or a
 * viewer's identity (a reset link's signature, an email), and without the fragment.
 */
export function pageAddress(href: string): string {
  if (!URL.canParse(href)) return '';
  const url = new URL(href);
  for (const name of [...url.searchParams.keys()]) if (SECRET_PARAM.test(name)) url.searchParams.delete(name);
  url.hash = '';
  return url.href;
}

/** @internal The current page's address as the service gets it. */
export const here = () => (typeof location === 'undefined' ? '' : pageAddress(location.href));

/** The viewer the next calls are about (null: a visitor); the shell keeps it up to date. */
export function identify(next: AnalyticsUser | null): void {
  user = next;
}

/** @internal The viewer the calls name now. */
export const currentUser = (): AnalyticsUser | null => user;

/** One event of spec §7: a page, a login, a request, a step of the purchase funnel. */
export function trackEvent(event: DatalakeEvent, extras: Record<string, unknown> = {}): void {
  enqueue({ call: 'event', body: { user_id: user?.id ?? null, user_email: user?.email ?? null, event, extras, origin_url: here() } });
}

/** spec §7: a login, naming the viewer. */
export function trackLogin(viewer: AnalyticsUser, extras: Record<string, unknown> = {}): void {
  identify(viewer);
  trackEvent('login', extras);
}

/** spec §7: a page view, on every navigation. */
export function trackPageView(): void {
  trackEvent('visit_page', typeof location === 'undefined' ? {} : { path: new URL(here() || location.href).pathname });
}

/**
 * Starts the client (once): the calls held so far go first. Nothing starts without the service's
 * address and the profile key, nor on a `localhost` host (spec §9: never called from localhost; the
 * demo's `127.0.0.1` and `<channel>.localhost` hosts are counted).
 */
export function startAnalytics(options: StartAnalyticsOptions): void {
  if (state !== 'waiting') return;
  const hostname = options.hostname ?? (typeof location === 'undefined' ? '' : location.hostname);
  const { url, profile } = options;
  if (!url || !profile || hostname === 'localhost') {
    stopAnalytics();
    return;
  }
  state = 'starting';
  const load = options.load ?? (() => import('./datalake/client.ts'));
  load().then(
    ({ createDatalakeClient }) => {
      if (state !== 'starting') return;
      client = createDatalakeClient({ url, profile, storage: options.storage });
      state = 'running';
      for (const item of pending.splice(0)) client.push(item);
    },
    () => stopAnalytics(),
  );
}

/** No analytics on this page (declined, Global Privacy Control, not configured): held calls are dropped. */
export function stopAnalytics(): void {
  state = 'stopped';
  pending = [];
  client?.dispose();
  client = null;
}

/** @internal Tests start each case afresh. */
export function resetAnalytics(): void {
  stopAnalytics();
  state = 'waiting';
  user = null;
}

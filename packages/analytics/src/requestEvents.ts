import type { RequestErrorReport } from '@grandstand/api-client';
import { trackEvent } from './track.ts';

/** `api_request` events sent at most from one page (a failing call in a loop sends this many). */
export const MAX_REQUEST_EVENTS_PER_PAGE = 20;
let sent = 0;

/**
 * spec §7 `api_request`: the failed requests, not every request. A page makes dozens of calls that
 * all succeed; what the channel needs from the datalake is which calls fail, how, and for whom.
 * The event carries the method, the path (no query: it may hold ids of the viewer's or a key), the
 * status and the server's message, never the request data.
 */
export function trackRequestError(report: RequestErrorReport): void {
  if (sent >= MAX_REQUEST_EVENTS_PER_PAGE) return;
  sent += 1;
  const method = (report.requestData as { method?: unknown } | null)?.method;
  const path = report.url.split(/[?#]/)[0] ?? '';
  trackEvent('api_request', {
    method: typeof method === 'string' ? method : 'GET',
    path: /^https?:\/\//.test(path) ? new URL(path).pathname : path,
    status: report.status,
    message: String(report.message).slice(0, 200),
  });
}

/** @internal Tests start each case afresh. */
export function resetRequestEvents(): void {
  sent = 0;
}

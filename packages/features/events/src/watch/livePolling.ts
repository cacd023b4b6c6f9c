import type { EventDetail } from '@grandstand/contract';
import { useEffect, useEffectEvent, useRef, useState, useSyncExternalStore } from 'react';

/** How often a live event is asked for again: the camera's signal (lost, back) and the end show within it. */
export const LIVE_POLL_MS = 3_000;
/** How often an event about to start (or past its start, not begun) is asked for again: it turns live within it. */
export const STARTING_POLL_MS = 5_000;
/** How long before its start an upcoming event is asked for again every few seconds. */
export const STARTING_SOON_S = 30 * 60;
/**
 * How often an upcoming event further away is asked for again: a producer may start the camera
 * well before the listed time (a warm-up, a pre-game show), and a page left open should follow.
 */
export const EARLY_POLL_MS = 60_000;

type Polled = Pick<EventDetail, 'stream_status' | 'cancelled' | 'event_utc_ts' | 'access'>;

/**
 * How often the watch page asks for its event again, 0 for never: while it is live (to follow the
 * camera's signal and the end), and while it is upcoming, every few seconds from 30 minutes before
 * its start and once a minute before that (so a viewer already on the page gets the player when
 * the camera starts, without reloading). Only for
 * a viewer allowed to watch: the others see the access panel, which the signal does not change.
 */
export function livePollingFor(event: Polled | undefined, nowMs: number): number {
  if (!event || event.cancelled || !event.access.allowed) return 0;
  if (event.stream_status === 'live') return LIVE_POLL_MS;
  if (event.stream_status === 'upcoming') return event.event_utc_ts - nowMs / 1000 <= STARTING_SOON_S ? STARTING_POLL_MS : EARLY_POLL_MS;
  return 0;
}

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** Whether the page is shown (not a background tab, not a locked phone); shown when rendered on the server. */
export function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}

/**
 * The polling interval for the page's event query (`livePollingFor`), 0 while the page is hidden: a
 * background tab asks for nothing, and asks at once (`refetch`) when it is shown again. An upcoming
 * event further away is asked for more often when it comes within 30 minutes of its start.
 */
export function useLivePolling(event: Polled | undefined, refetch: () => unknown): number {
  const visible = usePageVisible();
  const [now, setNow] = useState(() => Date.now());
  const interval = livePollingFor(event, now);

  // An upcoming event not yet within 30 minutes: the page asks more often once it is.
  const soonAt = event && interval === EARLY_POLL_MS ? (event.event_utc_ts - STARTING_SOON_S) * 1000 : null;
  useEffect(() => {
    if (soonAt === null) return;
    // setTimeout holds at most 2^31-1 ms (~24.8 days): further away, it looks again then.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(0, soonAt - Date.now()), 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [soonAt]);

  // Shown again while the event is one to follow: what happened meanwhile, at once.
  const onShown = useEffectEvent(() => {
    if (interval > 0) void refetch();
  });
  const wasHidden = useRef(false);
  useEffect(() => {
    if (!visible) {
      wasHidden.current = true;
      return;
    }
    if (wasHidden.current) onShown();
    wasHidden.current = false;
  }, [visible]);

  return visible ? interval : 0;
}

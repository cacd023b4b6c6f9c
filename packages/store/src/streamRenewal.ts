import { useCallback, useEffect, useRef } from 'react';

/** The shortest wait between renewals, whatever lifetime an address claims. */
export const MIN_STREAM_RENEWAL_MS = 1_000;

/** How often a stream address of `expires_in` seconds is asked for again: at half its lifetime. */
export function streamRenewalInterval(stream: { expires_in: number }): number {
  return Math.max(MIN_STREAM_RENEWAL_MS, Math.floor((stream.expires_in * 1000) / 2));
}

/**
 * Keeps a stream address fresh: the query that handed it out (an event's, an on-demand item's) is
 * asked again at half the address's lifetime while a page holds it, and at once when the network
 * comes back (a cut may have outlasted the address), so the player always has a working address.
 * The server gives the next one only to a session still allowed to watch: when it gives none, the
 * page shows why instead of the player. Nothing runs while there is no stream.
 *
 * @returns `renewNow`, for the player's `onError`: a stream refused for its address is given a new
 *   one without waiting for the next renewal.
 * @example
 * const { data: event, refetch } = useGetEventQuery(id);
 * const renewNow = useStreamRenewal(event?.stream, refetch);
 */
export function useStreamRenewal(stream: { expires_in: number } | null | undefined, refetch: () => unknown): () => void {
  // The latest refetch, without restarting the timer each render (a renewal renders the page).
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });
  const interval = stream ? streamRenewalInterval(stream) : 0;
  const renew = useCallback(() => {
    if (interval !== 0) void latest.current();
  }, [interval]);
  useEffect(() => {
    if (interval === 0) return;
    const timer = setInterval(renew, interval);
    window.addEventListener('online', renew);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', renew);
    };
  }, [interval, renew]);
  return renew;
}

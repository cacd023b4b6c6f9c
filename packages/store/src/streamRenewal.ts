/** The shortest wait between renewals, whatever lifetime an address claims. */
export const MIN_STREAM_RENEWAL_MS = 1_000;

/**
 * The subscription options that keep a stream address fresh: the query that handed it out (an
 * event's, an on-demand item's) is asked again at half the address's lifetime while a page holds
 * it, so the player always has a working address (the server gives the next one only to a session
 * still allowed to watch). Nothing is polled while there is no stream.
 *
 * @example
 * const { data: event } = useGetEventQuery(id);
 * useGetEventQuery(id, streamRenewal(event?.stream));
 */
export function streamRenewal(stream: { expires_in: number } | null | undefined): { pollingInterval: number; skip: boolean; skipPollingIfUnfocused: false } {
  if (!stream) return { pollingInterval: 0, skip: true, skipPollingIfUnfocused: false };
  return { pollingInterval: Math.max(MIN_STREAM_RENEWAL_MS, Math.floor((stream.expires_in * 1000) / 2)), skip: false, skipPollingIfUnfocused: false };
}

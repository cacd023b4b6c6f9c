/**
 * Retries with exponential backoff (1 s, 2 s, 4 s, ± 50 % fuzz) before shaka gives up on a request,
 * so a short network blip never reaches the viewer; a longer cut surfaces as the error panel and
 * the session's own recovery takes over.
 */
export const RETRY_PARAMETERS = {
  maxAttempts: 4,
  baseDelay: 1_000,
  backoffFactor: 2,
  fuzzFactor: 0.5,
  timeout: 20_000,
  stallTimeout: 5_000,
  connectionTimeout: 10_000,
} as const;

/** The shaka configuration for a stream: retries everywhere, automatic quality (ABR). */
export function playerConfiguration(): object {
  return {
    manifest: { retryParameters: RETRY_PARAMETERS },
    streaming: {
      retryParameters: RETRY_PARAMETERS,
      // A live viewer who falls out of the DVR window (after a long pause) goes back to its end.
      returnToEndOfLiveWindowWhenOutside: true,
    },
    abr: { enabled: true },
  };
}

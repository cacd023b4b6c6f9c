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

/**
 * The playlist's requests while a failed stream is being brought back: one attempt each. The
 * recovery has its own backoff, and a reload that shaka kept retrying held the next one back (shaka
 * loads one at a time): a reload made on an address that expired during a network cut kept the
 * renewed address waiting for its 1, 2 and 4 s retries.
 */
export const RECOVERY_RETRY_PARAMETERS = { ...RETRY_PARAMETERS, maxAttempts: 1 } as const;

/** The playlist's retries while the stream is being recovered (one attempt) or not (the usual backoff). */
export function manifestRetries(recovering: boolean): object {
  return { manifest: { retryParameters: recovering ? RECOVERY_RETRY_PARAMETERS : RETRY_PARAMETERS } };
}

/** How far back a live viewer may rewind: the packager's live window, 600 one-second segments. */
export const DVR_WINDOW_SECONDS = 600;

/**
 * How many of the playlist's newest segments a live viewer starts behind. Live segments are one
 * camera GOP (1 s for a camera with a keyframe a second): two keep a second of media buffered
 * ahead while the next one is packaged and fetched, for about 3 s behind the camera with the
 * packaging; shaka's default of three put viewers a second later for no fewer stalls.
 */
export const LIVE_SEGMENTS_BEHIND = 2;

/**
 * Catching up with the live edge after a stall: at most 1.1× (no audible pitch change) once more
 * than `targetLatency + targetLatencyTolerance` seconds behind the start position, back to 1× within
 * the tolerance. Each stall moves the target back (by half a second more each time, up to 5.5 s), so
 * a connection that cannot hold the edge settles behind it instead of stalling, catching up and
 * stalling again; a minute without a stall brings the target forward again. The same holds after a
 * camera's quick reconnection that the watch page did not see: shaka then places the edge up to a few
 * seconds past the media it has: chasing it with the target capped at 2.5 s stalled every 15 s or
 * so for good; capped at 5.5 s it settled after three quick stalls, about 3.3 s behind the camera
 * (measured). Only while the viewer is at the live edge: the session turns it off when they rewind
 * (see `liveSyncFor`).
 */
export const LIVE_SYNC = {
  enabled: true,
  targetLatency: 1,
  targetLatencyTolerance: 0.5,
  maxPlaybackRate: 1.1,
  minPlaybackRate: 1,
  panicMode: false,
  dynamicTargetLatency: {
    enabled: true,
    rebufferIncrement: 0.5,
    maxAttempts: 10,
    maxLatency: 6,
    minLatency: 0,
    stabilityThreshold: 60,
  },
} as const;

/**
 * The shaka configuration for a stream: retries everywhere, automatic quality (ABR); for a live one,
 * low latency with the DVR window kept.
 */
export function playerConfiguration({ live }: { live: boolean }): object {
  const base = {
    manifest: { retryParameters: RETRY_PARAMETERS },
    streaming: {
      retryParameters: RETRY_PARAMETERS,
      // A live viewer who falls out of the DVR window (after a long pause) goes back to its end.
      returnToEndOfLiveWindowWhenOutside: true,
    },
    abr: { enabled: true },
  };
  if (!live) return base;
  return {
    ...base,
    manifest: {
      ...base.manifest,
      // shaka sizes a live HLS window from the playlist it last measured, which lags a growing
      // playlist and froze at a camera's reconnection (its start then crept forward, taking the
      // rewind away); the window is the site's own, and never starts before the first segment.
      availabilityWindowOverride: DVR_WINDOW_SECONDS,
      hls: { liveSegmentsDelay: LIVE_SEGMENTS_BEHIND },
    },
    streaming: { ...base.streaming, liveSync: LIVE_SYNC },
  };
}

/** The live catch-up on (at the live edge) or off (the viewer rewound: they watch at 1×). */
export function liveSyncFor(atLiveEdge: boolean): object {
  return { streaming: { liveSync: { enabled: atLiveEdge } } };
}

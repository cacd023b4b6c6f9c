/** spec §7 (datalake viewing time): time watched is reported in 30 s beats while playing. */
export const VIEWING_TIME_INTERVAL_MS = 30_000;

export interface ViewingTimeReport {
  /** Seconds watched since the previous report. */
  seconds: number;
  /** Seconds watched since the tracker was made. */
  total: number;
}

export interface ViewingTimeTrackerOptions {
  onReport: (report: ViewingTimeReport) => void;
  /** A clock in milliseconds; `performance.now` by default. */
  now?: () => number;
  intervalMs?: number;
}

export interface ViewingTimeTracker {
  /** The media started playing (the `playing` event). Repeated calls are ignored. */
  play(): void;
  /** The media stopped playing (pause, buffering, end, error): counts the last stretch and reports it. */
  stop(): void;
  /**
   * Reports what has been watched since the last beat and keeps counting (the page hides: the
   * partial beat goes before the page may be gone); the next beat counts from here.
   */
  flush(): void;
  /** Stops and reports what is left; the tracker does nothing afterwards. */
  dispose(): void;
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * Accumulates the seconds the media actually played, reporting every `intervalMs` while playing
 * and at each stop (and `flush`), so a viewer who pauses or leaves is counted up to that moment.
 */
export function createViewingTimeTracker({ onReport, now = () => performance.now(), intervalMs = VIEWING_TIME_INTERVAL_MS }: ViewingTimeTrackerOptions): ViewingTimeTracker {
  let since: number | undefined;
  let pending = 0;
  let total = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  let disposed = false;

  const collect = () => {
    if (since === undefined) return;
    const at = now();
    pending += (at - since) / 1000;
    since = at;
  };
  const report = () => {
    if (pending <= 0) return;
    const seconds = round(pending);
    total = round(total + pending);
    pending = 0;
    onReport({ seconds, total });
  };

  return {
    play() {
      if (disposed || since !== undefined) return;
      since = now();
      timer = setInterval(() => {
        collect();
        report();
      }, intervalMs);
    },
    stop() {
      collect();
      since = undefined;
      clearInterval(timer);
      timer = undefined;
      report();
    },
    flush() {
      collect();
      report();
    },
    dispose() {
      if (disposed) return;
      this.stop();
      disposed = true;
    },
  };
}

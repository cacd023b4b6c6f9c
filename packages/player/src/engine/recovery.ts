/** Waits between automatic retries while the stream is down; the last one repeats. */
export const RECOVERY_DELAYS_MS = [2_000, 4_000, 8_000, 15_000, 30_000] as const;

export interface RecoveryOptions {
  /** Reloads the stream; resolves once it plays again, rejects if it still fails. */
  reload: () => Promise<void>;
  /** Called after a successful reload. */
  onRecovered: () => void;
  /** Where `online`/`offline` are heard: `window` in the browser. */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** `navigator.onLine` in the browser. */
  isOnline?: () => boolean;
  delaysMs?: readonly number[];
}

export interface Recovery {
  /** The stream failed: keep trying on a backoff while online, and at once when the network returns. */
  failed(): void;
  /** The viewer pressed Retry. */
  retryNow(): Promise<void>;
  /**
   * The stream's address was renewed while it failed: a reload in flight on the old address (which
   * shaka retries for seconds before it gives up) is left for one on the new address, at once.
   */
  restart(): Promise<void>;
  readonly isFailed: boolean;
  dispose(): void;
}

/**
 * Brings a failed stream back without the viewer's help (playback recovers by itself when
 * the network comes back). While offline nothing is tried; the `online` event retries at once.
 * While online, retries back off, since the server rather than the network may be down.
 */
export function createRecovery({
  reload,
  onRecovered,
  events = globalThis as unknown as EventTarget,
  isOnline = () => globalThis.navigator?.onLine ?? true,
  delaysMs = RECOVERY_DELAYS_MS,
}: RecoveryOptions): Recovery {
  let isFailed = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | undefined;
  /** Counts reloads: only the latest one's outcome counts, a reload left behind is not heard. */
  let latest = 0;
  let disposed = false;

  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const schedule = () => {
    cancel();
    if (disposed || !isFailed || !isOnline()) return;
    const delay = delaysMs[Math.min(attempt, delaysMs.length - 1)] ?? 30_000;
    attempt += 1;
    timer = setTimeout(() => void retry(), delay);
  };
  const retry = (fresh = false): Promise<void> => {
    cancel();
    if (disposed || !isFailed) return Promise.resolve();
    if (inFlight && !fresh) return inFlight;
    const mine = ++latest;
    const current = reload()
      .then(() => {
        if (disposed || mine !== latest) return;
        isFailed = false;
        attempt = 0;
        onRecovered();
      })
      .catch(() => {
        if (mine === latest) schedule();
      })
      .finally(() => {
        if (mine === latest) inFlight = undefined;
      });
    inFlight = current;
    return current;
  };
  const onOnline = () => {
    attempt = 0;
    void retry();
  };
  const onOffline = () => cancel();
  events.addEventListener('online', onOnline);
  events.addEventListener('offline', onOffline);

  return {
    failed() {
      if (disposed || isFailed) return;
      isFailed = true;
      attempt = 0;
      schedule();
    },
    retryNow: () => retry(),
    restart: () => retry(true),
    get isFailed() {
      return isFailed;
    },
    dispose() {
      disposed = true;
      cancel();
      events.removeEventListener('online', onOnline);
      events.removeEventListener('offline', onOffline);
    },
  };
}

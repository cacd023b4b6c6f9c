import type { AnalyticsStorage, DatalakeItem } from './types.ts';

/** spec §9: an analytics session lives 24 h. */
export const SESSION_LIFE_MS = 24 * 3_600_000;
/** spec §9: the outer tracking value `trk` is kept 3 h. */
export const TRK_LIFE_MS = 3 * 3_600_000;
/** spec §9: analytics calls time out after 30 s. */
export const ANALYTICS_TIMEOUT_MS = 30_000;
/** A batch goes when this many items wait, or `BATCH_INTERVAL_MS` after the first. */
export const BATCH_SIZE = 20;
export const BATCH_INTERVAL_MS = 5_000;
/** The service takes 1 to 100 items a batch. */
export const BATCH_MAX = 100;
/** A batch that keeps failing is tried this many times, then dropped. */
export const MAX_ATTEMPTS = 4;
/** Items held at most (the oldest go first): a page left open offline must not grow without end. */
export const QUEUE_LIMIT = 1_000;
/** A `Retry-After` longer than this is read as this. */
const MAX_RETRY_AFTER_MS = 300_000;
const TRK_MAX_LENGTH = 256;

export const SESSION_STORAGE_KEY = 'analytics_session';
export const TRK_STORAGE_KEY = 'analytics_trk';

interface StoredSession {
  hash: string;
  profile: string;
}

/** The page's platform, given by tests; the browser's own by default. */
export interface DatalakeEnvironment {
  fetch: typeof fetch;
  /** Where `visibilitychange` and `pagehide` are heard (the window: after the document's listeners, see `flushOnHide`). */
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  document: Pick<Document, 'visibilityState'>;
  navigator: Pick<Navigator, 'userAgent'> & { sendBeacon?: Navigator['sendBeacon'] };
  screen: Pick<Screen, 'width' | 'height'>;
}

export interface DatalakeClientOptions {
  /** The service's base URL (settings `analytics_url`). */
  url: string;
  /** The channel's profile key (settings `analytics_key`). */
  profile: string;
  storage: AnalyticsStorage;
  env?: Partial<DatalakeEnvironment>;
}

export interface DatalakeClient {
  /** Queues one item; the `trk` kept from the page's address rides along. */
  push(item: DatalakeItem): void;
  /** Sends what waits now (a batch at a time); resolves when that attempt is over. */
  flush(): Promise<void>;
  /** Hands what waits to `sendBeacon`, which outlives the page. */
  flushOnHide(): void;
  dispose(): void;
}

interface Answer {
  status: number;
  json: unknown;
  retryAfterMs: number | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** spec §7 `device_type`, from the user agent (the only thing every browser tells). */
export function deviceType(userAgent: string): 'mobile' | 'tablet' | 'desktop' {
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  return /Mobi|iPhone|iPod|Android|IEMobile|Opera Mini/i.test(userAgent) ? 'mobile' : 'desktop';
}

/** `Retry-After` in seconds or as a date, in milliseconds from now, bounded. */
function retryAfter(header: string | null, now: number): number | null {
  if (!header) return null;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS) : null;
}

/**
 * The site's client of the analytics service (spec §7, §9): it creates the session when there is
 * none (GET /datalake/hash/, then POST /datalake/session/), keeps it 24 h under the site's storage
 * prefix, and sends the queued items to POST /datalake/batch/ every few seconds or every
 * `BATCH_SIZE` items. A failed batch is retried `MAX_ATTEMPTS` times at most, after the service's
 * `Retry-After` on a 429; an answer naming the data bad drops it (sending it again cannot succeed).
 * When the page hides, what waits goes by `sendBeacon`, so the last events are not lost.
 */
export function createDatalakeClient(options: DatalakeClientOptions): DatalakeClient {
  const env: DatalakeEnvironment = {
    fetch: (input, init) => globalThis.fetch(input, init),
    target: window,
    document,
    navigator,
    screen,
    ...options.env,
  };
  const { profile, storage } = options;
  const base = options.url.replace(/\/+$/, '');
  const queue: DatalakeItem[] = [];
  /** The items at the head of the queue that a batch request is carrying now. */
  let inFlight = 0;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sessionPromise: Promise<string> | null = null;
  /** The service refused the profile key: nothing more is sent from this page. */
  let refused = false;

  async function send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), ANALYTICS_TIMEOUT_MS);
    try {
      // text/plain JSON: a simple request, so no preflight (the service reads it as JSON).
      const response = await env.fetch(base + path, {
        method,
        signal: controller.signal,
        credentials: 'omit',
        keepalive: method === 'POST',
        ...(body === undefined ? {} : { headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(body) }),
      });
      const text = await response.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        // A proxy's HTML error page: the status says enough.
      }
      return { status: response.status, json, retryAfterMs: retryAfter(response.headers.get('Retry-After'), Date.now()) };
    } finally {
      clearTimeout(timeout);
    }
  }

  function storedHash(): string | null {
    const stored = storage.get<StoredSession>(SESSION_STORAGE_KEY);
    // A session is signed for one profile: another channel's (or a changed key's) is not reused.
    return isRecord(stored) && stored.profile === profile && typeof stored.hash === 'string' ? stored.hash : null;
  }

  function session(): Promise<string> {
    const hash = storedHash();
    if (hash) return Promise.resolve(hash);
    sessionPromise ??= (async () => {
      const answer = await send('GET', `/datalake/hash/?profile=${encodeURIComponent(profile)}`);
      const created = isRecord(answer.json) ? answer.json.data : undefined;
      if (answer.status !== 200 || typeof created !== 'string') throw answer;
      const { width, height } = env.screen;
      const userAgent = env.navigator.userAgent;
      const started = await send('POST', '/datalake/session/', {
        profile,
        session: created,
        device_type: deviceType(userAgent),
        user_agent: userAgent,
        resolution: `${width}x${height}`,
        platform: 'web',
      });
      if (started.status !== 200) throw started;
      storage.set(SESSION_STORAGE_KEY, { hash: created, profile } satisfies StoredSession, SESSION_LIFE_MS);
      return created;
    })().finally(() => {
      sessionPromise = null;
    });
    return sessionPromise;
  }

  function schedule(delay: number): void {
    if (timer !== undefined || refused) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, delay);
  }

  function drop(count: number): void {
    queue.splice(0, count);
    attempts = 0;
  }

  /** A failed attempt: tried again after `delay`, or dropped once it has had its tries. */
  function failed(count: number, delay: number): void {
    attempts += 1;
    if (attempts >= MAX_ATTEMPTS) drop(count);
    else {
      clearTimeout(timer);
      timer = undefined;
      schedule(delay);
    }
  }

  async function flush(): Promise<void> {
    if (inFlight > 0 || refused || queue.length === 0) return;
    clearTimeout(timer);
    timer = undefined;
    const items = queue.slice(0, BATCH_MAX);
    inFlight = items.length;
    const backoff = 1_000 * 2 ** attempts;
    try {
      const answer = await send('POST', '/datalake/batch/', { profile, session_uuid: await session(), items });
      if (answer.status === 200) drop(items.length);
      else throw answer;
    } catch (caught) {
      const answer = isRecord(caught) && typeof caught.status === 'number' ? (caught as unknown as Answer) : null;
      const field = isRecord(answer?.json) ? answer.json.field : undefined;
      if (answer?.status === 401 && field === 'session_uuid') {
        // The service no longer knows the session (its secret changed): a new one, and try again.
        storage.remove(SESSION_STORAGE_KEY);
        failed(items.length, 0);
      } else if (answer?.status === 401) {
        refused = true;
        queue.length = 0;
      } else if (answer?.status === 429) failed(items.length, answer.retryAfterMs ?? backoff);
      else if (answer && answer.status >= 400 && answer.status < 500) drop(items.length);
      // A network failure, a time-out or a 5xx.
      else failed(items.length, backoff);
    } finally {
      inFlight = 0;
    }
    if (queue.length >= BATCH_SIZE && attempts === 0) void flush();
    else if (queue.length > 0) schedule(BATCH_INTERVAL_MS);
  }

  function flushOnHide(): void {
    const hash = storedHash();
    const beacon = env.navigator.sendBeacon?.bind(env.navigator);
    // Without a session there is nothing to send them with; they wait for the page's return.
    if (!hash || !beacon || refused) return;
    while (queue.length > inFlight) {
      const items = queue.slice(inFlight, inFlight + BATCH_MAX);
      // A string goes as text/plain, which the service reads as JSON.
      if (!beacon(`${base}/datalake/batch/`, JSON.stringify({ profile, session_uuid: hash, items }))) break;
      queue.splice(inFlight, items.length);
    }
  }

  // spec §4: the session is made at startup when absent, not with the first event.
  session().catch((caught: unknown) => {
    const answer = isRecord(caught) && typeof caught.status === 'number' ? (caught as unknown as Answer) : null;
    // The service does not know this profile key: nothing more is sent from this page. Any other
    // failure is tried again with the next batch.
    if (answer?.status === 401 && isRecord(answer.json) && answer.json.field === 'profile') {
      refused = true;
      queue.length = 0;
    }
  });

  // The player reports its last partial beat from the document's own `visibilitychange` listener,
  // which runs before this one on the window (the event bubbles from the document to the window).
  const onVisibility = () => {
    if (env.document.visibilityState === 'hidden') flushOnHide();
  };
  env.target.addEventListener('visibilitychange', onVisibility);
  env.target.addEventListener('pagehide', flushOnHide);

  return {
    push(item) {
      if (refused) return;
      const origin = item.body.origin_url;
      if (typeof origin === 'string' && URL.canParse(origin)) {
        const trk = new URL(origin).searchParams.get('trk');
        // spec §7: the outer tracking value, kept 3 h and forwarded on every call.
        if (trk && trk.length <= TRK_MAX_LENGTH) storage.set(TRK_STORAGE_KEY, trk, TRK_LIFE_MS);
      }
      const trk = storage.get<string>(TRK_STORAGE_KEY);
      queue.push(typeof trk === 'string' ? { call: item.call, body: { ...item.body, trk } } : item);
      if (queue.length - inFlight > QUEUE_LIMIT) queue.splice(inFlight, 1);
      if (queue.length - inFlight >= BATCH_SIZE) void flush();
      else schedule(BATCH_INTERVAL_MS);
    },
    flush,
    flushOnHide,
    dispose() {
      clearTimeout(timer);
      timer = undefined;
      env.target.removeEventListener('visibilitychange', onVisibility);
      env.target.removeEventListener('pagehide', flushOnHide);
    },
  };
}

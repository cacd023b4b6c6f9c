import { createDedupe, dedupeKey } from './dedupe.ts';
import { createEventBus, createFailingUrls } from './events.ts';
import type { ApiClientEvent } from './events.ts';
import { assertChannelKeySource, createKeys, DEFAULT_KEY_LIFE_MS, STORAGE_KEYS } from './keys.ts';
import type { ChannelKeySource } from './keys.ts';
import { createErrorReports } from './reports.ts';
import type { Fail, RequestErrorReport } from './reports.ts';
import { createCallRunner, DEFAULT_RETRY_DELAY_MS, isCrash } from './retry.ts';
import type { RequestOptions } from './retry.ts';
import { createExpiringStorage, defaultStorage } from './storage.ts';
import type { ExpiringStorage, KeyValueStorage } from './storage.ts';
import { createTransport, DEFAULT_TIMEOUT_MS } from './transport.ts';
import { joinUrl, withQuery } from './url.ts';

export { DEFAULT_KEY_LIFE_MS, KEY_CRASH_CODES, STORAGE_KEYS } from './keys.ts';
export type { ChannelKeySource } from './keys.ts';
export { DEFAULT_RETRY_DELAY_MS } from './retry.ts';
export type { RequestOptions } from './retry.ts';
export { DEFAULT_TIMEOUT_MS } from './transport.ts';
export type { HttpMethod } from './transport.ts';
export type { ApiClientEvent } from './events.ts';
export type { RequestErrorReport } from './reports.ts';

export type ApiClientOptions = ChannelKeySource & ApiClientSettings;

export interface ApiClientSettings {
  /** The API base, e.g. '/api' or 'http://localhost:8080/api'. */
  baseUrl: string;
  /** The product key prefix of every stored entry, e.g. 'grandstand:northfield:'. */
  storagePrefix: string;
  /** Default: globalThis.localStorage when usable, else memory. */
  storage?: KeyValueStorage;
  /** Default: globalThis.fetch. */
  fetch?: typeof fetch;
  /** Default 30000 (spec §9). */
  timeoutMs?: number;
  /** Default about 360 days (spec §9). */
  keyLifeMs?: number;
  /** Receives a report of every failure but canceled requests and a tolerated 401 (spec §7). */
  reporter?: (report: RequestErrorReport) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface ApiClient {
  /** Resolves with the parsed JSON body (e.g. { data }). */
  request<T = unknown>(options: RequestOptions): Promise<T>;
  /** Startup steps 1 and 2 (spec §4): key file, then POST /get_api_key; cached. */
  getApiKey(): Promise<string>;
  getChannelKey(): Promise<string>;
  /** Forgets both keys (logout, the reload button). */
  clearKeys(): void;
  /**
   * Stores the key a login, a registration or a social login answered (the session is the
   * api key) as if it had been fetched; calls already in flight keep the key they were sent with.
   */
  setApiKey(key: string): void;
  subscribe(listener: (event: ApiClientEvent) => void): () => void;
  /**
   * Receives the report of every failure `reporter` receives (spec §7: the request error reports),
   * for a reporter that starts after the client, once the channel's settings are in. The report
   * names no api key; its request data is the call's own (a login's password included), for the
   * listener to scrub. Returns the unsubscribe.
   */
  onRequestError(listener: (report: RequestErrorReport) => void): () => void;
  /** Prefixed storage with expiry. */
  storage: ExpiringStorage;
}

/**
 * The Grandstand transport: keys, api_key on every call, dedupe, time-outs, retries and the error
 * catalogue of spec §8. Framework-free: only fetch, AbortController and a storage object.
 *
 * @example
 * const client = createApiClient({ baseUrl: '/api', channelKeyUrl: CHANNEL_KEY_FILE, storagePrefix: 'grandstand:northfield:' });
 * // An app served from its own origin, built for one channel:
 * const remote = createApiClient({ baseUrl: 'https://watch.northfield.example/api', channelKey: 'nf_pub_…', storagePrefix: 'grandstand:northfield:' });
 * const { data } = await client.request<{ data: ChannelSettings }>({ url: '/settings', crashCodes: ['5xx', '4xx'] });
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  assertChannelKeySource(options);
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const keyLifeMs = options.keyLifeMs ?? DEFAULT_KEY_LIFE_MS;
  const storage = createExpiringStorage({ storage: options.storage ?? defaultStorage(), prefix: options.storagePrefix, defaultLifeMs: keyLifeMs, now });
  const events = createEventBus();
  const reports = createErrorReports({ now, reporter: options.reporter });
  const fail: Fail = (error, requestData, crashCodes) => {
    if (reports.report(error, requestData) && isCrash(error, crashCodes)) {
      events.emit({ type: 'global-error', reason: 'crash', status: error.status, url: error.url });
    }
  };
  const send = createTransport({ fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)), timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS });
  const source: ChannelKeySource = options.channelKey !== undefined ? { channelKey: options.channelKey } : { channelKeyUrl: options.channelKeyUrl };
  const keys = createKeys({ source, baseUrl: options.baseUrl, storage, keyLifeMs, retryDelayMs: DEFAULT_RETRY_DELAY_MS, send, fail, sleep });
  const run = createCallRunner({
    baseUrl: options.baseUrl,
    keys,
    send,
    fail,
    emit: events.emit,
    setFailing: createFailingUrls(events.emit),
    clearUser: () => {
      storage.remove(STORAGE_KEYS.user);
      events.emit({ type: 'user-cleared' });
    },
    sleep,
  });
  const dedupe = createDedupe();

  return {
    request<T = unknown>(request: RequestOptions): Promise<T> {
      const method = request.method ?? 'GET';
      const url = withQuery(joinUrl(options.baseUrl, request.url), request.params);
      return dedupe.share<T>(dedupeKey(method, request.url, request.params, request.body), url, request.signal, (signal) => run(request, signal));
    },
    getApiKey: keys.getApiKey,
    getChannelKey: keys.getChannelKey,
    clearKeys: keys.clearKeys,
    setApiKey: keys.setApiKey,
    subscribe: events.subscribe,
    onRequestError: reports.subscribe,
    storage,
  };
}

import { KEY_FIELDS, KEY_INVALID_STATUS } from '@grandstand/contract';
import type { ApiErrorBody, ChannelKeyFile, GetApiKeyResponse } from '@grandstand/contract';
import type { KeyField } from '@grandstand/contract';
import { ApiError, CANCELED_MESSAGE } from './ApiError.ts';
import { createExpiringStorage, defaultStorage } from './storage.ts';
import type { ExpiringStorage, KeyValueStorage } from './storage.ts';
import { joinUrl, matchesCrashCode, stableStringify, withQuery } from './url.ts';
import type { QueryParams } from './url.ts';

/** spec §9: request time-out 30000 ms. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** spec §8 and §9: retry delay default 1000 ms. */
export const DEFAULT_RETRY_DELAY_MS = 1_000;
/** spec §9: local storage entries live about 360 days. */
export const DEFAULT_KEY_LIFE_MS = 360 * 24 * 60 * 60 * 1000;
/** spec §8: the key calls crash the site on any 4xx or 5xx, since nothing works without a key. */
export const KEY_CRASH_CODES: readonly string[] = ['5xx', '4xx'];
/** The entries the client keeps in storage, under the product prefix. */
export const STORAGE_KEYS = { channelKey: 'channel_key', apiKey: 'api_key', user: 'user' } as const;

const THROTTLED_STATUS = 429;
const UNAUTHENTICATED_STATUS = 401;

export interface RequestErrorReport {
  /** ISO date of the failure. */
  date: string;
  status: number | null;
  message: string;
  requestData: unknown;
  url: string;
}

/**
 * Where the client gets the channel key (spec §4 startup step 1): exactly one of the two.
 * - `channelKeyUrl`: the channel key file (contract CHANNEL_KEY_FILE), which answers
 *   { channel_key }: the channel's own site, served by the server that knows the channel by host.
 * - `channelKey`: the key itself (it is public), for an app served elsewhere (its own origin, a CDN)
 *   that is built for one channel: no file is read, and nothing is stored for it.
 */
export type ChannelKeySource = { channelKeyUrl: string; channelKey?: never } | { channelKey: string; channelKeyUrl?: never };

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

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Default GET. */
  method?: HttpMethod;
  /** A path under baseUrl, e.g. '/settings'. */
  url: string;
  params?: QueryParams;
  body?: Record<string, unknown>;
  signal?: AbortSignal;
  /** Extra attempts on a network error, a time-out or a 5xx; default 0. */
  retry?: number;
  /** Default 1000 ms; also the pause before the retry with a fresh key. */
  retryDelay?: number;
  /** Status patterns ('5xx', '4xx', '404') that raise the global crash error... */
  crashCodes?: string[];
  /** ...unless allowed. */
  allowCrash?: boolean;
  /** The profile call: a 401 rejects quietly, with no report and no key clearing. */
  tolerate401?: boolean;
  /** Calls where "none" is an answer (spec §7: custom forms): a 404 rejects with no report. */
  tolerate404?: boolean;
}

export type ApiClientEvent =
  | { type: 'global-error'; reason: 'throttled' | 'crash'; status: number | null; url: string }
  | { type: 'api-key-error'; failingUrls: string[] }
  | { type: 'user-cleared' };

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

interface Exchange {
  method: HttpMethod;
  /** What is fetched: may carry the api_key. */
  fetchUrl: string;
  /** What errors and reports name: never carries the api_key. */
  url: string;
  body?: unknown;
  signal?: AbortSignal;
}

interface InFlight {
  promise: Promise<unknown>;
  controller: AbortController;
  /** Callers that passed a signal and have not aborted; a caller without one counts for ever. */
  callers: number;
}

interface SharedSlot<T> {
  current: Promise<T> | null;
}

function canceledError(url: string): ApiError {
  return new ApiError({ message: CANCELED_MESSAGE, kind: 'canceled', status: null, url });
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

// The three shapes the transport reads, checked by hand against the contract's types: the schemas
// themselves stay on the server so the viewer's JavaScript carries no zod (architecture).

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An error answer's message, field and per-field errors, when it has them. */
function readErrorBody(value: unknown): ApiErrorBody | null {
  if (!isRecord(value) || typeof value.message !== 'string') return null;
  const body: ApiErrorBody = { message: value.message };
  if (typeof value.field === 'string') body.field = value.field;
  if (isRecord(value.errors)) {
    body.errors = Object.fromEntries(
      Object.entries(value.errors).filter((entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].every((m) => typeof m === 'string')),
    );
  }
  return body;
}

function readChannelKey(value: unknown): ChannelKeyFile['channel_key'] | null {
  return isRecord(value) && typeof value.channel_key === 'string' && value.channel_key !== '' ? value.channel_key : null;
}

function readApiKey(value: unknown): GetApiKeyResponse['data']['api_key'] | null {
  if (!isRecord(value) || !isRecord(value.data)) return null;
  const apiKey = value.data.api_key;
  return typeof apiKey === 'string' && apiKey !== '' ? apiKey : null;
}

/** The key the server names invalid (spec §8); channel_key first, as it invalidates both. */
function invalidKeyField(status: number, body: ApiErrorBody | null): KeyField | undefined {
  if (status !== KEY_INVALID_STATUS || !body?.errors) return undefined;
  const errors = body.errors;
  const order: readonly KeyField[] = ['channel_key', 'api_key'];
  return order.find((field) => KEY_FIELDS.includes(field) && errors[field] !== undefined);
}

/** Resolves or rejects with `promise`, unless `signal` aborts first: then rejects as canceled. */
function untilCanceled<T>(promise: Promise<T>, signal: AbortSignal, url: string): Promise<T> {
  if (signal.aborted) return Promise.reject(canceledError(url));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(canceledError(url));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function shared<T>(slot: SharedSlot<T>, run: () => Promise<T>): Promise<T> {
  if (slot.current) return slot.current;
  const promise = run().finally(() => {
    if (slot.current === promise) slot.current = null;
  });
  slot.current = promise;
  return promise;
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
  // Checked at run time too: a JavaScript caller gets no type error for giving both, or neither.
  const given = [options.channelKey, options.channelKeyUrl].filter((value) => value !== undefined);
  if (given.length !== 1) throw new Error('createApiClient needs exactly one of channelKey and channelKeyUrl');
  if (typeof given[0] !== 'string' || given[0] === '') throw new Error('createApiClient needs a non-empty channelKey or channelKeyUrl');
  const fixedChannelKey = options.channelKey;
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const keyLifeMs = options.keyLifeMs ?? DEFAULT_KEY_LIFE_MS;
  const storage = createExpiringStorage({
    storage: options.storage ?? defaultStorage(),
    prefix: options.storagePrefix,
    defaultLifeMs: keyLifeMs,
    now,
  });

  const listeners = new Set<(event: ApiClientEvent) => void>();
  const reporters = new Set<(report: RequestErrorReport) => void>();
  if (options.reporter) reporters.add(options.reporter);
  const failingUrls = new Set<string>();
  const inFlight = new Map<string, InFlight>();
  const reported = new WeakSet<ApiError>();
  const channelKeySlot: SharedSlot<string> = { current: null };
  const apiKeySlot: SharedSlot<string> = { current: null };
  // Bumped when keys are cleared, so a key fetch started before does not store a stale key.
  let keyGeneration = 0;

  function emit(event: ApiClientEvent): void {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        // A broken listener must not break the transport, but must not go unnoticed either.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  function setFailing(url: string, failing: boolean): void {
    if (failingUrls.has(url) === failing) return;
    if (failing) failingUrls.add(url);
    else failingUrls.delete(url);
    emit({ type: 'api-key-error', failingUrls: [...failingUrls] });
  }

  function clearUser(): void {
    storage.remove(STORAGE_KEYS.user);
    emit({ type: 'user-cleared' });
  }

  /** Reports a failure once (spec §7) and raises the crash error when its status is a crash code. */
  function fail(error: ApiError, requestData: unknown, crashCodes: readonly string[] | undefined): void {
    if (error.kind === 'canceled' || reported.has(error)) return;
    reported.add(error);
    const report: RequestErrorReport = { date: new Date(now()).toISOString(), status: error.status, message: error.message, requestData, url: error.url };
    for (const reporter of [...reporters]) {
      try {
        reporter(report);
      } catch {
        // Reports are for observability only; a failing reporter never changes the outcome.
      }
    }
    const answeredAsCrash = error.kind === 'http' || error.kind === 'key-invalid';
    if (answeredAsCrash && matchesCrashCode(error.status, crashCodes)) {
      emit({ type: 'global-error', reason: 'crash', status: error.status, url: error.url });
    }
  }

  /** One HTTP exchange with the time-out; resolves with the JSON of a 200, rejects with an ApiError. */
  async function send(exchange: Exchange): Promise<unknown> {
    const { url } = exchange;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    exchange.signal?.addEventListener('abort', onCallerAbort, { once: true });
    if (exchange.signal?.aborted) controller.abort();

    let status: number;
    let text: string;
    try {
      const headers: Record<string, string> = { Accept: 'application/json' };
      const init: RequestInit = { method: exchange.method, headers, signal: controller.signal };
      if (exchange.body !== undefined) {
        headers['Content-Type'] = 'application/json';
        init.body = JSON.stringify(exchange.body);
      }
      const response = await fetchFn(exchange.fetchUrl, init);
      status = response.status;
      text = await response.text();
    } catch (cause) {
      if (exchange.signal?.aborted) throw canceledError(url);
      if (timedOut) {
        throw new ApiError({ message: `The server did not answer within ${timeoutMs} ms`, kind: 'timeout', status: null, url });
      }
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new ApiError({ message: `The server could not be reached: ${reason}`, kind: 'network', status: null, url });
    } finally {
      clearTimeout(timer);
      exchange.signal?.removeEventListener('abort', onCallerAbort);
    }

    const json = parseJson(text);
    if (status === 200) {
      if (!json.ok) throw new ApiError({ message: 'The server answered with a body that is not JSON', kind: 'http', status, url, body: text });
      return json.value;
    }
    if (status >= 200 && status < 300) {
      // spec §8: a success status other than 200 is rejected.
      throw new ApiError({ message: `The server answered ${status} where 200 was expected`, kind: 'http', status, url, body: json.ok ? json.value : text });
    }
    const errorBody = json.ok ? readErrorBody(json.value) : null;
    const keyField = invalidKeyField(status, errorBody);
    const kind = keyField ? 'key-invalid' : status === THROTTLED_STATUS ? 'throttled' : status === UNAUTHENTICATED_STATUS ? 'unauthenticated' : 'http';
    const fallback = json.ok || text === '' ? `The server answered ${status}` : `The server answered ${status} with a body that is not JSON`;
    const field = keyField ?? errorBody?.field;
    throw new ApiError({
      message: errorBody?.message ?? fallback,
      kind,
      status,
      url,
      body: json.ok ? json.value : text,
      ...(field !== undefined ? { field } : {}),
    });
  }

  function asApiError(error: unknown, url: string): ApiError {
    if (error instanceof ApiError) return error;
    return new ApiError({ message: error instanceof Error ? error.message : String(error), kind: 'network', status: null, url });
  }

  function getChannelKey(): Promise<string> {
    if (fixedChannelKey !== undefined) return Promise.resolve(fixedChannelKey);
    const cached = storage.get<unknown>(STORAGE_KEYS.channelKey);
    if (typeof cached === 'string' && cached) return Promise.resolve(cached);
    return shared(channelKeySlot, async () => {
      const generation = keyGeneration;
      const url = options.channelKeyUrl ?? '';
      let channelKey: string;
      try {
        const read = readChannelKey(await send({ method: 'GET', fetchUrl: url, url }));
        if (read === null) throw new ApiError({ message: 'The channel key file has no channel_key', kind: 'http', status: 200, url });
        channelKey = read;
      } catch (error) {
        fail(asApiError(error, url), { method: 'GET' }, KEY_CRASH_CODES);
        throw error;
      }
      if (generation === keyGeneration) storage.set(STORAGE_KEYS.channelKey, channelKey, keyLifeMs);
      return channelKey;
    });
  }

  async function exchangeChannelKey(channelKey: string): Promise<string> {
    const url = joinUrl(options.baseUrl, '/get_api_key');
    const apiKey = readApiKey(await send({ method: 'POST', fetchUrl: url, url, body: { channel_key: channelKey } }));
    if (apiKey === null) throw new ApiError({ message: 'The api key answer has no data.api_key', kind: 'http', status: 200, url });
    return apiKey;
  }

  function getApiKey(): Promise<string> {
    const cached = storage.get<unknown>(STORAGE_KEYS.apiKey);
    if (typeof cached === 'string' && cached) return Promise.resolve(cached);
    return shared(apiKeySlot, async () => {
      const generation = keyGeneration;
      // A key given to the client is the only one it has: refused, it is not worth a second try.
      const channelKeyWasStored = fixedChannelKey === undefined && storage.get<unknown>(STORAGE_KEYS.channelKey) !== null;
      let apiKey: string;
      try {
        apiKey = await exchangeChannelKey(await getChannelKey());
      } catch (error) {
        const apiError = asApiError(error, joinUrl(options.baseUrl, '/get_api_key'));
        if (apiError.kind === 'key-invalid') storage.remove(STORAGE_KEYS.channelKey);
        if (!(channelKeyWasStored && apiError.kind === 'key-invalid')) {
          fail(apiError, { method: 'POST' }, KEY_CRASH_CODES);
          throw apiError;
        }
        // spec §8: a stored channel key the server no longer knows is discarded and fetched afresh, once.
        await sleep(DEFAULT_RETRY_DELAY_MS);
        try {
          apiKey = await exchangeChannelKey(await getChannelKey());
        } catch (second) {
          const secondError = asApiError(second, apiError.url);
          if (secondError.kind === 'key-invalid') storage.remove(STORAGE_KEYS.channelKey);
          fail(secondError, { method: 'POST' }, KEY_CRASH_CODES);
          throw secondError;
        }
      }
      if (generation === keyGeneration) storage.set(STORAGE_KEYS.apiKey, apiKey, keyLifeMs);
      return apiKey;
    });
  }

  function clearKeys(): void {
    keyGeneration += 1;
    storage.remove(STORAGE_KEYS.channelKey);
    storage.remove(STORAGE_KEYS.apiKey);
    channelKeySlot.current = null;
    apiKeySlot.current = null;
  }

  function setApiKey(key: string): void {
    if (key === '') throw new Error('setApiKey needs a non-empty key');
    // A key fetch still under way must not overwrite the session's key when it lands.
    keyGeneration += 1;
    apiKeySlot.current = null;
    storage.set(STORAGE_KEYS.apiKey, key, keyLifeMs);
  }

  /** Drops the api key the failed call used, unless a newer one already replaced it. */
  function discardApiKey(used: string): void {
    if (storage.get<unknown>(STORAGE_KEYS.apiKey) === used) storage.remove(STORAGE_KEYS.apiKey);
  }

  async function run(request: RequestOptions, signal: AbortSignal): Promise<unknown> {
    const method = request.method ?? 'GET';
    const url = withQuery(joinUrl(options.baseUrl, request.url), request.params);
    const requestData = { method, params: request.params, body: request.body };
    const retries = request.retry ?? 0;
    const retryDelay = request.retryDelay ?? DEFAULT_RETRY_DELAY_MS;
    // spec §7: api_key in the query string for GET and DELETE, in the body otherwise.
    const keyInQuery = method === 'GET' || method === 'DELETE';
    let attempt = 0;
    let keyRetried = false;

    for (;;) {
      // A failing key fetch rejects the call as it is; it was reported (and crashed) by the key fetch.
      const apiKey = await untilCanceled(getApiKey(), signal, url);
      let error: ApiError;
      try {
        const body = await send({
          method,
          url,
          fetchUrl: keyInQuery ? withQuery(url, { api_key: apiKey }) : url,
          body: keyInQuery ? request.body : { ...request.body, api_key: apiKey },
          signal,
        });
        setFailing(request.url, false);
        return body;
      } catch (caught) {
        error = asApiError(caught, url);
      }

      if (error.kind === 'canceled') throw error;

      if (error.kind === 'key-invalid') {
        // spec §8: stored keys are cleared, the api-key error is raised, and the call is retried
        // once after the retry delay with a fresh key. A channel key error clears both keys.
        if (error.field === 'channel_key') clearKeys();
        else {
          discardApiKey(apiKey);
          clearUser();
        }
        setFailing(request.url, true);
        if (!keyRetried) {
          keyRetried = true;
          await untilCanceled(sleep(retryDelay), signal, url);
          continue;
        }
        fail(error, requestData, request.allowCrash ? undefined : request.crashCodes);
        throw error;
      }
      // The server answered without naming a key, so the key problem of this call is over.
      if (error.status !== null) setFailing(request.url, false);

      if (error.kind === 'throttled') {
        // spec §8: 429 is a global error and is never retried.
        emit({ type: 'global-error', reason: 'throttled', status: error.status, url });
        fail(error, requestData, undefined);
        throw error;
      }
      if (error.kind === 'unauthenticated') {
        // spec §4: an unauthenticated answer clears the user and the stored api key; the profile
        // call tolerates 401 without reporting and keeps the key.
        clearUser();
        if (request.tolerate401) throw error;
        discardApiKey(apiKey);
        fail(error, requestData, undefined);
        throw error;
      }
      if (error.status === 404 && request.tolerate404) throw error;
      const retryable = error.kind === 'network' || error.kind === 'timeout' || (error.status !== null && error.status >= 500);
      if (retryable && attempt < retries) {
        attempt += 1;
        await untilCanceled(sleep(retryDelay), signal, url);
        continue;
      }
      fail(error, requestData, request.allowCrash ? undefined : request.crashCodes);
      throw error;
    }
  }

  function join<T>(entry: InFlight, key: string, url: string, signal: AbortSignal | undefined): Promise<T> {
    entry.callers += 1;
    if (!signal) return entry.promise as Promise<T>;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        reject(canceledError(url));
        entry.callers -= 1;
        // The shared fetch stops only when every caller sharing it has gone.
        if (entry.callers === 0) {
          if (inFlight.get(key) === entry) inFlight.delete(key);
          entry.controller.abort();
        }
      };
      if (signal.aborted) {
        onAbort();
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      entry.promise.then(resolve as (value: unknown) => void, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  function request<T = unknown>(request: RequestOptions): Promise<T> {
    const method = request.method ?? 'GET';
    const url = withQuery(joinUrl(options.baseUrl, request.url), request.params);
    // spec §8: an identical request already in flight is shared.
    const key = [method, request.url, stableStringify(request.params ?? {}), stableStringify(request.body ?? null)].join(' ');
    let entry = inFlight.get(key);
    if (!entry) {
      const controller = new AbortController();
      const promise = run(request, controller.signal);
      const created: InFlight = { promise, controller, callers: 0 };
      entry = created;
      inFlight.set(key, created);
      // Callers receive the outcome through their own handlers; this one only ends the sharing.
      promise.then(
        () => undefined,
        () => undefined,
      ).finally(() => {
        if (inFlight.get(key) === created) inFlight.delete(key);
      });
    }
    return join<T>(entry, key, url, request.signal);
  }

  return {
    request,
    getApiKey,
    getChannelKey,
    clearKeys,
    setApiKey,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    onRequestError(listener) {
      // A wrapper, so the same function added twice is two subscriptions, each removed on its own.
      const entry = (report: RequestErrorReport) => listener(report);
      reporters.add(entry);
      return () => {
        reporters.delete(entry);
      };
    },
    storage,
  };
}

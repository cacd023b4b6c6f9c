import { asApiError } from './ApiError.ts';
import type { ApiError } from './ApiError.ts';
import type { ApiClientEvent } from './events.ts';
import type { Keys } from './keys.ts';
import type { Fail } from './reports.ts';
import { untilCanceled } from './transport.ts';
import type { HttpMethod, Send } from './transport.ts';
import { joinUrl, matchesCrashCode, withQuery } from './url.ts';
import type { QueryParams } from './url.ts';

/** spec §8 and §9: retry delay default 1000 ms. */
export const DEFAULT_RETRY_DELAY_MS = 1_000;

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

/** spec §8: a failure the server answered raises the crash error when its status is a crash code. */
export function isCrash(error: ApiError, crashCodes: readonly string[] | undefined): boolean {
  const answeredAsCrash = error.kind === 'http' || error.kind === 'key-invalid';
  return answeredAsCrash && matchesCrashCode(error.status, crashCodes);
}

/** spec §8: what a call's `retry` attempts again: a network error, a time-out or a 5xx. */
export function isRetryable(error: ApiError): boolean {
  return error.kind === 'network' || error.kind === 'timeout' || (error.status !== null && error.status >= 500);
}

export interface CallRunnerOptions {
  baseUrl: string;
  keys: Pick<Keys, 'getApiKey' | 'clearKeys' | 'discardApiKey'>;
  send: Send;
  fail: Fail;
  emit: (event: ApiClientEvent) => void;
  /** Marks a call as failing, or no longer failing, on its key (the api-key error). */
  setFailing: (url: string, failing: boolean) => void;
  /** Forgets the stored user (spec §4) and tells the app. */
  clearUser: () => void;
  sleep: (ms: number) => Promise<void>;
}

/**
 * One call to its end (spec §8): the api key on it, then what each failure means: a key the server
 * refused is replaced and the call tried once more, 429 is a global error never retried, 401 clears
 * the user, a network error, time-out or 5xx is retried as the call asks, and every failure is
 * reported with the call's crash codes.
 */
export function createCallRunner(options: CallRunnerOptions): (request: RequestOptions, signal: AbortSignal) => Promise<unknown> {
  const { keys, send, fail, emit, setFailing, clearUser, sleep } = options;
  return async function run(request, signal) {
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
      const apiKey = await untilCanceled(keys.getApiKey(), signal, url);
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
        if (error.field === 'channel_key') keys.clearKeys();
        else {
          keys.discardApiKey(apiKey);
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
        emit({ type: 'global-error', reason: 'throttled', status: error.status, url, ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }) });
        fail(error, requestData, undefined);
        throw error;
      }
      if (error.kind === 'unauthenticated') {
        // spec §4: an unauthenticated answer clears the user and the stored api key; the profile
        // call tolerates 401 without reporting and keeps the key.
        clearUser();
        if (request.tolerate401) throw error;
        keys.discardApiKey(apiKey);
        fail(error, requestData, undefined);
        throw error;
      }
      if (error.status === 404 && request.tolerate404) throw error;
      if (isRetryable(error) && attempt < retries) {
        attempt += 1;
        await untilCanceled(sleep(retryDelay), signal, url);
        continue;
      }
      fail(error, requestData, request.allowCrash ? undefined : request.crashCodes);
      throw error;
    }
  };
}

import { KEY_FIELDS, KEY_INVALID_STATUS } from '@grandstand/contract';
import type { ApiErrorBody, KeyField } from '@grandstand/contract';
import { ApiError, canceledError } from './ApiError.ts';

/** spec §9: request time-out 30000 ms. */
export const DEFAULT_TIMEOUT_MS = 30_000;

const THROTTLED_STATUS = 429;
const UNAUTHENTICATED_STATUS = 401;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Exchange {
  method: HttpMethod;
  /** What is fetched: may carry the api_key. */
  fetchUrl: string;
  /** What errors and reports name: never carries the api_key. */
  url: string;
  body?: unknown;
  signal?: AbortSignal;
}

/** One HTTP exchange: resolves with the JSON of a 200, rejects with an ApiError. */
export type Send = (exchange: Exchange) => Promise<unknown>;

export interface TransportOptions {
  fetch: typeof fetch;
  timeoutMs: number;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

// The shapes the transport reads are checked by hand against the contract's types: the schemas
// themselves stay on the server so the viewer's JavaScript carries no zod (architecture).

export function isRecord(value: unknown): value is Record<string, unknown> {
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

/** The key the server names invalid (spec §8); channel_key first, as it invalidates both. */
function invalidKeyField(status: number, body: ApiErrorBody | null): KeyField | undefined {
  if (status !== KEY_INVALID_STATUS || !body?.errors) return undefined;
  const errors = body.errors;
  const order: readonly KeyField[] = ['channel_key', 'api_key'];
  return order.find((field) => KEY_FIELDS.includes(field) && errors[field] !== undefined);
}

/**
 * A throttled answer's Retry-After (RFC 9110: delay-seconds or an HTTP date), in whole seconds
 * from `now`; undefined when absent or unreadable (the viewer is then told to wait a moment).
 */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * The exchange of one call with the server: JSON in and out, the time-out, the caller's cancel, and
 * every answer but a 200 turned into the ApiError of its kind (spec §8).
 */
export function createTransport(options: TransportOptions): Send {
  const { fetch: fetchFn, timeoutMs } = options;
  return async function send(exchange: Exchange): Promise<unknown> {
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
    let retryAfter: string | null = null;
    try {
      const headers: Record<string, string> = { Accept: 'application/json' };
      const init: RequestInit = { method: exchange.method, headers, signal: controller.signal };
      if (exchange.body !== undefined) {
        headers['Content-Type'] = 'application/json';
        init.body = JSON.stringify(exchange.body);
      }
      const response = await fetchFn(exchange.fetchUrl, init);
      status = response.status;
      if (status === THROTTLED_STATUS) retryAfter = response.headers.get('retry-after');
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
    const wait = kind === 'throttled' ? retryAfterSeconds(retryAfter) : undefined;
    throw new ApiError({
      message: errorBody?.message ?? fallback,
      kind,
      status,
      url,
      body: json.ok ? json.value : text,
      ...(field !== undefined ? { field } : {}),
      ...(wait !== undefined ? { retryAfterSeconds: wait } : {}),
    });
  };
}

/** Resolves or rejects with `promise`, unless `signal` aborts first: then rejects as canceled. */
export function untilCanceled<T>(promise: Promise<T>, signal: AbortSignal, url: string): Promise<T> {
  if (signal.aborted) return Promise.reject(canceledError(url));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(canceledError(url));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

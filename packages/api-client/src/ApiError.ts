/** What went wrong, so callers can react without parsing messages. */
export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'key-invalid' | 'throttled' | 'unauthenticated' | 'canceled';

export interface ApiErrorInit {
  message: string;
  kind: ApiErrorKind;
  status: number | null;
  url: string;
  body?: unknown;
  field?: string;
  /** A 429's wait before the server takes the call again (its Retry-After), in whole seconds. */
  retryAfterSeconds?: number;
}

/** spec §8: the message the server's cancel errors carry; a canceled request uses the same. */
export const CANCELED_MESSAGE = 'ERR_CANCELED';

/**
 * Every rejection of the client is an ApiError. `message` is the server's own message when the
 * answer carried one (contract ApiErrorBody), `field` the input the server named.
 */
export class ApiError extends Error {
  status: number | null;
  kind: ApiErrorKind;
  body: unknown;
  url: string;
  field?: string;
  retryAfterSeconds?: number;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.kind = init.kind;
    this.body = init.body;
    this.url = init.url;
    if (init.field !== undefined) this.field = init.field;
    if (init.retryAfterSeconds !== undefined) this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/**
 * spec §8: canceled requests pass silently. True for a canceled ApiError, a DOM AbortError and a
 * serialised error that kept its kind (the store's SerializedApiError).
 */
export function isCanceled(error: unknown): boolean {
  if (error instanceof ApiError) return error.kind === 'canceled';
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as { kind?: unknown; name?: unknown };
  return candidate.kind === 'canceled' || candidate.name === 'AbortError';
}

/** The rejection of a call its caller canceled (spec §8: canceled requests pass silently). */
export function canceledError(url: string): ApiError {
  return new ApiError({ message: CANCELED_MESSAGE, kind: 'canceled', status: null, url });
}

/** Whatever a call threw, as an ApiError: anything that is not one yet failed before an answer. */
export function asApiError(error: unknown, url: string): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError({ message: error instanceof Error ? error.message : String(error), kind: 'network', status: null, url });
}

import { ApiError } from '@grandstand/api-client';
import type { ApiClient, ApiErrorKind, RequestOptions } from '@grandstand/api-client';
import type { BaseQueryFn } from '@reduxjs/toolkit/query';

/** An ApiError as plain data, so RTK Query can keep it in the (serialisable) store. */
export interface SerializedApiError {
  status: number | null;
  kind: ApiErrorKind;
  message: string;
  field?: string;
  /** The refusal's machine code (ApiErrorBody `code`), where the server gives one: features map it to their own texts. */
  code?: string;
  /** A throttled call's wait before the server takes it again, in seconds, when the server said (spec §8). */
  retryAfterSeconds?: number;
}

export interface PopupResolver {
  resolve: () => void;
  reject: (reason: Error) => void;
}

/**
 * What the store hands thunks and base queries as their extra argument. Popup resolvers live here,
 * one map per store, because promises do not belong in the serialisable state.
 */
export interface StoreExtra {
  client: ApiClient;
  popupResolvers: Map<string, PopupResolver>;
}

/** Whether a query's or mutation's error is a failed call as `serializeApiError` describes it. */
export function isApiError(error: unknown): error is SerializedApiError {
  return typeof error === 'object' && error !== null && 'message' in error && 'kind' in error;
}

/** The input a refusal names (`{ message, field, code }`), if any: where a form puts the message and the focus. */
export function errorField(error: unknown): string | undefined {
  return isApiError(error) ? error.field : undefined;
}

export function serializeApiError(error: unknown): SerializedApiError {
  if (error instanceof ApiError) {
    // Written field by field: this runs in every page's startup code, within the home route's budget.
    const serialized: SerializedApiError = { status: error.status, kind: error.kind, message: error.message };
    if (error.field) serialized.field = error.field;
    const code = (error.body as { code?: unknown } | null | undefined)?.code;
    if (typeof code === 'string') serialized.code = code;
    if (error.retryAfterSeconds !== undefined) serialized.retryAfterSeconds = error.retryAfterSeconds;
    return serialized;
  }
  return { status: null, kind: 'network', message: error instanceof Error ? error.message : String(error) };
}

/**
 * The base query is a thin adapter (architecture: the transport is not RTK Query's business): it
 * takes the client from the thunk extra argument, passes RTK Query's abort signal along, and turns
 * an ApiError into data.
 */
export function clientBaseQuery(): BaseQueryFn<RequestOptions, unknown, SerializedApiError> {
  return async (args, api) => {
    const { client } = api.extra as StoreExtra;
    try {
      return { data: await client.request({ ...args, signal: api.signal }) };
    } catch (error) {
      return { error: serializeApiError(error) };
    }
  };
}

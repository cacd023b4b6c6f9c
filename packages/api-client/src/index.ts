export { ApiError, CANCELED_MESSAGE, isCanceled } from './ApiError.ts';
export type { ApiErrorKind } from './ApiError.ts';
export { createMemoryStorage } from './storage.ts';
export type { ExpiringStorage, KeyValueStorage } from './storage.ts';
export {
  createApiClient,
  DEFAULT_KEY_LIFE_MS,
  DEFAULT_RETRY_DELAY_MS,
  DEFAULT_TIMEOUT_MS,
  KEY_CRASH_CODES,
  STORAGE_KEYS,
} from './createApiClient.ts';
export type { ApiClient, ApiClientEvent, ApiClientOptions, ApiClientSettings, ChannelKeySource, HttpMethod, RequestErrorReport, RequestOptions } from './createApiClient.ts';
export type { QueryParams } from './url.ts';

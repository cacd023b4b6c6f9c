import { useTranslation } from 'react-i18next';
import { serverMessageKey } from './serverMessages.ts';

/**
 * What every failed call carries once the store has serialised it (kind and message; its status, a
 * throttle's wait, a refusal's code), recognised by its shape: this package knows nothing of the store.
 */
export function describesFailure(error: unknown): error is { kind: string; message: string; status?: unknown; code?: unknown; retryAfterSeconds?: unknown } {
  return typeof error === 'object' && error !== null && 'message' in error && 'kind' in error;
}

/** Up to this wait a throttle is told in seconds, beyond it in minutes (rounded up). */
const SECONDS_UP_TO = 90;

/**
 * A failed call as the viewer reads it (spec §8): a recognised server message translated, a 429 as
 * throttling with when to try again (the server's Retry-After, when it said), anything else as the
 * generic "Something went wrong" text.
 *
 * @example const errorText = useErrorText(); setMessage(errorText(error));
 */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation(['errors']);
  return (error) => {
    if (!describesFailure(error)) return t('errors:somethingWrong');
    if (error.kind === 'throttled') {
      const wait = error.retryAfterSeconds;
      if (typeof wait !== 'number' || !Number.isFinite(wait) || wait < 0) return t('errors:throttled');
      if (wait <= SECONDS_UP_TO) return t('errors:throttledSeconds', { count: Math.max(1, Math.ceil(wait)) });
      return t('errors:throttledMinutes', { count: Math.ceil(wait / 60) });
    }
    const key = serverMessageKey(error.message);
    return key ? t(key) : t('errors:somethingWrong');
  };
}

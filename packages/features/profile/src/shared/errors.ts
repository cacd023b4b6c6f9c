import { serverMessageKey, useTranslation } from '@grandstand/i18n';
import type { SerializedApiError } from '@grandstand/store';

function isApiError(error: unknown): error is SerializedApiError {
  return typeof error === 'object' && error !== null && 'message' in error && 'kind' in error;
}

/**
 * A failed call as the viewer reads it (spec §8): a recognised server message translated, a 429 as
 * throttling, anything else as the generic text.
 */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation(['errors']);
  return (error) => {
    if (!isApiError(error)) return t('errors:somethingWrong');
    if (error.kind === 'throttled') return t('errors:throttled');
    const key = serverMessageKey(error.message);
    return key ? t(key) : t('errors:somethingWrong');
  };
}

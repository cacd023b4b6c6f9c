import { useTranslation } from 'react-i18next';
import { serverMessageKey } from './serverMessages.ts';

/** What every failed call carries once the store has serialised it (kind and message). */
function describesFailure(error: unknown): error is { kind: string; message: string } {
  return typeof error === 'object' && error !== null && 'message' in error && 'kind' in error;
}

/**
 * A failed call as the viewer reads it (spec §8): a recognised server message translated, a 429 as
 * throttling, anything else as the generic "Something went wrong" text.
 *
 * @example const errorText = useErrorText(); setMessage(errorText(error));
 */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation(['errors']);
  return (error) => {
    if (!describesFailure(error)) return t('errors:somethingWrong');
    if (error.kind === 'throttled') return t('errors:throttled');
    const key = serverMessageKey(error.message);
    return key ? t(key) : t('errors:somethingWrong');
  };
}

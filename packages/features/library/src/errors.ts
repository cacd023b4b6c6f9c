import { CONSOLE_CODES, LIBRARY_ERROR_CODES } from '@grandstand/contract';
import { useErrorText, useTranslation } from '@grandstand/i18n';
import { isApiError } from '@grandstand/store';

const WORDED = new Set<string>([
  LIBRARY_ERROR_CODES.tooLarge,
  LIBRARY_ERROR_CODES.quota,
  LIBRARY_ERROR_CODES.notVideo,
  LIBRARY_ERROR_CODES.uploadNotFound,
  LIBRARY_ERROR_CODES.badPoster,
  LIBRARY_ERROR_CODES.notReady,
]);
type Worded = 'upload_too_large' | 'upload_quota' | 'upload_not_video' | 'upload_not_found' | 'poster_invalid' | 'library_not_ready';

/** The words of a refusal's machine code, when the library names it (uploads answer their code outside the api client). */
export function useLibraryCodeText(): (code: string | undefined) => string | null {
  const { t } = useTranslation('library');
  return (code) => (code !== undefined && WORDED.has(code) ? t(`errors.${code as Worded}`) : null);
}

/**
 * A failed call in the operator's language: the library's refusals in its words, a role's refusal,
 * another refusal as the server's message in English ("refused" in French), else the generic texts.
 */
export function useLibraryErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation('library');
  const generic = useErrorText();
  const coded = useLibraryCodeText();
  return (error) => {
    if (!isApiError(error)) return generic(error);
    const worded = coded(error.code);
    if (worded) return worded;
    if (error.code === CONSOLE_CODES.forbidden) return t('errors.forbidden');
    if (error.kind === 'http' && error.status !== null && error.status < 500) return i18n.language.startsWith('en') && error.message ? error.message : t('errors.refused');
    return generic(error);
  };
}

import { CONSOLE_CODES, OFFER_ERROR_CODES } from '@grandstand/contract';
import { useErrorText, useTranslation } from '@grandstand/i18n';
import { isApiError } from '@grandstand/store';

const WORDED: ReadonlySet<string> = new Set(Object.values(OFFER_ERROR_CODES));
type Worded = (typeof OFFER_ERROR_CODES)[keyof typeof OFFER_ERROR_CODES];

/**
 * A failed call in the operator's language: in English the server's own message for a refusal of
 * the input (it names the problem: "A team pass lets the buyer choose among at least one team."); in
 * French the refusal's code in this feature's words; the console's refusal of a role in its words;
 * anything else as the site's generic texts.
 */
export function useOffersErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation('offers');
  const generic = useErrorText();
  return (error) => {
    if (!isApiError(error)) return generic(error);
    if (error.code === CONSOLE_CODES.forbidden) return t('errors.forbidden');
    const refusal = error.kind === 'http' && error.status !== null && error.status < 500;
    if (refusal && i18n.language.startsWith('en') && error.message) return error.message;
    if (error.code !== undefined && WORDED.has(error.code)) return t(`errors.${error.code as Worded}`);
    return refusal ? t('errors.refused') : generic(error);
  };
}

/** The field a refusal names (`{ message, field, code }`), if any: `name`, `teamIds`, `code`… */
export function errorField(error: unknown): string | undefined {
  return isApiError(error) ? error.field : undefined;
}

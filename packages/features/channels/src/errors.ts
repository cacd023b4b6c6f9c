import { CHANNEL_ERROR_CODES, CONSOLE_CODES } from '@grandstand/contract';
import { useErrorText, useTranslation } from '@grandstand/i18n';
import { isApiError } from '@grandstand/store';

const WORDED: ReadonlySet<string> = new Set(Object.values(CHANNEL_ERROR_CODES));
type Worded = (typeof CHANNEL_ERROR_CODES)[keyof typeof CHANNEL_ERROR_CODES];

/**
 * A failed call in the operator's language: the channel refusals (a taken domain or address, a
 * refused logo, a suspended channel) and the console's refusal of a role in this feature's words;
 * another refusal of the input in English as the server's own message (it names the problem), in
 * French as "refused"; anything else as the site's generic texts.
 */
export function useChannelsErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation('channels');
  const generic = useErrorText();
  return (error) => {
    if (!isApiError(error)) return generic(error);
    if (error.code !== undefined && WORDED.has(error.code)) return t(`errors.${error.code as Worded}`);
    if (error.code === CONSOLE_CODES.forbidden) return t('errors.forbidden');
    if (error.kind === 'http' && error.status !== null && error.status < 500) return i18n.language.startsWith('en') && error.message ? error.message : t('errors.refused');
    return generic(error);
  };
}

/** The field a refusal names (`{ message, field, code }`), if any: `name`, `colors.primary-color`, `hostname`… */
export function errorField(error: unknown): string | undefined {
  return isApiError(error) ? error.field : undefined;
}

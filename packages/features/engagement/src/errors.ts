import { CONSOLE_CODES, ENGAGEMENT_CODES } from '@grandstand/contract';
import { useErrorText, useTranslation } from '@grandstand/i18n';
import { isApiError } from '@grandstand/store';

const WORDED = new Set<string>([ENGAGEMENT_CODES.pollOpen, ENGAGEMENT_CODES.pollClosed, ENGAGEMENT_CODES.eventNotFound, ENGAGEMENT_CODES.popupNotFound, ENGAGEMENT_CODES.offerNotFound]);
type Worded = 'POLL_ALREADY_OPEN' | 'POLL_CLOSED' | 'EVENT_NOT_FOUND' | 'POPUP_NOT_FOUND' | 'OFFER_NOT_FOUND';

/**
 * A failed call in the operator's language: the engagement refusals and the console's refusal of a
 * role in this feature's words; another refusal of the input in English as the server's own message
 * (it names the problem), in French as "refused"; anything else as the site's generic texts.
 */
export function useEngagementErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation('engagement');
  const generic = useErrorText();
  return (error) => {
    if (!isApiError(error)) return generic(error);
    if (error.code !== undefined && WORDED.has(error.code)) return t(`errors.${error.code as Worded}`);
    if (error.code === CONSOLE_CODES.forbidden) return t('errors.forbidden');
    if (error.kind === 'http' && error.status !== null && error.status < 500) return i18n.language.startsWith('en') && error.message ? error.message : t('errors.refused');
    return generic(error);
  };
}

/** The field a refusal names (`{ message, field, code }`), if any. */
export function errorField(error: unknown): string | undefined {
  return isApiError(error) ? error.field : undefined;
}

import { CONSOLE_CODES, ENGAGEMENT_CODES } from '@grandstand/contract';
import { useRefusalText } from '@grandstand/i18n';

export { errorField } from '@grandstand/store';

const WORDED = [ENGAGEMENT_CODES.pollOpen, ENGAGEMENT_CODES.pollClosed, ENGAGEMENT_CODES.eventNotFound, ENGAGEMENT_CODES.popupNotFound, ENGAGEMENT_CODES.offerNotFound];

/**
 * A failed call in the operator's language: the engagement refusals and the console's refusal of a
 * role in this feature's words; another refusal of the input in English as the server's own message
 * (it names the problem), in French as "refused"; anything else as the site's generic texts.
 */
export function useEngagementErrorText(): (error: unknown) => string {
  return useRefusalText('engagement', WORDED, { forbiddenCode: CONSOLE_CODES.forbidden });
}

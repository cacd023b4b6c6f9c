import { CONSOLE_CODES, OFFER_ERROR_CODES } from '@grandstand/contract';
import { useRefusalText } from '@grandstand/i18n';

export { errorField } from '@grandstand/store';

const WORDED = Object.values(OFFER_ERROR_CODES);

/**
 * A failed call in the operator's language: in English the server's own message for a refusal of
 * the input (it names the problem: "A team pass lets the buyer choose among at least one team."); in
 * French the refusal's code in this feature's words; the console's refusal of a role in its words;
 * anything else as the site's generic texts.
 */
export function useOffersErrorText(): (error: unknown) => string {
  return useRefusalText('offers', WORDED, { forbiddenCode: CONSOLE_CODES.forbidden, serverMessageFirst: true });
}

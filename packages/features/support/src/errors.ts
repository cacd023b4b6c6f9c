import { CONSOLE_CODES, SUPPORT_ERROR_CODES } from '@grandstand/contract';
import { useRefusalText } from '@grandstand/i18n';

const WORDED = Object.values(SUPPORT_ERROR_CODES);

/**
 * A failed call in the operator's language: in English the server's own message for a refusal (it
 * names the problem: "Only a paid order can be refunded; this one is refunded."); in French the
 * refusal's code in this feature's words; the console's refusal of a role in its words; anything
 * else as the site's generic texts.
 */
export function useSupportErrorText(): (error: unknown) => string {
  return useRefusalText('support', WORDED, { forbiddenCode: CONSOLE_CODES.forbidden, serverMessageFirst: true });
}

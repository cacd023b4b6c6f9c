import { CHANNEL_ERROR_CODES, CONSOLE_CODES } from '@grandstand/contract';
import { useRefusalText } from '@grandstand/i18n';

export { errorField } from '@grandstand/store';

const WORDED = Object.values(CHANNEL_ERROR_CODES);

/**
 * A failed call in the operator's language: the channel refusals (a taken domain or address, a
 * refused logo, a suspended channel) and the console's refusal of a role in this feature's words;
 * another refusal of the input in English as the server's own message (it names the problem), in
 * French as "refused"; anything else as the site's generic texts.
 */
export function useChannelsErrorText(): (error: unknown) => string {
  return useRefusalText('channels', WORDED, { forbiddenCode: CONSOLE_CODES.forbidden });
}

import { SCHEDULE_ERROR_CODES } from '@grandstand/contract';
import { useErrorText, useTranslation } from '@grandstand/i18n';
import { isApiError } from '@grandstand/store';

export { errorField } from '@grandstand/store';

/** Refusals the schedule words itself, in the operator's language. */
const WORDED = {
  [SCHEDULE_ERROR_CODES.nameRequired]: 'form.errors.nameOrTeams',
  [SCHEDULE_ERROR_CODES.sameTeams]: 'form.errors.sameTeam',
  [SCHEDULE_ERROR_CODES.priceRequired]: 'form.errors.positive',
  [SCHEDULE_ERROR_CODES.badTimeZone]: 'form.errors.timeZone',
  [SCHEDULE_ERROR_CODES.badDate]: 'form.errors.date',
  [SCHEDULE_ERROR_CODES.unknownReference]: 'form.errors.unknown',
  [SCHEDULE_ERROR_CODES.cancelled]: 'form.errors.cancelled',
  [SCHEDULE_ERROR_CODES.notFound]: 'form.errors.notFound',
  CONSOLE_FORBIDDEN: 'form.errors.forbidden',
} as const;

/**
 * What went wrong with a call, for the operator: a refusal the schedule knows in its own words; in
 * English the server's own message (it names the problem); otherwise the site's generic texts.
 */
export function useScheduleErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation('schedule');
  const generic = useErrorText();
  return (error) => {
    if (!isApiError(error)) return generic(error);
    const worded = error.code && error.code in WORDED ? WORDED[error.code as keyof typeof WORDED] : undefined;
    if (worded) return t(worded);
    if (error.kind === 'http' && error.status !== null && error.status < 500 && i18n.language.startsWith('en')) return error.message;
    return error.status !== null && error.status < 500 && error.kind === 'http' ? t('form.errors.refused') : generic(error);
  };
}

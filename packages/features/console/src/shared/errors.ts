import { CONSOLE_CODES } from '@grandstand/contract';
import type { ConsoleCode } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { isApiError } from '@grandstand/store';

const KNOWN: ReadonlySet<string> = new Set(Object.values(CONSOLE_CODES).filter((code) => code !== CONSOLE_CODES.invalid));

/** The refusal's code when the server gave one of the console's (packages/contract CONSOLE_CODES). */
export function consoleCodeOf(error: unknown): ConsoleCode | undefined {
  if (!isApiError(error)) return undefined;
  if (error.kind === 'throttled') return CONSOLE_CODES.throttled;
  return error.code !== undefined && KNOWN.has(error.code) ? (error.code as ConsoleCode) : undefined;
}

/** The field the server named in its refusal (`{ message, field, code }`), for the form to mark. */
export function consoleFieldOf(error: unknown): string | undefined {
  return isApiError(error) ? error.field : undefined;
}

/**
 * A failed console call in the operator's language: the console's codes in its own words; a
 * refusal of the input (`INVALID`) as the server's message, which names the field; anything else
 * as "Something went wrong".
 */
export function useConsoleErrorText(): (error: unknown) => string {
  const { t } = useTranslation('console');
  return (error) => {
    const code = consoleCodeOf(error);
    if (code) return t(`errors.${code as Exclude<ConsoleCode, 'INVALID'>}`);
    if (isApiError(error) && error.code === CONSOLE_CODES.invalid && error.message) return error.message;
    return t('errors.generic');
  };
}

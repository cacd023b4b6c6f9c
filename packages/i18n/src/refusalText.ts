import type { CustomTypeOptions } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { describesFailure, useErrorText } from './errorText.ts';

/**
 * The codes a namespace words under `errors.<code>`: checked against its English texts where the
 * namespace is typed (a feature's `FeatureResources`), any code where it is not.
 */
export type WordedCode<N extends string> = N extends keyof CustomTypeOptions['resources']
  ? CustomTypeOptions['resources'][N] extends { errors: infer E }
    ? Extract<keyof E, string>
    : never
  : string;

export interface RefusalTextOptions {
  /** The code of the console's refusal of a role (`CONSOLE_CODES.forbidden`), told in `errors.forbidden`. */
  forbiddenCode: string;
  /**
   * `true`: in English, a refusal reads as the server's own message even when its code has words of
   * the namespace (the message names the problem more closely, as an offer's rules do), and the role
   * refusal comes before both. `false` (the default): the namespace's words come first, the server's
   * message only for the refusals it has no words for.
   */
  serverMessageFirst?: boolean;
}

/**
 * A failed call of the control room in the operator's language, from a feature's namespace: a
 * refusal (an HTTP answer under 500) whose code is one of `wordedCodes` in `errors.<code>`, the role
 * refusal in `errors.forbidden`, another refusal in English as the server's own message and in other
 * languages as `errors.refused`; anything else (a time-out, a 500, a throttle) as `useErrorText`
 * words it. The failed call is recognised by its shape (`kind` and `message`), as `useErrorText` does.
 *
 * @example
 * const WORDED = Object.values(OFFER_ERROR_CODES);
 * export const useOffersErrorText = () => useRefusalText('offers', WORDED, { forbiddenCode: CONSOLE_CODES.forbidden });
 */
export function useRefusalText<N extends string>(namespace: N, wordedCodes: Iterable<WordedCode<N>>, options: RefusalTextOptions): (error: unknown) => string {
  const { forbiddenCode, serverMessageFirst = false } = options;
  // The namespace is the caller's: its keys are checked by the type of `wordedCodes`, not here.
  const { t: translate, i18n } = useTranslation(namespace as never);
  const t = translate as unknown as (key: string) => string;
  const generic = useErrorText();
  // Callers pass a module's constant: the set is built once.
  const worded = useMemo(() => new Set<string>(wordedCodes), [wordedCodes]);
  return (error) => {
    if (!describesFailure(error)) return generic(error);
    const code = typeof error.code === 'string' ? error.code : undefined;
    const refusal = error.kind === 'http' && typeof error.status === 'number' && error.status < 500;
    const serverMessage = refusal && i18n.language.startsWith('en') && error.message ? error.message : undefined;
    const ownWords = code !== undefined && worded.has(code) ? t(`errors.${code}`) : undefined;
    const forbidden = code !== undefined && code === forbiddenCode ? t('errors.forbidden') : undefined;
    const first = serverMessageFirst ? (forbidden ?? serverMessage ?? ownWords) : (ownWords ?? forbidden ?? serverMessage);
    if (first !== undefined) return first;
    return refusal ? t('errors.refused') : generic(error);
  };
}

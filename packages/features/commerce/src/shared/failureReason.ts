import type { useTranslation } from '@grandstand/i18n';

type Translate = ReturnType<typeof useTranslation<'commerce'>>['t'];

// The card processor's reasons, in the viewer's language; others are shown as worded.
const KNOWN_REASONS: Readonly<Record<string, 'declined' | 'insufficientFunds' | 'authenticationFailed'>> = {
  'Your card was declined.': 'declined',
  'Your card has insufficient funds.': 'insufficientFunds',
  "The card's extra authentication failed.": 'authenticationFailed',
};

/** A failed order's reason as the failed popup shows it. */
export function failureText(reason: string | null, t: Translate): string {
  if (reason === null || reason.trim() === '') return t('checkout.failedFallback');
  const key = Object.hasOwn(KNOWN_REASONS, reason) ? KNOWN_REASONS[reason] : undefined;
  return key ? t(`checkout.reasons.${key}`) : reason;
}

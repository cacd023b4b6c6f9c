import { SANDBOX_TEST_CARDS } from '@grandstand/contract';

/** What the sandbox does with a card (its test cards); any other valid number succeeds. */
export type CardBehavior = 'succeed' | 'decline' | 'insufficient_funds' | 'authenticate';

/** The card processor's own wording, shown to viewers as the failed order's reason. */
export const FAILURE_REASONS = {
  decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  authentication: "The card's extra authentication failed.",
  unknownPaymentMethod: 'The payment method is unknown or no longer attached to this account.',
} as const;

export function behaviorOf(number: string): CardBehavior {
  switch (number) {
    case SANDBOX_TEST_CARDS.declined:
      return 'decline';
    case SANDBOX_TEST_CARDS.insufficientFunds:
      return 'insufficient_funds';
    case SANDBOX_TEST_CARDS.authenticate:
      return 'authenticate';
    default:
      return 'succeed';
  }
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The card network by number prefix (what processors report as `brand`). */
export function brandOf(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9][0-9]|[3-6][0-9]{2}|7[01][0-9]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^35(2[89]|[3-8][0-9])/.test(digits)) return 'jcb';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  return 'unknown';
}

export interface CardEntry {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export interface CardEntryError {
  field: 'number' | 'exp_month' | 'exp_year' | 'cvc';
  message: string;
}

export interface CheckedCard {
  digits: string;
  brand: string;
  last4: string;
  behavior: CardBehavior;
}

/**
 * The processor's checks on a typed card: digits only (spaces and dashes allowed between groups),
 * the Luhn checksum, an expiry month not yet over, and a security code of the brand's length.
 */
export function checkCardEntry(entry: CardEntry, now: Date): CheckedCard | CardEntryError {
  const digits = entry.number.replace(/[\s-]/g, '');
  if (!/^[0-9]{12,19}$/.test(digits) || !luhnValid(digits)) return { field: 'number', message: 'Your card number is invalid.' };
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  if (entry.exp_year < year) return { field: 'exp_year', message: "Your card's expiration year is in the past." };
  if (entry.exp_year === year && entry.exp_month < month) return { field: 'exp_month', message: "Your card's expiration date is in the past." };
  if (entry.exp_year > year + 50) return { field: 'exp_year', message: "Your card's expiration year is invalid." };
  const brand = brandOf(digits);
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^[0-9]{${cvcLength}}$`).test(entry.cvc)) return { field: 'cvc', message: "Your card's security code is invalid." };
  return { digits, brand, last4: digits.slice(-4), behavior: behaviorOf(digits) };
}

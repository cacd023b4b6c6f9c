import { SANDBOX_TEST_CARDS } from '@grandstand/contract';
import { describe, expect, it } from 'vitest';
import { behaviorOf, brandOf, checkCardEntry, luhnValid } from './cards.ts';

const now = new Date('2030-06-15T12:00:00Z');
const valid = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2031, cvc: '123' };

describe('card entry checks', () => {
  it('accepts the test cards and reports brand, last four and behaviour', () => {
    expect(checkCardEntry(valid, now)).toEqual({ digits: '4242424242424242', brand: 'visa', last4: '4242', behavior: 'succeed' });
    expect(checkCardEntry({ ...valid, number: SANDBOX_TEST_CARDS.declined }, now)).toMatchObject({ behavior: 'decline', last4: '0002' });
    expect(checkCardEntry({ ...valid, number: SANDBOX_TEST_CARDS.insufficientFunds }, now)).toMatchObject({ behavior: 'insufficient_funds' });
    expect(checkCardEntry({ ...valid, number: SANDBOX_TEST_CARDS.authenticate }, now)).toMatchObject({ behavior: 'authenticate' });
    expect(checkCardEntry({ ...valid, number: '5555-5555-5555-4444' }, now)).toMatchObject({ brand: 'mastercard', behavior: 'succeed' });
  });

  it('names the field at fault', () => {
    expect(checkCardEntry({ ...valid, number: '4242424242424241' }, now)).toEqual({ field: 'number', message: 'Your card number is invalid.' });
    expect(checkCardEntry({ ...valid, number: '4242x42424242424' }, now)).toMatchObject({ field: 'number' });
    expect(checkCardEntry({ ...valid, exp_year: 2029 }, now)).toMatchObject({ field: 'exp_year' });
    expect(checkCardEntry({ ...valid, exp_year: 2030, exp_month: 5 }, now)).toMatchObject({ field: 'exp_month' });
    expect(checkCardEntry({ ...valid, cvc: '1234' }, now)).toMatchObject({ field: 'cvc' });
    // American Express codes have four digits.
    expect(checkCardEntry({ ...valid, number: '378282246310005', cvc: '123' }, now)).toMatchObject({ field: 'cvc' });
    expect(checkCardEntry({ ...valid, number: '378282246310005', cvc: '1234' }, now)).toMatchObject({ brand: 'amex' });
  });

  it('takes the current month as not yet expired', () => {
    expect(checkCardEntry({ ...valid, exp_year: 2030, exp_month: 6 }, now)).toMatchObject({ last4: '4242' });
  });
});

describe('card helpers', () => {
  it('Luhn', () => {
    expect(luhnValid('4000000000003220')).toBe(true);
    expect(luhnValid('4000000000003221')).toBe(false);
  });
  it('brands and behaviours', () => {
    expect(brandOf('6011111111111117')).toBe('discover');
    expect(brandOf('9999999999999995')).toBe('unknown');
    expect(behaviorOf('4000056655665556')).toBe('succeed');
  });
});

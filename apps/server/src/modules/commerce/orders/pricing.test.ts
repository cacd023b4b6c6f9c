import { describe, expect, it } from 'vitest';
import { addTerm, discountedBase, fromCents, toCents } from './pricing.ts';

describe('discountedBase', () => {
  it('takes a percent or an amount off the base price, never below 0', () => {
    expect(discountedBase(1999, null)).toBe(1999);
    expect(discountedBase(1999, { percentOff: 10, amountOffCents: null })).toBe(1799);
    expect(discountedBase(1999, { percentOff: 100, amountOffCents: null })).toBe(0);
    expect(discountedBase(1999, { percentOff: null, amountOffCents: 500 })).toBe(1499);
    expect(discountedBase(300, { percentOff: null, amountOffCents: 500 })).toBe(0);
  });

  it('adds money in cents', () => {
    expect(fromCents(toCents('9.99') + toCents(1.5))).toBe(11.49);
    expect(fromCents(toCents(0.1) + toCents(0.2))).toBe(0.3);
  });
});

describe('addTerm', () => {
  const from = new Date('2026-01-31T10:00:00.000Z');
  it('renews a subscription every 30 days (monthly) or 12 months (annual), spec §9', () => {
    expect(addTerm(from, 'subscription', 'monthly', 1)?.toISOString()).toBe('2026-03-02T10:00:00.000Z');
    expect(addTerm(from, 'subscription', 'annual', 1)?.toISOString()).toBe('2027-01-31T10:00:00.000Z');
  });

  it('runs a pass for its period in calendar months or years; the single-event package never ends', () => {
    expect(addTerm(new Date('2026-01-15T00:00:00.000Z'), 'package', 'month', 3)?.toISOString()).toBe('2026-04-15T00:00:00.000Z');
    expect(addTerm(from, 'package', 'annual', 2)?.toISOString()).toBe('2028-01-31T10:00:00.000Z');
    expect(addTerm(from, 'package', null, null)).toBeNull();
  });
});

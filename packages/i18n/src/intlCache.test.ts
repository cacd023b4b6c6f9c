import { describe, expect, it } from 'vitest';
import { dateTimeFormat, knownTimeZone, numberFormat } from './intlCache.ts';

describe('the Intl formatter cache', () => {
  it('hands out one formatter per locale and options, and a new one when either differs', () => {
    const chicago = dateTimeFormat('en-US', { timeZone: 'America/Chicago', month: 'short' });
    expect(dateTimeFormat('en-US', { timeZone: 'America/Chicago', month: 'short' })).toBe(chicago);
    expect(dateTimeFormat('fr-CA', { timeZone: 'America/Chicago', month: 'short' })).not.toBe(chicago);
    expect(dateTimeFormat('en-US', { timeZone: 'America/Toronto', month: 'short' })).not.toBe(chicago);
    expect(chicago.format(Date.UTC(2025, 10, 21, 12))).toBe('Nov');
    expect(numberFormat('en-US', { style: 'currency', currency: 'USD' })).toBe(numberFormat('en-US', { style: 'currency', currency: 'USD' }));
  });

  it('throws as Intl does for options it rejects, and caches nothing for them', () => {
    expect(() => dateTimeFormat('en-US', { timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError);
    expect(() => numberFormat('en-US', { style: 'currency', currency: 'not a code' })).toThrow(RangeError);
  });

  it('knows a zone Intl knows, and not one it does not', () => {
    expect(knownTimeZone('America/Toronto')).toBe(true);
    expect(knownTimeZone('US/Central')).toBe(true);
    expect(knownTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(knownTimeZone('Mars/Olympus_Mons')).toBe(false);
  });

  it('stays bounded however many different formatters are asked for', () => {
    const options = (digits: number, integers: number, useGrouping: boolean): Intl.NumberFormatOptions => ({ maximumFractionDigits: digits, minimumIntegerDigits: integers, useGrouping });
    const first = numberFormat('en-US', options(0, 1, true));
    expect(numberFormat('en-US', options(0, 1, true))).toBe(first);
    // 21 × 21 × 2 = 882 different formatters: more than the cache keeps, so it starts over on the way.
    for (let digits = 0; digits <= 20; digits += 1) {
      for (let integers = 1; integers <= 21; integers += 1) {
        for (const useGrouping of [true, false]) numberFormat('en-US', options(digits, integers, useGrouping));
      }
    }
    expect(numberFormat('en-US', options(0, 1, true))).not.toBe(first);
  });
});

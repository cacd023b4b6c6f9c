import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatEventDateTime, formatPrice, formatPriceTitle, formatTime } from './format.ts';
import { formatLocale, pickFormatLocale, setFormatLocale } from './formatLocale.ts';

const nbsp = '\u00a0';
// 7:30 PM in Chicago on 21 November 2025.
const chicagoWinter = Date.parse('2025-11-22T01:30:00Z') / 1000;

afterEach(() => {
  setFormatLocale(null);
});

describe('pickFormatLocale', () => {
  it('takes the first of the viewer\'s locales that Intl formats in', () => {
    expect(pickFormatLocale(['de-DE', 'en'])).toBe('de-DE');
    expect(pickFormatLocale(['not a tag', 'ja_JP'])).toBe('ja-JP');
    expect(pickFormatLocale(['sw-KE'])).toBe('sw-KE');
  });

  it('gives null when none is a locale', () => {
    expect(pickFormatLocale([])).toBeNull();
    expect(pickFormatLocale(['***'])).toBeNull();
  });
});

describe('formats in the viewer\'s locale (spec §9)', () => {
  it('follows the interface\'s language until the viewer\'s locale is set', () => {
    expect(formatLocale('fr')).toBe('fr');
    expect(formatPrice(9.99, 'USD', 'en')).toBe('$9.99');
    expect(setFormatLocale('de-DE')).toBe(true);
    expect(setFormatLocale('de-DE')).toBe(false);
    expect(formatLocale('fr')).toBe('de-DE');
  });

  it('writes prices, numbers, dates and times the German way under an English interface', () => {
    setFormatLocale('de-DE');
    expect(formatPrice(1234.5, 'USD', 'en')).toBe(`1.234,50${nbsp}$`);
    expect(formatDate(Date.UTC(2025, 10, 21, 12), 'en', { timeZone: 'UTC' })).toBe('21.11.2025');
    // spec §3 keeps the 12-hour clock in every locale; the zone's abbreviation is the interface's.
    const shown = formatEventDateTime(chicagoWinter, 'America/Chicago', 'en');
    expect([shown.month, shown.day, shown.zone]).toEqual(['Nov', '21', 'CST']);
    expect(shown.full).toBe(`21. Nov. 2025, 7:30 PM CST`);
    expect(formatTime(Date.UTC(2025, 10, 21, 19, 5), 'en', { timeZone: 'UTC' })).toBe(`7:05 PM`);
  });

  it('writes any locale Intl knows: Japanese, Arabic digits for Egypt, Indian grouping', () => {
    setFormatLocale('ja-JP');
    expect(formatDate(Date.UTC(2025, 10, 21, 12), 'fr', { timeZone: 'UTC' })).toBe('2025/11/21');
    setFormatLocale('ar-EG');
    expect(formatPrice(12, 'USD', 'en')).toMatch(/[\u0660-\u0669]/);
    setFormatLocale('en-IN');
    expect(formatPrice(1234567, 'USD', 'en')).toBe('$12,34,567.00');
  });

  it('keeps the period of a price title in the interface\'s words', () => {
    setFormatLocale('de-DE');
    expect(formatPriceTitle({ amount: 9.99, currency: 'USD', language: 'fr', offer: 'month' })).toBe(`9,99${nbsp}$ / mois`);
    expect(formatPriceTitle({ amount: 9.99, currency: 'USD', language: 'en', offer: 'month' })).toBe(`9,99${nbsp}$ / month`);
  });

  it('a page\'s values are its locale\'s: a value made in one locale is not shown in another', () => {
    expect(formatPrice(5, 'USD', 'en')).toBe('$5.00');
    setFormatLocale('fr-CH');
    expect(formatPrice(5, 'USD', 'en')).not.toBe('$5.00');
  });
});

import { describe, expect, it } from 'vitest';
import { formatDate, formatEventDateTime, formatPrice, formatPriceTitle, formatTime } from './format.ts';

const seconds = (iso: string) => Date.parse(iso) / 1000;
const nbsp = '\u00a0';
const nnbsp = '\u202f';

// 7:30 PM in Chicago on 21 November 2025 (standard time) and on 3 July 2025 (daylight time).
const chicagoWinter = seconds('2025-11-22T01:30:00Z');
const chicagoSummer = seconds('2025-07-04T00:30:00Z');

describe('formatEventDateTime', () => {
  it('shows a winter evening in Chicago as the spec does', () => {
    expect(formatEventDateTime(chicagoWinter, 'America/Chicago', 'en')).toEqual({
      month: 'Nov',
      day: '21',
      time: '7:30 PM',
      zone: 'CST',
      full: 'Nov 21, 2025, 7:30 PM CST',
    });
  });

  it('switches to daylight time in summer', () => {
    const shown = formatEventDateTime(chicagoSummer, 'America/Chicago', 'en');
    expect([shown.month, shown.day, shown.time, shown.zone]).toEqual(['Jul', '3', '7:30 PM', 'CDT']);
  });

  it('changes abbreviation exactly when the clocks change', () => {
    // 9 March 2025, 2:00 AM CST became 3:00 AM CDT at 08:00 UTC.
    expect(formatEventDateTime(seconds('2025-03-09T07:59:00Z'), 'America/Chicago', 'en').zone).toBe('CST');
    expect(formatEventDateTime(seconds('2025-03-09T08:00:00Z'), 'America/Chicago', 'en').zone).toBe('CDT');
  });

  it('writes month and zone the French way, in the same 12-hour clock', () => {
    expect(formatEventDateTime(chicagoWinter, 'America/Chicago', 'fr')).toEqual({
      month: 'nov.',
      day: '21',
      time: '7:30 PM',
      zone: 'HNC',
      full: '21 nov. 2025, 7:30 PM HNC',
    });
    expect(formatEventDateTime(chicagoSummer, 'America/Chicago', 'fr').zone).toBe('HAC');
  });

  it('shows Toronto in Eastern time in both languages', () => {
    const winter = seconds('2025-11-22T00:30:00Z');
    const summer = seconds('2025-07-03T23:30:00Z');
    expect(formatEventDateTime(winter, 'America/Toronto', 'en')).toMatchObject({ month: 'Nov', day: '21', time: '7:30 PM', zone: 'EST' });
    expect(formatEventDateTime(summer, 'America/Toronto', 'en').zone).toBe('EDT');
    expect(formatEventDateTime(winter, 'America/Toronto', 'fr')).toMatchObject({ month: 'nov.', day: '21', zone: 'HNE' });
    expect(formatEventDateTime(summer, 'America/Toronto', 'fr').zone).toBe('HAE');
  });

  it('names Paris time where Intl alone would say GMT+1', () => {
    const winter = seconds('2025-11-21T19:30:00Z');
    const summer = seconds('2025-07-03T18:30:00Z');
    expect(formatEventDateTime(winter, 'Europe/Paris', 'en')).toMatchObject({ month: 'Nov', day: '21', time: '8:30 PM', zone: 'CET' });
    expect(formatEventDateTime(summer, 'Europe/Paris', 'en')).toMatchObject({ month: 'Jul', day: '3', time: '8:30 PM', zone: 'CEST' });
    // French readers get the UTC offset, as French writing does.
    expect(formatEventDateTime(winter, 'Europe/Paris', 'fr')).toMatchObject({ month: 'nov.', day: '21', time: '8:30 PM', zone: 'UTC+1' });
    expect(formatEventDateTime(summer, 'Europe/Paris', 'fr').zone).toBe('UTC+2');
  });

  it('covers the zones Intl has no English abbreviation for', () => {
    const winter = seconds('2025-01-15T18:00:00Z');
    const summer = seconds('2025-07-15T18:00:00Z');
    expect(formatEventDateTime(winter, 'America/St_Johns', 'en').zone).toBe('NST');
    expect(formatEventDateTime(summer, 'America/St_Johns', 'en').zone).toBe('NDT');
    expect(formatEventDateTime(winter, 'Europe/London', 'en').zone).toBe('GMT');
    expect(formatEventDateTime(summer, 'Europe/London', 'en').zone).toBe('BST');
    expect(formatEventDateTime(summer, 'America/Phoenix', 'en').zone).toBe('MST');
    expect(formatEventDateTime(summer, 'Pacific/Honolulu', 'en').zone).toBe('HST');
  });

  it('finds the map through a zone alias', () => {
    expect(formatEventDateTime(chicagoWinter, 'US/Central', 'en').zone).toBe('CST');
  });

  it("falls back to Intl's short name for other zones", () => {
    const shown = formatEventDateTime(seconds('2025-11-21T10:30:00Z'), 'Asia/Tokyo', 'en');
    expect(shown).toMatchObject({ day: '21', time: '7:30 PM', zone: 'GMT+9' });
  });

  it('shows an event with a zone Intl does not know in UTC rather than failing', () => {
    expect(formatEventDateTime(chicagoWinter, 'Mars/Olympus_Mons', 'en')).toMatchObject({ day: '22', time: '1:30 AM', zone: 'UTC' });
  });

  it('uses English formatting for a language the product does not speak', () => {
    expect(formatEventDateTime(chicagoWinter, 'America/Chicago', 'de').month).toBe('Nov');
  });
});

describe('formatPrice', () => {
  it('writes US and Canadian dollars in English', () => {
    expect(formatPrice(9.99, 'USD', 'en')).toBe('$9.99');
    expect(formatPrice(1234.5, 'CAD', 'en')).toBe('CA$1,234.50');
  });

  it('writes them the French way', () => {
    expect(formatPrice(9.99, 'USD', 'fr')).toBe(`9,99${nbsp}$US`);
    expect(formatPrice(1234.5, 'CAD', 'fr')).toBe(`1${nnbsp}234,50${nbsp}$CA`);
  });

  it('writes the local dollar plainly for a Canadian French viewer', () => {
    expect(formatPrice(9.99, 'CAD', 'fr-CA')).toBe(`9,99${nbsp}$`);
  });

  it('still shows the amount when the currency code is unusable', () => {
    expect(formatPrice(5, 'dollars', 'en')).toBe('5.00 dollars');
  });
});

describe('formatDate and formatTime', () => {
  const noon = Date.parse('2025-11-21T12:00:00Z');

  it('writes a medium date by default', () => {
    // noon UTC is 21 November in every inhabited zone from UTC-11 to UTC+11
    expect(formatDate(noon, 'en')).toBe('Nov 21, 2025');
    expect(formatDate(new Date(noon), 'fr')).toBe('21 nov. 2025');
  });

  it('takes Intl options in place of the default', () => {
    expect(formatDate(noon, 'fr', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' })).toBe('21 novembre 2025');
  });

  it('writes a 12-hour time', () => {
    expect(formatTime(Date.parse('2025-11-21T19:30:00Z'), 'en', { timeZone: 'UTC' })).toBe('7:30 PM');
    expect(formatTime(Date.parse('2025-11-21T07:05:00Z'), 'fr', { timeZone: 'UTC' })).toBe('7:05 AM');
  });
});

describe('formatPriceTitle', () => {
  const title = (offer: string | null, period: number | null, language = 'en', amount = 9.99, currency = 'USD') =>
    formatPriceTitle({ amount, currency, language, offer, period });

  it('names the unit alone for one period (spec §9)', () => {
    expect(title('month', 1)).toBe('$9.99 / month');
    expect(title('monthly', 1)).toBe('$9.99 / month');
    expect(title('annual', 1, 'en', 79.99)).toBe('$79.99 / year');
    expect(title('monthly', null)).toBe('$9.99 / month');
  });

  it('shows the number only above 1', () => {
    expect(title('month', 3, 'en', 24.99)).toBe('$24.99 / 3 months');
    expect(title('annual', 2, 'en', 149, 'CAD')).toBe('CA$149.00 / 2 years');
  });

  it('shows the price alone without an offer', () => {
    expect(title(null, null)).toBe('$9.99');
    expect(title('weekly', 2)).toBe('$9.99');
  });

  it('says it the French way', () => {
    expect(title('month', 1, 'fr')).toBe(`9,99${nbsp}$US / mois`);
    expect(title('annual', 1, 'fr', 79.99)).toBe(`79,99${nbsp}$US / année`);
    expect(title('monthly', 3, 'fr', 24.99)).toBe(`24,99${nbsp}$US / 3${nbsp}mois`);
    expect(title('annual', 2, 'fr-CA', 149, 'CAD')).toBe(`149,00${nbsp}$ / 2${nbsp}ans`);
  });
});

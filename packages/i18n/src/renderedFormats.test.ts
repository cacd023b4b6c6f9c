import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatEventDateTime, formatPrice, formatPriceTitle } from './format.ts';
import { recordRenderedFormats, seedRenderedFormats } from './renderedFormats.ts';

// 7:30 PM in Chicago on 21 November 2025.
const chicagoWinter = Date.parse('2025-11-22T01:30:00Z') / 1000;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('rendered formats', () => {
  it('records the dates and prices a server render writes, and only that render’s', () => {
    formatPrice(1, 'USD', 'en'); // before the render: not part of it
    const { result, formats } = recordRenderedFormats(() => {
      const when = formatEventDateTime(chicagoWinter, 'America/Chicago', 'en');
      const price = formatPriceTitle({ amount: 9.99, currency: 'USD', language: 'en', offer: 'month', period: 1 });
      return `${when.full} · ${price}`;
    });
    expect(result).toBe('Nov 21, 2025, 7:30 PM CST · $9.99 / month');
    expect(Object.values(formats)).toEqual(
      expect.arrayContaining([
        { month: 'Nov', day: '21', time: '7:30 PM', zone: 'CST', full: 'Nov 21, 2025, 7:30 PM CST' },
        '$9.99',
        '$9.99 / month',
      ]),
    );
    expect(Object.values(formats)).not.toContain('$1.00');
    // Nothing is recorded once the render is over.
    const after = recordRenderedFormats(() => 'idle');
    expect(after.formats).toEqual({});
  });

  it('gives the browser the server’s text without asking Intl', () => {
    const { formats } = recordRenderedFormats(() => {
      formatEventDateTime(chicagoWinter + 60, 'America/Chicago', 'fr');
      formatPrice(24.99, 'CAD', 'fr');
    });
    // The browser's Intl data could word these a little differently; the markup's text wins.
    const server = Object.fromEntries(
      Object.entries(formats).map(([key, value]) => [key, typeof value === 'string' ? `${value} (server)` : { ...value, full: `${value.full} (server)` }]),
    );
    seedRenderedFormats(server);
    const dateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat');
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    expect(formatEventDateTime(chicagoWinter + 60, 'America/Chicago', 'fr').full).toMatch(/\(server\)$/);
    expect(formatPrice(24.99, 'CAD', 'fr')).toMatch(/\(server\)$/);
    expect(dateTimeFormat).not.toHaveBeenCalled();
    expect(numberFormat).not.toHaveBeenCalled();
  });

  it('leaves out seeded values that are not formatted values, and makes those itself', () => {
    seedRenderedFormats({
      [JSON.stringify(['price', 5, 'USD', 'en'])]: 42,
      [JSON.stringify(['event', chicagoWinter + 120, 'America/Chicago', 'en'])]: { month: 'Nov' },
    });
    seedRenderedFormats(null);
    seedRenderedFormats('not an object');
    expect(formatPrice(5, 'USD', 'en')).toBe('$5.00');
    expect(formatEventDateTime(chicagoWinter + 120, 'America/Chicago', 'en').full).toBe('Nov 21, 2025, 7:32 PM CST');
  });
});

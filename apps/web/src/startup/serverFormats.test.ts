import { recordRenderedFormats } from '@grandstand/i18n';
import { describe, expect, it } from 'vitest';
import { formatEventsOf } from './serverFormats.ts';

const event = (id: number, fields: Record<string, unknown> = {}) => ({
  id,
  event_utc_ts: 1_772_474_400 + id * 86_400,
  time_zone: 'America/Chicago',
  access_type: 'free',
  base_price: 0,
  ...fields,
});

describe('formatEventsOf', () => {
  it("records the date of every event in a page's answers, and the price of every event that has one", () => {
    const queries = [
      { live: [event(1)], upcoming: [event(2, { access_type: 'paid', base_price: 7.5 })] },
      [{ events: [event(3, { access_type: 'register', base_price: 4 }), event(4, { access_type: 'ppv', base_price: 12 })] }],
      { name: 'settings', currency: 'USD' },
      null,
    ];
    const { formats } = recordRenderedFormats(() => formatEventsOf(queries, 'en', 'USD'));
    const keys = Object.keys(formats).map((key) => JSON.parse(key) as unknown[]);
    expect(keys.filter(([kind]) => kind === 'event').map(([, seconds]) => seconds)).toEqual([1, 2, 3, 4].map((id) => 1_772_474_400 + id * 86_400));
    expect(keys.filter(([kind]) => kind === 'price')).toEqual([
      ['price', 7.5, 'USD', 'en'],
      ['price', 4, 'USD', 'en'],
      ['price', 12, 'USD', 'en'],
    ]);
    expect(formats[JSON.stringify(['price', 7.5, 'USD', 'en'])]).toBe('$7.50');
  });

  it('leaves out what is not an event, and data nested deeper than any answer', () => {
    let deep: unknown = event(9);
    for (let level = 0; level < 10; level += 1) deep = { inner: deep };
    const { formats } = recordRenderedFormats(() => formatEventsOf([{ event_utc_ts: '1772474400', time_zone: 'UTC' }, deep, 'text', 3], 'fr', 'CAD'));
    expect(formats).toEqual({});
  });
});

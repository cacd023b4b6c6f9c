import { describe, expect, it } from 'vitest';
import { eventSummary } from './eventSummary.ts';

// 2025-11-22 01:30 UTC is 7:30 PM on Nov 21 in Chicago (CST).
const event = {
  category: { id: 3, name: 'Girls Basketball' },
  event_utc_ts: Date.UTC(2025, 10, 22, 1, 30) / 1000,
  time_zone: 'America/Chicago',
  location: { id: 9, name: 'Lincoln Fieldhouse' },
} as unknown as Parameters<typeof eventSummary>[0];

describe('eventSummary', () => {
  it('says the sport, the date in the event\'s own zone and the place', () => {
    expect(eventSummary(event, 'en')).toBe('Girls Basketball · Nov 21, 2025, 7:30 PM CST · Lincoln Fieldhouse');
  });

  it('speaks French with the French zone name', () => {
    expect(eventSummary(event, 'fr')).toBe('Girls Basketball · 21 nov. 2025, 7:30 PM HNC · Lincoln Fieldhouse');
  });

  it('leaves out what the event does not have, and shows an unknown zone in UTC', () => {
    expect(eventSummary({ ...event, category: null, location: null, time_zone: 'Mars/Olympus' } as typeof event, 'en')).toBe('Nov 22, 2025, 1:30 AM UTC');
  });
});

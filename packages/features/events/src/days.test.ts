import { describe, expect, it } from 'vitest';
import { addDays, DAY_SECONDS, isIsoDay, today } from './days.ts';

describe('days', () => {
  it('moves one day at a time across months, years and daylight-saving changes', () => {
    expect(DAY_SECONDS).toBe(86_400);
    expect(addDays('2025-01-31', 1)).toBe('2025-02-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2025-03-09', 1)).toBe('2025-03-10');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });

  it('reads the viewer’s own day and accepts only real YYYY-MM-DD days', () => {
    expect(today(new Date(2025, 10, 21, 23, 59))).toBe('2025-11-21');
    expect(isIsoDay('2025-11-21')).toBe(true);
    expect(isIsoDay('2025-13-40')).toBe(false);
    expect(isIsoDay('tomorrow')).toBe(false);
    expect(isIsoDay(null)).toBe(false);
  });
});

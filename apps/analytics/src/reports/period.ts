/** A report's period: [from, to). */
export interface Period {
  from: Date;
  to: Date;
}

export type PeriodError = { ok: false; field: string; message: string; code: 'invalid' | 'order' | 'future' | 'too_long' };
export type PeriodResult = { ok: true; period: Period } | PeriodError;

const DAY_MS = 86_400_000;
export const DEFAULT_DAYS = 7;
export const MAX_DAYS = 400;

// A calendar day (UTC midnight) or an instant with its offset; nothing looser, so "yesterday",
// "1700000000" or a date without its zone are refused instead of guessed.
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

function parseWhen(value: string): Date | null {
  if (DATE.test(value)) {
    const date = new Date(`${value}T00:00:00Z`);
    // Date rolls 2025-02-31 over to March: refuse a day that does not exist.
    return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : date;
  }
  if (INSTANT.test(value)) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

function one(value: unknown, field: string, daysOnly = false): { ok: true; date: Date | null } | PeriodError {
  if (value === undefined || value === '') return { ok: true, date: null };
  const wanted = daysOnly ? 'a date (YYYY-MM-DD)' : 'a date (YYYY-MM-DD) or an ISO 8601 instant with its offset';
  if (typeof value !== 'string' || value.length > 40 || (daysOnly && !DATE.test(value))) {
    return { ok: false, field, code: 'invalid', message: `${field} must be ${wanted}` };
  }
  const date = parseWhen(value);
  if (!date || date.getUTCFullYear() < 2000 || date.getUTCFullYear() > 2999) {
    return { ok: false, field, code: 'invalid', message: `${field} must be ${wanted}` };
  }
  return { ok: true, date };
}

/**
 * Reads `from` and `to` (either may be absent): `to` defaults to now, `from` to seven days before `to`.
 * A calendar day means its UTC midnight; `to` is exclusive. At most 400 days, so one request cannot
 * ask the store to scan years.
 */
export function parsePeriod(query: { from?: unknown; to?: unknown }, now: Date): PeriodResult {
  const from = one(query.from, 'from');
  if (!from.ok) return from;
  const to = one(query.to, 'to');
  if (!to.ok) return to;
  const end = to.date ?? (from.date ? new Date(Math.min(now.getTime(), from.date.getTime() + DEFAULT_DAYS * DAY_MS)) : now);
  const start = from.date ?? new Date(end.getTime() - DEFAULT_DAYS * DAY_MS);
  if (end.getTime() <= start.getTime()) {
    // Without a `to`, the fault is a `from` in the future.
    return to.date
      ? { ok: false, field: 'to', code: 'order', message: 'to must be after from' }
      : { ok: false, field: 'from', code: 'future', message: 'from must be in the past' };
  }
  if (end.getTime() - start.getTime() > MAX_DAYS * DAY_MS) {
    return { ok: false, field: 'to', code: 'too_long', message: `the period must be at most ${MAX_DAYS} days` };
  }
  return { ok: true, period: { from: start, to: end } };
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The page's period: calendar days `from` and `until`, both included (what a person picks), by
 * default the last seven days up to today (UTC). Errors name the page's own fields.
 */
export function parsePagePeriod(
  query: { from?: unknown; until?: unknown },
  now: Date,
): { ok: true; period: Period; from: string; until: string } | PeriodError {
  const from = one(query.from, 'from', true);
  if (!from.ok) return from;
  const until = one(query.until, 'until', true);
  if (!until.ok) return until;
  const today = new Date(`${isoDay(now)}T00:00:00Z`);
  const last = until.date ?? (from.date ? new Date(Math.min(today.getTime(), addDays(from.date, DEFAULT_DAYS - 1).getTime())) : today);
  const first = from.date ?? addDays(last, -(DEFAULT_DAYS - 1));
  if (last.getTime() < first.getTime()) {
    return until.date
      ? { ok: false, field: 'until', code: 'order', message: 'until must not be before from' }
      : { ok: false, field: 'from', code: 'future', message: 'from must not be after today' };
  }
  const result = parsePeriod({ from: isoDay(first), to: isoDay(addDays(last, 1)) }, now);
  if (!result.ok) return { ...result, field: result.field === 'to' ? 'until' : result.field };
  return { ok: true, period: result.period, from: isoDay(first), until: isoDay(last) };
}

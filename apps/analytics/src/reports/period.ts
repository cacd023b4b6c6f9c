/** A report's period: [from, to). */
export interface Period {
  from: Date;
  to: Date;
}

export type PeriodResult = { ok: true; period: Period } | { ok: false; field: string; message: string };

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

function one(value: unknown, field: string): { ok: true; date: Date | null } | { ok: false; field: string; message: string } {
  if (value === undefined || value === '') return { ok: true, date: null };
  if (typeof value !== 'string' || value.length > 40) {
    return { ok: false, field, message: `${field} must be a date (YYYY-MM-DD) or an ISO 8601 instant with its offset` };
  }
  const date = parseWhen(value);
  if (!date || date.getUTCFullYear() < 2000 || date.getUTCFullYear() > 2999) {
    return { ok: false, field, message: `${field} must be a date (YYYY-MM-DD) or an ISO 8601 instant with its offset` };
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
      ? { ok: false, field: 'to', message: 'to must be after from' }
      : { ok: false, field: 'from', message: 'from must be in the past' };
  }
  if (end.getTime() - start.getTime() > MAX_DAYS * DAY_MS) {
    return { ok: false, field: 'to', message: `the period must be at most ${MAX_DAYS} days` };
  }
  return { ok: true, period: { from: start, to: end } };
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

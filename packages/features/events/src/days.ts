/** spec §9: the calendar moves a day (86400 s) at a time. */
export const DAY_SECONDS = 86_400;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDay(value: string | null): value is string {
  return value !== null && ISO_DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/** The viewer's own calendar day, as YYYY-MM-DD. */
export function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A day `count` days after (or before) `day`; calendar arithmetic in UTC, so no daylight-saving drift. */
export function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_SECONDS * 1000).toISOString().slice(0, 10);
}

/** Milliseconds of the day's UTC midnight, for formatting it with timeZone 'UTC'. */
export function dayInstant(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

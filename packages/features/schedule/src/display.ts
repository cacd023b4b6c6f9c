import type { ConsoleEvent } from '@grandstand/contract';

const START_FORMAT: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };

/** The event's start on its own clock, in the operator's language, with the zone's short name ("Sep 12, 2026, 7:00 PM EDT"). */
export function formatStart(startsAt: string, timeZone: string, language: string): string {
  const date = new Date(startsAt);
  if (Number.isNaN(date.getTime())) return startsAt;
  // A zone this browser does not know: the instant in UTC, said so.
  const zone = isKnownTimeZone(timeZone) ? timeZone : 'UTC';
  return new Intl.DateTimeFormat(language, { ...START_FORMAT, timeZone: zone }).format(date);
}

/** `YYYY-MM-DDTHH:mm` of an instant on a zone's clock: what a `datetime-local` field shows. */
export function localDateTime(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/** A zone the browser knows, so formatting in it cannot throw. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The status a listing shows first: cancelled and unpublished outrank the stream's own state. */
export type EventState = 'cancelled' | 'draft' | ConsoleEvent['streamStatus'];

export function eventState(event: Pick<ConsoleEvent, 'cancelled' | 'published' | 'streamStatus'>): EventState {
  if (event.cancelled) return 'cancelled';
  if (!event.published) return 'draft';
  return event.streamStatus;
}

import type { AccessType } from '@grandstand/contract';
import { SCHEDULE_ERROR_CODES } from '@grandstand/contract';
import { Refusal } from '../../core/refusal.ts';

/** A refusal of an event's fields: the field at fault, a code and words (answered as 4xx JSON). */
export class ScheduleProblem extends Refusal {
  override name = 'ScheduleProblem';
  declare readonly code: string;
  constructor(field: string, code: string, message: string, status = 422) {
    super(status, field, code, message);
  }
}

/** The IANA time zones this runtime knows (the form's list; UTC included). */
export const TIME_ZONES: readonly string[] = [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])];
const KNOWN_ZONES = new Set(TIME_ZONES.map((zone) => zone.toLowerCase()));

/** The zone as the runtime spells it, or null when it is no IANA zone (a browser's "EST" or a typo). */
export function canonicalTimeZone(zone: string): string | null {
  const trimmed = zone.trim();
  if (!KNOWN_ZONES.has(trimmed.toLowerCase())) {
    // Aliases the list leaves out (e.g. US/Eastern) still work in Intl: take its own spelling.
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
    } catch {
      return null;
    }
  }
  return new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall clock of `zone` at an instant, as UTC milliseconds of the same digits. */
function wallClockMs(zone: string, instantMs: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(new Date(instantMs))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * UTC seconds of a local date-time (`YYYY-MM-DDTHH:mm`) on the clock of `zone`. A time skipped by a
 * change to summer time is taken as the same digits an hour later, as calendar apps do; a time that
 * happens twice, the first of them. Null for a date that does not exist (2026-02-30, 24:10).
 */
export function localToUtcSeconds(local: string, zone: string): number | null {
  const match = LOCAL.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || hour > 23 || minute > 59) return null;
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wanted);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  // The zone's offsets a day either side and at the digits themselves: one of them is the offset in force then.
  const candidates = [...new Set([wanted - 86_400_000, wanted, wanted + 86_400_000].map((probe) => wanted - (wallClockMs(zone, probe) - probe)))];
  const exact = candidates.filter((instant) => wallClockMs(zone, instant) === wanted).sort((a, b) => a - b);
  // In the hour skipped by summer time, the offset before the change: the same digits an hour later.
  return Math.floor((exact[0] ?? Math.max(...candidates)) / 1000);
}

/** The local date-time (`YYYY-MM-DDTHH:mm`) of UTC seconds on the clock of `zone`. */
export function utcSecondsToLocal(seconds: number, zone: string): string {
  return new Date(wallClockMs(zone, seconds * 1000)).toISOString().slice(0, 16);
}

/** The length of an event when the operator gives none. */
export const DEFAULT_DURATION_MINUTES = 120;

/** spec §3: a game is "away @ home". */
export function teamsName(away: string, home: string): string {
  return `${away} @ ${home}`;
}

/** What an event's fields must hold together, once merged with what it had. */
export interface EventDraft {
  name: string | null;
  homeTeamId: number | null;
  awayTeamId: number | null;
  accessType: AccessType;
  price: number;
  serviceFee: number;
}

/** The rules across fields (the contract checks each field alone); throws the first broken one. */
export function checkDraft(draft: EventDraft): void {
  const hasName = draft.name !== null && draft.name.trim() !== '';
  if ((draft.homeTeamId === null) !== (draft.awayTeamId === null) && !hasName) {
    throw new ScheduleProblem(draft.homeTeamId === null ? 'homeTeamId' : 'awayTeamId', SCHEDULE_ERROR_CODES.nameRequired, 'Give both teams, or a name.');
  }
  if (!hasName && draft.homeTeamId === null) throw new ScheduleProblem('name', SCHEDULE_ERROR_CODES.nameRequired, 'Give the event a name, or two teams.');
  if (draft.homeTeamId !== null && draft.homeTeamId === draft.awayTeamId) throw new ScheduleProblem('awayTeamId', SCHEDULE_ERROR_CODES.sameTeams, 'A team cannot play itself: choose another away team.');
  // spec §5: a paid or ppv event is bought through its single-event offer, at the price set here.
  if ((draft.accessType === 'paid' || draft.accessType === 'ppv') && !(draft.price > 0)) {
    throw new ScheduleProblem('price', SCHEDULE_ERROR_CODES.priceRequired, 'A paid or pay-per-view event needs a price above 0.');
  }
}

/** The events table's `type` of an access type (the viewers' API's `paid | other`). */
export function eventType(accessType: AccessType): 'paid' | 'other' {
  return accessType === 'paid' || accessType === 'ppv' ? 'paid' : 'other';
}

/** Money in cents, so 9.99 is exactly 9.99 once stored. */
export function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}

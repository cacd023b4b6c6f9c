import { dateTimeFormat, knownTimeZone } from './intlCache.ts';
import { resolveLanguage } from './config.ts';

/** Abbreviations for standard and daylight time; French is optional (Canadian French usage). */
interface ZoneNames {
  readonly en: readonly [standard: string, daylight: string];
  readonly fr?: readonly [standard: string, daylight: string];
}

const eastern: ZoneNames = { en: ['EST', 'EDT'], fr: ['HNE', 'HAE'] };
const central: ZoneNames = { en: ['CST', 'CDT'], fr: ['HNC', 'HAC'] };
const mountain: ZoneNames = { en: ['MST', 'MDT'], fr: ['HNR', 'HAR'] };
const pacific: ZoneNames = { en: ['PST', 'PDT'], fr: ['HNP', 'HAP'] };
const utc: ZoneNames = { en: ['UTC', 'UTC'], fr: ['UTC', 'UTC'] };

/**
 * spec §9: the time zone abbreviation map covers about 15 zones — the ones North American and
 * European channels use. Intl alone cannot do this: in English it names London `GMT+1`, Paris
 * `GMT+1` and St. John's `GMT-3:30`. French uses the Canadian abbreviations where they exist (the
 * ones Intl gives for fr-CA) and Intl's `UTC±n` otherwise, which reads naturally in French.
 * Zones without daylight time (Phoenix, Regina, Honolulu) only ever use the standard name.
 */
const zoneNames: Readonly<Record<string, ZoneNames>> = {
  'America/New_York': eastern,
  'America/Detroit': eastern,
  'America/Toronto': eastern,
  'America/Chicago': central,
  'America/Winnipeg': central,
  'America/Regina': central,
  'America/Denver': mountain,
  'America/Edmonton': mountain,
  'America/Phoenix': mountain,
  'America/Los_Angeles': pacific,
  'America/Vancouver': pacific,
  'America/Anchorage': { en: ['AKST', 'AKDT'] },
  'Pacific/Honolulu': { en: ['HST', 'HDT'] },
  'America/Halifax': { en: ['AST', 'ADT'], fr: ['HNA', 'HAA'] },
  'America/St_Johns': { en: ['NST', 'NDT'], fr: ['HNT', 'HAT'] },
  'Europe/London': { en: ['GMT', 'BST'] },
  'Europe/Paris': { en: ['CET', 'CEST'] },
  UTC: utc,
  'Etc/UTC': utc,
};

/** Minutes east of UTC in `timeZone` at `date`. */
function offsetMinutes(date: Date, timeZone: string): number {
  const name = dateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const match = /([+\-\u2212])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0; // "GMT" alone: zero offset
  const sign = match[1] === '+' ? 1 : -1;
  return sign * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

/**
 * Whether daylight time is in effect: the offset at that instant is ahead of the year's standard
 * offset (the smaller of January's and July's, which also holds south of the equator).
 */
export function isDaylightTime(date: Date, timeZone: string): boolean {
  const year = date.getUTCFullYear();
  const january = offsetMinutes(new Date(Date.UTC(year, 0, 1)), timeZone);
  const july = offsetMinutes(new Date(Date.UTC(year, 6, 1)), timeZone);
  return offsetMinutes(date, timeZone) > Math.min(january, july);
}

/** The zone's abbreviation at that instant in the viewer's language: the map first, then Intl. */
export function zoneAbbreviation(date: Date, timeZone: string, locale: string): string {
  const names = zoneNames[timeZone] ?? zoneNames[canonicalZone(timeZone)];
  const pair = names && (resolveLanguage(locale) === 'fr' ? names.fr : names.en);
  if (pair) return pair[isDaylightTime(date, timeZone) ? 1 : 0];
  const parts = dateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(date);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** Intl's own name for the zone, so aliases such as `US/Central` find the map. */
function canonicalZone(timeZone: string): string {
  return dateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
}

/** Whether Intl knows the zone; events with a zone it does not know are shown in UTC. */
export function isValidTimeZone(timeZone: string): boolean {
  return knownTimeZone(timeZone);
}

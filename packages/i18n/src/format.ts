import { htmlLang } from './config.ts';
import { isValidTimeZone, zoneAbbreviation } from './timeZones.ts';

export interface EventDateTime {
  /** Short month in the viewer's language: "Nov", "nov.". */
  month: string;
  /** Day of the month: "21". */
  day: string;
  /** 12-hour time: "7:30 PM". */
  time: string;
  /** Zone abbreviation at that instant: "CST", "CDT", "HNC". */
  zone: string;
  /** One line for labels and screen readers: "Nov 21, 2025, 7:30 PM CST". */
  full: string;
}

/**
 * spec §3: an event is shown as month, day, 12-hour time and zone, in the event's own time zone
 * and the viewer's language.
 *
 * @param utcSeconds the event's `event_utc_ts` (seconds since the epoch)
 * @param timeZone the event's `time_zone` (IANA name); an unknown zone is shown in UTC
 * @example formatEventDateTime(1763775000, 'America/Chicago', 'en') // { month: 'Nov', day: '21', time: '7:30 PM', zone: 'CST', … }
 */
export function formatEventDateTime(utcSeconds: number, timeZone: string, language: string): EventDateTime {
  const locale = htmlLang(language);
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  const date = new Date(utcSeconds * 1000);
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone: zone, ...options }).format(date);

  const month = format({ month: 'short' });
  const day = format({ day: 'numeric' });
  const time = format({ hour: 'numeric', minute: '2-digit', hour12: true });
  const abbreviation = zoneAbbreviation(date, zone, locale);
  const dateAndTime = format({ year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true });
  return { month, day, time, zone: abbreviation, full: `${dateAndTime} ${abbreviation}` };
}

/**
 * A date in the viewer's language (medium date style unless options say otherwise), in the viewer's
 * own time zone unless `options.timeZone` is given. A number is milliseconds, as for `new Date()`.
 */
export function formatDate(date: Date | number, language: string, options?: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(htmlLang(language), options ?? { dateStyle: 'medium' }).format(date);
}

/**
 * A 12-hour time (spec §3) in the viewer's language; options are merged over the defaults.
 * A number is milliseconds, as for `new Date()`.
 */
export function formatTime(date: Date | number, language: string, options?: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(htmlLang(language), { hour: 'numeric', minute: '2-digit', hour12: true, ...options }).format(date);
}

/**
 * A price in the channel's currency (spec §9: the code comes from settings, default USD), written
 * the viewer's way: `$9.99` in English, `9,99 $US` in French.
 */
export function formatPrice(amount: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(htmlLang(language), { style: 'currency', currency }).format(amount);
  } catch {
    // A currency code Intl rejects still shows the amount rather than breaking the page.
    return `${new Intl.NumberFormat(htmlLang(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${currency}`;
  }
}

import { htmlLang } from './config.ts';
import { formatLocale } from './formatLocale.ts';
import { dateTimeFormat, numberFormat } from './intlCache.ts';
import { renderedFormat } from './renderedFormats.ts';
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
 * and the viewer's locale (`formatLocale`; the zone's abbreviation in the interface's language).
 *
 * @param utcSeconds the event's `event_utc_ts` (seconds since the epoch)
 * @param timeZone the event's `time_zone` (IANA name); an unknown zone is shown in UTC
 * @example formatEventDateTime(1763775000, 'America/Chicago', 'en') // { month: 'Nov', day: '21', time: '7:30 PM', zone: 'CST', … }
 */
export function formatEventDateTime(utcSeconds: number, timeZone: string, language: string): EventDateTime {
  return renderedFormat(JSON.stringify(['event', utcSeconds, timeZone, formatLocale(language)]), () => makeEventDateTime(utcSeconds, timeZone, language));
}

function makeEventDateTime(utcSeconds: number, timeZone: string, language: string): EventDateTime {
  const locale = formatLocale(language);
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  const date = new Date(utcSeconds * 1000);
  const format = (options: Intl.DateTimeFormatOptions) =>
    dateTimeFormat(locale, { timeZone: zone, ...options }).format(date);

  const month = format({ month: 'short' });
  const day = format({ day: 'numeric' });
  const time = format({ hour: 'numeric', minute: '2-digit', hour12: true });
  // The zone's abbreviation is a word of the interface's (the spec §9 map): in its language.
  const abbreviation = zoneAbbreviation(date, zone, htmlLang(language));
  const dateAndTime = format({ year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true });
  return { month, day, time, zone: abbreviation, full: `${dateAndTime} ${abbreviation}` };
}

/**
 * A date in the viewer's locale (`formatLocale`; medium date style unless options say otherwise), in the viewer's
 * own time zone unless `options.timeZone` is given. A number is milliseconds, as for `new Date()`.
 */
export function formatDate(date: Date | number, language: string, options?: Intl.DateTimeFormatOptions): string {
  return dateTimeFormat(formatLocale(language), options ?? { dateStyle: 'medium' }).format(date);
}

/**
 * A 12-hour time (spec §3) in the viewer's locale (`formatLocale`); options are merged over the defaults.
 * A number is milliseconds, as for `new Date()`.
 */
export function formatTime(date: Date | number, language: string, options?: Intl.DateTimeFormatOptions): string {
  return dateTimeFormat(formatLocale(language), { hour: 'numeric', minute: '2-digit', hour12: true, ...options }).format(date);
}

/**
 * A price in the channel's currency (spec §9: the code comes from settings, default USD), written
 * the viewer's way (`formatLocale`): `$9.99` in English, `9,99 $US` in French, `9,99 $` in German.
 */
export function formatPrice(amount: number, currency: string, language: string): string {
  return renderedFormat(JSON.stringify(['price', amount, currency, formatLocale(language)]), () => makePrice(amount, currency, language));
}

function makePrice(amount: number, currency: string, language: string): string {
  try {
    return numberFormat(formatLocale(language), { style: 'currency', currency }).format(amount);
  } catch {
    // A currency code Intl rejects still shows the amount rather than breaking the page.
    return `${numberFormat(formatLocale(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${currency}`;
  }
}

export interface PriceTitleInput {
  /** The price charged (base price + service fee). */
  amount: number;
  /** The channel's currency code (settings.currency). */
  currency: string;
  language: string;
  /** The billing period (spec §3): annual, month or monthly; null for a price without period. */
  offer: string | null | undefined;
  /** How many offer units one purchase lasts; 1 (or none) shows the unit word alone. */
  period?: number | null | undefined;
}

const OFFER_UNITS: Record<string, 'month' | 'year'> = { month: 'month', monthly: 'month', annual: 'year' };

/**
 * spec §9 price title: the price and a period suffix, "with the period number if above 1":
 * `$9.99 / month`, `$79.99 / year`, `$24.99 / 3 months`, `9,99 $US / mois`. Every word comes from
 * Intl (the unit's name for 1, a long unit for more), so each language says it its own way.
 * An unknown or missing offer shows the price alone.
 */
export function formatPriceTitle(input: PriceTitleInput): string {
  const { amount, currency, language, offer, period } = input;
  return renderedFormat(JSON.stringify(['priceTitle', amount, currency, formatLocale(language), offer ?? null, period ?? null]), () => makePriceTitle(input));
}

function makePriceTitle({ amount, currency, language, offer, period }: PriceTitleInput): string {
  const price = formatPrice(amount, currency, language);
  const unit = offer ? OFFER_UNITS[offer.toLowerCase()] : undefined;
  if (!unit) return price;
  // The period is words of the interface's ("/ month", "/ mois"); the price is the viewer's format.
  const locale = htmlLang(language);
  const count = period && period > 1 ? Math.floor(period) : 1;
  const suffix =
    count > 1
      ? numberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(count)
      : (new Intl.DisplayNames(locale, { type: 'dateTimeField' }).of(unit) ?? unit);
  return `${price} / ${suffix}`;
}

/**
 * Intl formatters, made once per locale and options. Making one costs far more than using it
 * (a DateTimeFormat loads its locale and zone data each time): a home page formats the dates of a
 * hundred event cards, and making their formatters afresh was the largest part of its JavaScript
 * work on a phone. Bounded, since the server's render shares these caches across every request.
 */
const LIMIT = 500;

function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  const found = cache.get(key);
  if (found !== undefined) return found;
  const made = make();
  if (cache.size >= LIMIT) cache.clear();
  cache.set(key, made);
  return made;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const zones = new Map<string, boolean>();

/** A shared `Intl.DateTimeFormat`; throws as its constructor does (an unknown zone, say). */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateTimeFormats, `${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

/** A shared `Intl.NumberFormat`; throws as its constructor does (a currency code it rejects, say). */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(numberFormats, `${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

/** Whether Intl knows the zone, asked once per zone. */
export function knownTimeZone(timeZone: string): boolean {
  return cached(zones, timeZone, () => {
    try {
      dateTimeFormat('en-US', { timeZone });
      return true;
    } catch {
      return false;
    }
  });
}

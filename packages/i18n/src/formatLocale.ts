import { htmlLang } from './config.ts';

/**
 * spec §9: dates, times, numbers and prices follow the viewer's locale, any of the locales the
 * browser's Intl knows (the spec's "about 130 languages"), while the interface's words stay in
 * English or French. Intl carries every locale's data itself, so nothing is fetched for one: the
 * "on demand" of the spec is Intl's own, which loads a locale's data the first time it formats in it.
 *
 * Unset (the server's render, and a page being taken over, which must write what the server wrote),
 * formats follow the interface's language as `htmlLang` gives it.
 */
let viewerLocale: string | null = null;

/** The first of the viewer's locales (most preferred first) that Intl can format in, or null. */
export function pickFormatLocale(locales: readonly string[]): string | null {
  for (const locale of locales) {
    try {
      const [tag] = Intl.getCanonicalLocales(locale.trim().replace(/_/g, '-'));
      if (!tag) continue;
      // Both formatters: a tag Intl only half knows would write dates one way and prices another.
      if (Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0 && Intl.NumberFormat.supportedLocalesOf([tag]).length > 0) return tag;
    } catch {
      // Not a language tag: the next one.
    }
  }
  return null;
}

/**
 * Formats from now on follow this locale (the viewer's, from the browser's preferred languages),
 * or the interface's language again with null. Returns whether anything changed, so the caller
 * knows to render the page's dates and prices anew.
 *
 * @example setFormatLocale(pickFormatLocale(navigator.languages))
 */
export function setFormatLocale(locale: string | null): boolean {
  const next = locale === null ? null : pickFormatLocale([locale]);
  if (next === viewerLocale) return false;
  viewerLocale = next;
  return true;
}

/** The locale a date, time, number or price is written in, for an interface in `language`. */
export function formatLocale(language: string): string {
  return viewerLocale ?? htmlLang(language);
}

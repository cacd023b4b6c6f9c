/** spec §9: the default language is English. */
export const defaultLanguage = 'en';

/** spec §1: the interface is in English and French. */
export const supportedLanguages = ['en', 'fr'] as const;
export type SupportedLanguage = (typeof supportedLanguages)[number];

/** Shared namespaces. Feature packages may add their own on top of these. */
export const namespaces = ['common', 'shell', 'errors', 'validation'] as const;
export type Namespace = (typeof namespaces)[number];

export function isSupportedLanguage(language: string): language is SupportedLanguage {
  return (supportedLanguages as readonly string[]).includes(language);
}

/** The language tag as Intl understands it, or undefined for something that is not a tag. */
function canonicalTag(language: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(language.trim().replace(/_/g, '-'))[0];
  } catch {
    return undefined;
  }
}

/**
 * The supported language to show for a requested one: `fr-CA` and `FR` give `fr`; anything the
 * product does not speak gives the default (spec §9).
 */
export function resolveLanguage(language: string): SupportedLanguage {
  const base = canonicalTag(language)?.split('-')[0]?.toLowerCase() ?? '';
  return isSupportedLanguage(base) ? base : defaultLanguage;
}

/**
 * The BCP-47 tag for `<html lang>` and for Intl formatting. A supported language keeps its region
 * (`fr-CA` stays `fr-CA`, so Intl formats the Canadian way); anything else is the default language.
 */
export function htmlLang(language: string): string {
  const tag = canonicalTag(language);
  if (tag === undefined) return defaultLanguage;
  const base = tag.split('-')[0]?.toLowerCase() ?? '';
  return isSupportedLanguage(base) ? tag : defaultLanguage;
}

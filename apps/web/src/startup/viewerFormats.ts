import { isSupportedLanguage, pickFormatLocale, setFormatLocale } from '@grandstand/i18n';
import type { i18n as I18n } from '@grandstand/i18n';

/** The browser's preferred languages, most preferred first. */
export function browserLocales(nav: Pick<Navigator, 'languages' | 'language'>): readonly string[] {
  return nav.languages?.length ? nav.languages : [nav.language];
}

/** A language alone or with a region (`en`, `fr-CA`, `en_GB`, `es-419`): Intl knows every such tag of its languages. */
const INTERFACE_TAG = /^([a-z]{2,3})(?:[-_](?:[a-z]{2}|\d{3}))?$/i;

/**
 * The locale the viewer's dates and prices are written in: the browser's first one Intl knows,
 * unless it is in one of the interface's languages (English, French), whose formats the page
 * already writes in the channel's way (and the server's first screen with them, kept as it is).
 */
export function viewerFormatLocale(locales: readonly string[]): string | null {
  // Most viewers' first language is one of the interface's, and the answer is then known without
  // asking Intl which locales it has: the first such question loads the whole list, about 50 ms of a
  // page's start in Chromium here (2026-12-07), before anything is drawn.
  const language = INTERFACE_TAG.exec(locales[0]?.trim() ?? '')?.[1];
  if (language !== undefined && isSupportedLanguage(language.toLowerCase())) return null;
  const chosen = pickFormatLocale(locales);
  return chosen === null || isSupportedLanguage(chosen.split('-')[0]!.toLowerCase()) ? null : chosen;
}

/**
 * spec §9: dates, times, numbers and prices in the viewer's own locale (`viewerFormatLocale`), the
 * interface's words staying English or French. Set before the site renders,
 * or, on a page the server rendered, once the site has taken it over (`<html data-ready>`): the
 * markup is taken over as the server wrote it (in the channel's language), then written anew.
 * The viewer's texts re-render on `languageChanged`, which the dates and prices beside them hear too.
 */
export function followViewerLocale(i18n: I18n, doc: Document, nav: Pick<Navigator, 'languages' | 'language'>, { afterTakeOver }: { afterTakeOver: boolean }): void {
  const apply = () => {
    if (setFormatLocale(viewerFormatLocale(browserLocales(nav)))) void i18n.emit('languageChanged', i18n.language);
  };
  const html = doc.documentElement;
  if (!afterTakeOver || html.dataset.ready !== undefined) {
    apply();
    return;
  }
  const ready = new MutationObserver(() => {
    if (html.dataset.ready === undefined) return;
    ready.disconnect();
    apply();
  });
  ready.observe(html, { attributes: true, attributeFilter: ['data-ready'] });
}

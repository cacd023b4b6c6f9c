import { createInstance, type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import {
  namespaces as allNamespaces,
  resolveLanguage,
  supportedLanguages,
  type Namespace,
  type SupportedLanguage,
} from './config.ts';
import { featureLoader } from './features.ts';
import { englishLoaders, type EnglishResources } from './resources.ts';

/** A language's namespaces, each loaded on its own; typed so a file missing a key fails tsc. */
type LocaleLoaders = { readonly [N in Namespace]: () => Promise<{ default: EnglishResources[N] }> };

/**
 * Loaders of every language, English included. Each import is its own chunk in the site's bundle, so
 * a language costs the viewers of another nothing, and a page that came with its texts loads none
 * (architecture: heavy things load late; spec §9: locale files are loaded on demand). The paths are
 * literal rather than `./locales/${lng}/${ns}.json` so that the published build (where tsc wraps
 * computed paths in a helper the bundler cannot read) still splits. The record's type makes each new
 * supported language add its loaders, and each file hold every English key (which the locale tests
 * check as well): no language needs another to fall back on.
 */
const localeLoaders: Readonly<Record<SupportedLanguage, LocaleLoaders>> = {
  en: englishLoaders,
  fr: {
    common: () => import('./locales/fr/common.json', { with: { type: 'json' } }),
    shell: () => import('./locales/fr/shell.json', { with: { type: 'json' } }),
    errors: () => import('./locales/fr/errors.json', { with: { type: 'json' } }),
    validation: () => import('./locales/fr/validation.json', { with: { type: 'json' } }),
  },
};

function loadLocale(language: string, namespace: string): Promise<unknown> {
  const loaders = Object.hasOwn(localeLoaders, language) ? localeLoaders[language as SupportedLanguage] : undefined;
  const loader = loaders && Object.hasOwn(loaders, namespace) ? loaders[namespace as Namespace] : undefined;
  if (!loader) return Promise.reject(new Error(`No "${namespace}" resources for language "${language}"`));
  return loader().then((module) => module.default);
}

export interface CreateI18nOptions {
  /** The channel's or the viewer's language; unsupported ones fall back to English. */
  language: string;
  /** Namespaces to load up front; all shared namespaces by default. */
  namespaces?: Namespace[];
  /**
   * Texts of `language` already at hand, by namespace (a server render's, sent with its page): they
   * are used as they are, not loaded again, and the instance may add to them. Any namespace, shared
   * or a feature's.
   */
  resources?: Readonly<Record<string, object>>;
}

/**
 * A new, fully initialised i18next instance (never the global one, so tests and server renders do
 * not share state), wired to react-i18next. Resolves once the language's resources are loaded.
 *
 * @example
 * const i18n = await createI18n({ language: settings.language });
 * root.render(<I18nProvider i18n={i18n}><App /></I18nProvider>);
 */
export async function createI18n(options: CreateI18nOptions): Promise<i18n> {
  const instance = createInstance();
  const language = resolveLanguage(options.language);
  // Feature namespaces (registerFeatureResources) first, then the shared ones.
  instance
    .use(initReactI18next)
    .use(resourcesToBackend((lng: string, namespace: string) => featureLoader(instance, lng, namespace) ?? loadLocale(lng, namespace)));
  await instance.init({
    lng: language,
    // Every supported language holds every key (localeLoaders' and FeatureNamespace's types): a
    // fallback would only load English texts a French page never shows.
    fallbackLng: false,
    supportedLngs: supportedLanguages,
    load: 'languageOnly',
    ns: options.namespaces ?? [...allNamespaces],
    defaultNS: 'common',
    resources: options.resources ? { [language]: options.resources } : {},
    // What `resources` holds is used; every other namespace goes through the backend.
    partialBundledLanguages: true,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    // No re-render when a namespace arrives: a component whose namespace is not in yet suspends
    // until it is, and one whose namespaces are in has nothing new to show. Bound to the store's
    // `added`, every mounted `useTranslation` re-rendered at once, outside any transition, for each
    // namespace a link prefetch or a lazy view loaded: the whole listing under the viewer's pointer
    // just as they clicked.
    react: { bindI18nStore: false },
  });
  return instance;
}

/** Switches an instance to another language, loading its resources first (unsupported → English). */
export async function changeLanguage(instance: i18n, language: string): Promise<void> {
  await instance.changeLanguage(resolveLanguage(language));
}

import { createInstance, type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import {
  defaultLanguage,
  namespaces as allNamespaces,
  resolveLanguage,
  supportedLanguages,
  type Namespace,
  type SupportedLanguage,
} from './config.ts';
import { englishResources } from './resources.ts';

type LocaleLoader = (namespace: string) => Promise<unknown>;

/**
 * Loaders of the non-default languages, one namespace at a time. Each template literal makes the
 * bundler emit that language's files as chunks of their own, so French costs English viewers
 * nothing (architecture: heavy things load late; spec §9: locale files are loaded on demand).
 * One loader per language rather than `./locales/${language}/…`, so the bundler's pattern does not
 * also match the English files that are bundled statically. The type makes a new supported
 * language add its loader.
 */
const localeLoaders: Record<Exclude<SupportedLanguage, typeof defaultLanguage>, LocaleLoader> = {
  fr: (namespace) => import(`./locales/fr/${namespace}.json`, { with: { type: 'json' } }),
};

function loadLocale(language: string, namespace: string): Promise<unknown> {
  if (language === defaultLanguage) return Promise.resolve(englishResources[namespace as Namespace]);
  const loader = Object.hasOwn(localeLoaders, language) ? localeLoaders[language as keyof typeof localeLoaders] : undefined;
  if (!loader) return Promise.reject(new Error(`No resources for language "${language}"`));
  return loader(namespace);
}

export interface CreateI18nOptions {
  /** The channel's or the viewer's language; unsupported ones fall back to English. */
  language: string;
  /** Namespaces to load up front; all shared namespaces by default. */
  namespaces?: Namespace[];
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
  instance.use(initReactI18next).use(resourcesToBackend(loadLocale));
  await instance.init({
    lng: resolveLanguage(options.language),
    fallbackLng: defaultLanguage,
    supportedLngs: supportedLanguages,
    load: 'languageOnly',
    ns: options.namespaces ?? [...allNamespaces],
    defaultNS: 'common',
    resources: { [defaultLanguage]: englishResources },
    // English is bundled; every other language goes through the backend.
    partialBundledLanguages: true,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnEmptyString: false,
  });
  return instance;
}

/** Switches an instance to another language, loading its resources first (unsupported → English). */
export async function changeLanguage(instance: i18n, language: string): Promise<void> {
  await instance.changeLanguage(resolveLanguage(language));
}

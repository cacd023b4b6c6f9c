import type { i18n } from 'i18next';
import { defaultLanguage, type SupportedLanguage } from './config.ts';

/**
 * The resources of each feature package, by namespace. A feature adds its own through declaration
 * merging, which types its `t()` calls like the shared namespaces:
 *
 * @example
 * declare module '@grandstand/i18n' {
 *   interface FeatureResources { events: typeof import('./locales/en.json') }
 * }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FeatureResources {}

type OtherLanguage = Exclude<SupportedLanguage, typeof defaultLanguage>;

/** Loads one language's texts of a feature: a dynamic import of its JSON, its own chunk. */
export type FeatureTextsLoader<T extends object = object> = () => Promise<{ default: T }>;

/**
 * A feature's namespace: English as a lazy chunk like every other language (a page the server
 * rendered brings the texts it shows, so the site's start carries none), or, for a package used
 * without a server render, bundled with the feature.
 */
export interface FeatureNamespace<T extends object = object> {
  namespace: string;
  en: T | FeatureTextsLoader<T>;
  /** One loader per non-default language; the record's type makes a new language add its loader. */
  loaders: Readonly<Record<OtherLanguage, () => Promise<{ default: T }>>>;
}

const registries = new WeakMap<i18n, Map<string, FeatureNamespace>>();

function englishOf(feature: FeatureNamespace): Promise<object> {
  const { en } = feature;
  return typeof en === 'function' ? (en as FeatureTextsLoader)().then((module) => module.default) : Promise.resolve(en);
}

/** The loader the instance's backend consults for namespaces that are not the shared ones. */
export function featureLoader(instance: i18n, language: string, namespace: string): Promise<unknown> | undefined {
  const feature = registries.get(instance)?.get(namespace);
  if (!feature) return undefined;
  if (language === defaultLanguage) return englishOf(feature);
  const loader = Object.hasOwn(feature.loaders, language) ? feature.loaders[language as OtherLanguage] : undefined;
  return loader ? loader().then((module) => module.default) : Promise.reject(new Error(`No "${namespace}" resources for "${language}"`));
}

/**
 * Adds a feature's namespace to an instance: the current language's texts (and later, on a language
 * change, the new one's) through the same on-demand backend as the shared namespaces, unless the
 * instance was given them (createI18n's `resources`). Resolves when they are there. With `preload: false` nothing
 * is fetched now: the first view that asks for the namespace loads it (react-i18next suspends until
 * then), so a route that never shows the feature never pays for its other languages.
 *
 * @example
 * await registerFeatureResources(i18n, eventsNamespace);
 * void registerFeatureResources(i18n, watchNamespace, { preload: false });
 */
export function registerFeatureResources(instance: i18n, feature: FeatureNamespace, options: { preload?: boolean } = {}): Promise<void> {
  let registry = registries.get(instance);
  if (!registry) {
    registry = new Map();
    registries.set(instance, registry);
  }
  registry.set(feature.namespace, feature);
  // Loading would put the namespace on the instance's list, which every language change loads;
  // without preload the backend serves it when a view first asks.
  if (options.preload === false) return Promise.resolve();
  // Through the backend, as any namespace: nothing when the instance was given its texts already.
  return instance.loadNamespaces(feature.namespace);
}

/** A typed descriptor for a feature's namespace (identity at run time). */
export function defineFeatureNamespace<T extends object>(feature: FeatureNamespace<T>): FeatureNamespace<T> {
  return feature;
}

import { defineFeatureNamespace } from '@grandstand/i18n';

const loadEnglish = () => import('./locales/en.json', { with: { type: 'json' } });
type WatchTexts = Awaited<ReturnType<typeof loadEnglish>>['default'];

declare module '@grandstand/i18n' {
  interface FeatureResources {
    watch: WatchTexts;
  }
}

/**
 * The watch page's texts, English and French each a lazy chunk (registered by the site): a watch
 * page the server rendered brings them, and a link to one starts loading them with its code.
 */
export const watchNamespace = defineFeatureNamespace<WatchTexts>({
  namespace: 'watch',
  en: loadEnglish,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

import { defineFeatureNamespace } from '@grandstand/i18n';

const loadEnglish = () => import('./locales/en.json', { with: { type: 'json' } });
type VodLibraryTexts = Awaited<ReturnType<typeof loadEnglish>>['default'];

/**
 * The `vodLibrary` texts (the library, an item's player or access panel, the search page), English
 * and French each a lazy chunk: only those pages show them. The site registers it with `preload: false`.
 */
export const vodLibraryNamespace = defineFeatureNamespace<VodLibraryTexts>({
  namespace: 'vodLibrary',
  en: loadEnglish,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

declare module '@grandstand/i18n' {
  interface FeatureResources {
    vodLibrary: VodLibraryTexts;
  }
}

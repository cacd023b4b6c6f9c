import { defineFeatureNamespace } from '@grandstand/i18n';

const loadEnglish = () => import('./locales/en.json', { with: { type: 'json' } });
type ClipsLibraryTexts = Awaited<ReturnType<typeof loadEnglish>>['default'];

/**
 * The `clipsLibrary` texts (the profile's clips, an event's clips, the share page), English and
 * French each a lazy chunk: only those pages show them. The site registers it with `preload: false`.
 */
export const clipsLibraryNamespace = defineFeatureNamespace<ClipsLibraryTexts>({
  namespace: 'clipsLibrary',
  en: loadEnglish,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

declare module '@grandstand/i18n' {
  interface FeatureResources {
    clipsLibrary: ClipsLibraryTexts;
  }
}

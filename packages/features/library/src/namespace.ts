import { defineFeatureNamespace } from '@grandstand/i18n';

const loadEnglish = () => import('./locales/en.json', { with: { type: 'json' } });
type LibraryTexts = Awaited<ReturnType<typeof loadEnglish>>['default'];

declare module '@grandstand/i18n' {
  interface FeatureResources {
    library: LibraryTexts;
  }
}

/**
 * The `library` texts, English and French each a lazy chunk: only the control room's library and
 * prerolls screens show them. Register it with `{ preload: false }`.
 */
export const libraryNamespace = defineFeatureNamespace<LibraryTexts>({
  namespace: 'library',
  en: loadEnglish,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

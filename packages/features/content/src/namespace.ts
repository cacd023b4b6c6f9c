import { defineFeatureNamespace } from '@grandstand/i18n';

const loadEnglish = () => import('./locales/en.json', { with: { type: 'json' } });
type ContentTexts = Awaited<ReturnType<typeof loadEnglish>>['default'];

/**
 * The `content` texts, English and French each a lazy chunk: no first page needs the FAQ, about or
 * contacts pages, so the home route does not carry them. apps/web registers it with `preload: false`.
 */
export const contentNamespace = defineFeatureNamespace<ContentTexts>({
  namespace: 'content',
  en: loadEnglish,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

declare module '@grandstand/i18n' {
  interface FeatureResources {
    content: ContentTexts;
  }
}

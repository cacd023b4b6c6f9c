import { defineFeatureNamespace } from '@grandstand/i18n';

const loadEnglish = () => import('./locales/en.json', { with: { type: 'json' } });

type VodTexts = Awaited<ReturnType<typeof loadEnglish>>['default'];

/**
 * The `vod` texts: the header's search box and its suggestions, on every page. English and French
 * are each a lazy chunk: a page the server rendered brings the texts it shows, so the site's start
 * carries none. apps/web registers it preloaded, as `favourites`.
 */
export const vodNamespace = defineFeatureNamespace<VodTexts>({
  namespace: 'vod',
  en: loadEnglish,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

declare module '@grandstand/i18n' {
  interface FeatureResources {
    vod: VodTexts;
  }
}

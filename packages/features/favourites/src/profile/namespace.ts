import { defineFeatureNamespace } from '@grandstand/i18n';

const loadEnglish = () => import('./locales/en.json', { with: { type: 'json' } });
type FavouritesProfileTexts = Awaited<ReturnType<typeof loadEnglish>>['default'];

/**
 * The `favouritesProfile` texts (the profile's favourites and calendar address), English and French
 * each a lazy chunk: only that page shows them. The site registers it with `preload: false`.
 */
export const favouritesProfileNamespace = defineFeatureNamespace<FavouritesProfileTexts>({
  namespace: 'favouritesProfile',
  en: loadEnglish,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

declare module '@grandstand/i18n' {
  interface FeatureResources {
    favouritesProfile: FavouritesProfileTexts;
  }
}

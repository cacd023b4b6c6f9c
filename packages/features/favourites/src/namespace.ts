import { defineFeatureNamespace } from '@grandstand/i18n';

const loadEnglish = () => import('./locales/en.json', { with: { type: 'json' } });

type FavouritesTexts = Awaited<ReturnType<typeof loadEnglish>>['default'];

/**
 * The `favourites` texts: the follow control, its login prompt and toasts, the profile link. A
 * visitor sees the follow control on the home page; English and French are each a lazy chunk all the
 * same, since a page the server rendered brings the texts it shows. apps/web registers it as it does
 * `events` (preloaded).
 */
export const favouritesNamespace = defineFeatureNamespace<FavouritesTexts>({
  namespace: 'favourites',
  en: loadEnglish,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

declare module '@grandstand/i18n' {
  interface FeatureResources {
    favourites: FavouritesTexts;
  }
}

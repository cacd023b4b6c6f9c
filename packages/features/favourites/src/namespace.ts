import { defineFeatureNamespace } from '@grandstand/i18n';
import en from './locales/en.json' with { type: 'json' };

type FavouritesTexts = typeof en;

/**
 * The `favourites` texts: the follow control, its login prompt and toasts, the profile link. English
 * is bundled with the entry (a few lines), because a visitor sees the follow control on the home
 * page, which must load no favourites chunk; French is a lazy chunk like every other language.
 * apps/web registers it as it does `events` (preloaded).
 */
export const favouritesNamespace = defineFeatureNamespace<FavouritesTexts>({
  namespace: 'favourites',
  en,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

declare module '@grandstand/i18n' {
  interface FeatureResources {
    favourites: FavouritesTexts;
  }
}

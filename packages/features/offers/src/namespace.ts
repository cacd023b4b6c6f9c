import { defineFeatureNamespace } from '@grandstand/i18n';

const loadEnglish = () => import('./locales/en.json', { with: { type: 'json' } });
type OffersTexts = Awaited<ReturnType<typeof loadEnglish>>['default'];

declare module '@grandstand/i18n' {
  interface FeatureResources {
    offers: OffersTexts;
  }
}

/**
 * The `offers` texts, English and French each a lazy chunk: only the control room's offers and
 * promo codes screens show them. Register it with `{ preload: false }`; the views ask for their texts when they render.
 */
export const offersNamespace = defineFeatureNamespace<OffersTexts>({
  namespace: 'offers',
  en: loadEnglish,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

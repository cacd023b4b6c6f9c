import { defineFeatureNamespace } from '@grandstand/i18n';

const loadEnglish = () => import('./locales/en.json', { with: { type: 'json' } });
type SupportTexts = Awaited<ReturnType<typeof loadEnglish>>['default'];

declare module '@grandstand/i18n' {
  interface FeatureResources {
    support: SupportTexts;
  }
}

/**
 * The `support` texts, English and French each a lazy chunk: only the control room's orders and
 * viewers show them. Register it with `{ preload: false }`; the views ask for their texts when they render.
 */
export const supportNamespace = defineFeatureNamespace<SupportTexts>({
  namespace: 'support',
  en: loadEnglish,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

import { defineFeatureNamespace } from '@grandstand/i18n';

const loadEnglish = () => import('./locales/en.json', { with: { type: 'json' } });
type EngagementTexts = Awaited<ReturnType<typeof loadEnglish>>['default'];

declare module '@grandstand/i18n' {
  interface FeatureResources {
    engagement: EngagementTexts;
  }
}

/**
 * The `engagement` texts, English and French each a lazy chunk: only the control room's polls and
 * popups screens show them. Register it with `{ preload: false }`; the views ask for their texts when they render.
 */
export const engagementNamespace = defineFeatureNamespace<EngagementTexts>({
  namespace: 'engagement',
  en: loadEnglish,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

import { defineFeatureNamespace } from '@grandstand/i18n';

const loadEnglish = () => import('./locales/en.json', { with: { type: 'json' } });
type ReportsTexts = Awaited<ReturnType<typeof loadEnglish>>['default'];

declare module '@grandstand/i18n' {
  interface FeatureResources {
    reports: ReportsTexts;
  }
}

/**
 * The `reports` texts, English and French each a lazy chunk: only the control room's reports show
 * them. Register it with `{ preload: false }`; the views ask for their texts when they render.
 */
export const reportsNamespace = defineFeatureNamespace<ReportsTexts>({
  namespace: 'reports',
  en: loadEnglish,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

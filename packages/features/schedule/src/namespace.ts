import { defineFeatureNamespace } from '@grandstand/i18n';

const loadEnglish = () => import('./locales/en.json', { with: { type: 'json' } });
type ScheduleTexts = Awaited<ReturnType<typeof loadEnglish>>['default'];

declare module '@grandstand/i18n' {
  interface FeatureResources {
    schedule: ScheduleTexts;
  }
}

/**
 * The `schedule` texts, English and French each a lazy chunk: only the control room's events screens
 * show them. Register it with `{ preload: false }`; the views ask for their texts when they render.
 */
export const scheduleNamespace = defineFeatureNamespace<ScheduleTexts>({
  namespace: 'schedule',
  en: loadEnglish,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

import { defineFeatureNamespace } from '@grandstand/i18n';

const loadEnglish = () => import('./locales/en.json', { with: { type: 'json' } });
type EventsTexts = Awaited<ReturnType<typeof loadEnglish>>['default'];

declare module '@grandstand/i18n' {
  interface FeatureResources {
    events: EventsTexts;
  }
}

/**
 * The `events` texts, English and French each a lazy chunk: a page the server rendered brings the
 * texts it shows, so the site's start carries none. apps/web registers it preloaded.
 */
export const eventsNamespace = defineFeatureNamespace<EventsTexts>({
  namespace: 'events',
  en: loadEnglish,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

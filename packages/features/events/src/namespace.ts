import { defineFeatureNamespace } from '@grandstand/i18n';
import en from './locales/en.json' with { type: 'json' };

declare module '@grandstand/i18n' {
  interface FeatureResources {
    events: typeof en;
  }
}

/** The `events` texts: English bundled, French a lazy chunk (registered by the site). */
export const eventsNamespace = defineFeatureNamespace({
  namespace: 'events',
  en,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

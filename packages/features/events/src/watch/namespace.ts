import { defineFeatureNamespace } from '@grandstand/i18n';
import en from './locales/en.json' with { type: 'json' };

declare module '@grandstand/i18n' {
  interface FeatureResources {
    watch: typeof en;
  }
}

/** The watch page's texts: English bundled, French a lazy chunk (registered by the site). */
export const watchNamespace = defineFeatureNamespace({
  namespace: 'watch',
  en,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

import { defineFeatureNamespace } from '@grandstand/i18n';
import en from './locales/en.json' with { type: 'json' };

/**
 * The `content` texts: English bundled, French a lazy chunk. apps/web registers it with
 * `registerFeatureResources(i18n, contentNamespace)`.
 */
export const contentNamespace = defineFeatureNamespace({
  namespace: 'content',
  en,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

declare module '@grandstand/i18n' {
  interface FeatureResources {
    content: typeof en;
  }
}

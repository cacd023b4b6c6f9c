import { defineFeatureNamespace } from '@grandstand/i18n';
import en from './locales/en.json' with { type: 'json' };

/**
 * The `profile` texts (orders, transactions, the billing portal): English bundled, French a lazy
 * chunk. apps/web registers it with `registerFeatureResources(i18n, profileNamespace)`.
 */
export const profileNamespace = defineFeatureNamespace({
  namespace: 'profile',
  en,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

declare module '@grandstand/i18n' {
  interface FeatureResources {
    profile: typeof en;
  }
}

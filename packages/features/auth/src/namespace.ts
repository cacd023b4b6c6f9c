import { defineFeatureNamespace } from '@grandstand/i18n';
import en from './locales/en.json' with { type: 'json' };

/**
 * The `auth` texts: English bundled, French a lazy chunk. apps/web registers it with
 * `registerFeatureResources(i18n, authNamespace)`. The spec §5 messages live in `validation`.
 */
export const authNamespace = defineFeatureNamespace({
  namespace: 'auth',
  en,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

declare module '@grandstand/i18n' {
  interface FeatureResources {
    auth: typeof en;
  }
}
